import { describe, expect, it } from 'vitest';
import { bannerHint, cannotKeepUp, type NetworkInputs } from './network-quality.ts';

const levels = [
  { height: 1080, bitrate: 4_200_000 },
  { height: 720, bitrate: 2_700_000 },
  { height: 360, bitrate: 800_000 },
];
const calm = { stalled: false, longStall: false, starved: false, recentStalls: 0 };
const base: NetworkInputs = {
  chosen: -1,
  levels,
  playing: 1,
  estimateBps: 6_000_000,
  stalls: calm,
  online: true,
  standby: false,
};

describe('the low-bandwidth banner, measured (PLY-48, issue 26)', () => {
  it('shows when a level chosen by hand needs more than the estimate', () => {
    expect(cannotKeepUp({ ...base, chosen: 0, playing: 0, estimateBps: 3_000_000 })).toBe(true);
    expect(cannotKeepUp({ ...base, chosen: 1, playing: 1, estimateBps: 3_000_000 })).toBe(false);
  });

  it('shows on Auto when the estimate is below the lowest rung', () => {
    expect(cannotKeepUp({ ...base, playing: 2, estimateBps: 500_000 })).toBe(true);
    expect(cannotKeepUp({ ...base, playing: 2, estimateBps: 900_000 })).toBe(false);
  });

  it('shows when the picture starves on a network slower than the level playing', () => {
    const long = { stalled: true, longStall: true, starved: false, recentStalls: 1 };
    const twice = { stalled: false, longStall: false, starved: false, recentStalls: 2 };
    expect(cannotKeepUp({ ...base, playing: 1, estimateBps: 1_500_000, stalls: long })).toBe(true);
    expect(cannotKeepUp({ ...base, playing: 2, estimateBps: 790_000, stalls: twice })).toBe(true);
    // One short stall is not starvation.
    const once = { stalled: true, longStall: false, starved: false, recentStalls: 1 };
    expect(cannotKeepUp({ ...base, playing: 1, estimateBps: 1_500_000, stalls: once })).toBe(false);
    // A stall on a fast network is not the network's (the stage feed paused, a part a moment late).
    expect(cannotKeepUp({ ...base, playing: 1, estimateBps: 6_000_000, stalls: long })).toBe(false);
  });

  it('shows when the picture has starved for 6 s whatever the estimate (hls.js has no sample yet)', () => {
    const starved = { stalled: true, longStall: true, starved: true, recentStalls: 1 };
    expect(cannotKeepUp({ ...base, playing: 0, estimateBps: 5_000_000, stalls: starved })).toBe(true);
    expect(cannotKeepUp({ ...base, playing: 0, stalls: starved, online: false })).toBe(false);
    expect(cannotKeepUp({ ...base, playing: 0, stalls: starved, standby: true })).toBe(false);
  });

  it('never shows offline or under the show’s slate', () => {
    const starving = { ...base, chosen: 0, playing: 0, estimateBps: 100_000 };
    expect(cannotKeepUp(starving)).toBe(true);
    expect(cannotKeepUp({ ...starving, online: false })).toBe(false);
    expect(cannotKeepUp({ ...starving, standby: true })).toBe(false);
  });

  it('offers Auto on a chosen level, says Auto is on otherwise, and offers nothing without Auto (4K)', () => {
    expect(bannerHint(0, true)).toBe('set-auto');
    expect(bannerHint(-1, true)).toBe('auto-on');
    expect(bannerHint(0, false)).toBeNull();
  });
});
