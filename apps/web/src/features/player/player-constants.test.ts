import { describe, expect, it } from 'vitest';
import { FULLSCREEN_TARGET_ID } from './hooks/use-fullscreen.ts';
import { MULTIVIEW, PLAYER } from './player-constants.ts';

// The spec's numbers (viewing section 9) as the player uses them: each constant below is read by the
// code named next to it, so a change of either shows here.
describe('player constants of viewing section 9', () => {
  it('starts 200 ms after a source loads (PLY-02: use-player.ts)', () => {
    expect(PLAYER.startDelayMs).toBe(200);
  });

  it('buffers 2 s from the end with a target of 20 s (PLY-05: hls-session.ts)', () => {
    expect([PLAYER.secondsFromBufferedEnd, PLAYER.targetBuffer]).toEqual([2, 20]);
  });

  it('handles time updates at most once a second (PLY-20: use-player.ts)', () => {
    expect(PLAYER.timeUpdateMs).toBe(1000);
  });

  it('sizes the scrubber dot 18 on handhelds, 12 otherwise (PLY-19: control-bar.tsx)', () => {
    expect([PLAYER.scrubberDotHandheld, PLAYER.scrubberDot]).toEqual([18, 12]);
  });

  it('restarts playback 600 ms after iOS native full screen ends (PLY-25: use-fullscreen.ts)', () => {
    expect(PLAYER.iosRestartMs).toBe(600);
  });

  it('targets #primaryViewer for full screen (LAY-05: viewer-page.tsx)', () => {
    expect(FULLSCREEN_TARGET_ID).toBe('primaryViewer');
  });
});

describe('multiview timings and frame', () => {
  it('places boxes on a 1920x1080 frame, 400 ms after opening (MV-18, MV-19: multiview-overlay.tsx)', () => {
    expect([MULTIVIEW.frameWidth, MULTIVIEW.frameHeight, MULTIVIEW.boxesDelayMs]).toEqual([1920, 1080, 400]);
  });

  it('closes the overlay and the pip dropdown 100 ms after a choice (MV-20, MV-23)', () => {
    expect([MULTIVIEW.closeDelayMs, MULTIVIEW.dropdownCloseMs]).toEqual([100, 100]);
  });
});
