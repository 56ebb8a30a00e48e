import { describe, expect, it } from 'vitest';
import { MOMENT_SYNC, syncStep } from './moment-sync.ts';

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
