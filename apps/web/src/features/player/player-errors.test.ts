import { describe, expect, it } from 'vitest';
import { errorOutcome, hlsErrorMessage, shakaErrorMessage } from './player-errors.ts';

describe('player error catalogue (PLY-44 to PLY-46)', () => {
  it('maps the catalogue messages', () => {
    expect(errorOutcome('Error during license server request')).toBe('licence-refresh');
    expect(errorOutcome('Could not load the manifest file. Network error')).toBe('ignore');
    expect(errorOutcome('GET /thor/video/drm/ failed: 409')).toBe('drm-dialog');
    expect(errorOutcome('bufferAppendError')).toBe('video-load-failed');
  });

  it('names hls.js key and manifest errors as the catalogue does', () => {
    expect(errorOutcome(hlsErrorMessage('keyLoadError'))).toBe('licence-refresh');
    expect(errorOutcome(hlsErrorMessage('manifestLoadError'))).toBe('ignore');
    expect(errorOutcome(hlsErrorMessage('fragParsingError', 'Failed to find demuxer'))).toBe(
      'video-load-failed',
    );
  });

  it('names Shaka Player licence and manifest errors as the catalogue does (the DASH path)', () => {
    expect(errorOutcome(shakaErrorMessage(6007, 6))).toBe('licence-refresh');
    expect(errorOutcome(shakaErrorMessage(6014, 6))).toBe('licence-refresh');
    expect(errorOutcome(shakaErrorMessage(4001, 4))).toBe('ignore');
    expect(errorOutcome(shakaErrorMessage(3016, 3))).toBe('video-load-failed');
  });
});
