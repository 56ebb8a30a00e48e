import { describe, expect, it } from 'vitest';
import { errorOutcome, hlsErrorMessage } from './player-errors.ts';

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
});
