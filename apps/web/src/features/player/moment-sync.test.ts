import { describe, expect, it } from 'vitest';
import { MOMENT_SYNC, switchStart, syncStep } from './moment-sync.ts';

describe('syncStep: closing the gap to the kept moment after an angle switch', () => {
  it('is done within the tolerance', () => {
    expect(syncStep(0.03, 10, 20)).toEqual({ kind: 'done' });
    expect(syncStep(-0.05, 10, 20)).toEqual({ kind: 'done' });
  });

  it('plays faster when behind and slower when ahead, within the rate bounds', () => {
    expect(syncStep(0.2, 10, 20)).toEqual({ kind: 'rate', rate: 1 + 0.2 * MOMENT_SYNC.gain });
    expect(syncStep(1.2, 10, 20)).toEqual({ kind: 'rate', rate: MOMENT_SYNC.maxRate });
    expect(syncStep(-0.1, 10, 20)).toEqual({ kind: 'rate', rate: 1 - 0.1 * MOMENT_SYNC.gain });
    expect(syncStep(-1, 10, 20)).toEqual({ kind: 'rate', rate: MOMENT_SYNC.minRate });
  });

  it('seeks across a large gap only when the target is buffered', () => {
    expect(syncStep(3, 10, 20)).toEqual({ kind: 'seek', to: 13 });
    expect(syncStep(-3, 10, 20)).toEqual({ kind: 'seek', to: 7 });
    // Not buffered that far: catching up by rate never stalls the picture.
    expect(syncStep(3, 10, 12)).toEqual({ kind: 'rate', rate: MOMENT_SYNC.maxRate });
  });

  it('never plays faster with less than a second buffered ahead', () => {
    expect(syncStep(0.5, 10, 10.5)).toEqual({ kind: 'rate', rate: 1 });
    expect(syncStep(-0.5, 10, 10.5)).toEqual({ kind: 'rate', rate: MOMENT_SYNC.minRate });
  });
});

describe('switchStart: where the other angle starts (issue 27)', () => {
  const T0 = Date.parse('2026-11-28T03:28:00Z');
  // A replay of 120 s from Go live: angle 2's encoder dropped from 50 s to 60 s (gap fragments, each
  // with its program date), so both angles list 1 s fragments from T0 and span the same time.
  const replay = Array.from({ length: 120 }, (_, i) => ({ start: i, programDateTime: T0 + i * 1000 }));

  it('a replay switch at 60 s lands at 60 s (it restarted at 0:00 before: the moment was ignored on demand)', () => {
    expect(switchStart(replay, T0 + 60_000, { live: false, edge: 120, duration: 120 })).toBe(60);
    // A moment past the replay's end (an angle of another length): hls.js keeps its own start.
    expect(switchStart(replay, T0 + 877_500, { live: false, edge: 120, duration: 120 })).toBeNull();
  });

  it("a moment inside the other angle's gap starts there (the player then shows the gap, not 0:00)", () => {
    expect(switchStart(replay, T0 + 55_250, { live: false, edge: 120, duration: 120 })).toBeCloseTo(55.25, 5);
  });

  it('live: only short of the edge; before the window, the player keeps its own start', () => {
    expect(switchStart(replay, T0 + 100_000, { live: true, edge: 117, duration: 120 })).toBe(100);
    expect(switchStart(replay, T0 + 116_800, { live: true, edge: 117, duration: 120 })).toBeNull();
    expect(switchStart(replay, T0 - 5000, { live: true, edge: 117, duration: 120 })).toBeNull();
  });
});
