import { describe, expect, it } from 'vitest';
import { LATENCY, latencyStep, rateStep, showsBehind } from './latency-control.ts';

const at = (errorS: number, over: Partial<Parameters<typeof latencyStep>[0]> = {}) =>
  latencyStep({
    errorS,
    currentTime: 100,
    bufferedEnd: 120,
    afterStall: false,
    jumpWaitedMs: 0,
    correcting: false,
    ...over,
  });

describe('latencyStep: holding a live fan at the target distance', () => {
  it('leaves a fan within the band alone, and settles inside it once correcting', () => {
    expect(at(0.2)).toEqual({ kind: 'rate', rate: 1 });
    expect(at(-0.2)).toEqual({ kind: 'rate', rate: 1 });
    // Already correcting: keeps going until within the settle band (no hunting at the edge of it).
    expect(at(0.2, { correcting: true })).toEqual({ kind: 'rate', rate: 1.02 });
    expect(at(0.04, { correcting: true })).toEqual({ kind: 'rate', rate: 1 });
  });

  it('closes drift by rate in small steps, never beyond 0.95..1.05', () => {
    expect(at(0.3)).toEqual({ kind: 'rate', rate: 1.03 });
    expect(at(3)).toEqual({ kind: 'rate', rate: LATENCY.maxRate });
    expect(at(-0.3)).toEqual({ kind: 'rate', rate: 0.97 });
    expect(at(-3)).toEqual({ kind: 'rate', rate: LATENCY.minRate });
  });

  it('never plays faster with less than 0.4 s buffered ahead (it would stall); an LL-HLS buffer is enough', () => {
    expect(at(2, { bufferedEnd: 100.3 })).toEqual({ kind: 'rate', rate: 1 });
    expect(at(-2, { bufferedEnd: 100.3 })).toEqual({ kind: 'rate', rate: LATENCY.minRate });
    expect(at(2, { bufferedEnd: 100.9 })).toEqual({ kind: 'rate', rate: LATENCY.maxRate });
  });

  it('jumps to the target beyond 3.5 s, once the landing place is buffered', () => {
    expect(at(10)).toEqual({ kind: 'jump', to: 110 });
    expect(at(10, { bufferedEnd: 105 })).toEqual({ kind: 'wait-jump' });
    expect(at(10, { bufferedEnd: 105, jumpWaitedMs: LATENCY.jumpWaitMs })).toEqual({ kind: 'jump', to: 110 });
    // Ahead of the target by that much (the edge moved back): back at once.
    expect(at(-4)).toEqual({ kind: 'jump', to: 96 });
  });

  it('after a stall, jumps what the rate could not close soon (the picture just froze anyway)', () => {
    expect(at(1.5)).toEqual({ kind: 'rate', rate: 1.05 });
    expect(at(1.5, { afterStall: true })).toEqual({ kind: 'jump', to: 101.5 });
    expect(at(0.8, { afterStall: true })).toEqual({ kind: 'rate', rate: LATENCY.maxRate });
  });
});

describe('rateStep: what plays while a jump waits out the cooldown of the last one', () => {
  it('closes in at the fastest rate the buffer allows, not at 1', () => {
    const input = {
      currentTime: 100,
      bufferedEnd: 102.2,
      afterStall: true,
      jumpWaitedMs: 0,
      correcting: false,
    };
    // The jump after a stall landed 1.3 s short: a second one is due, and meanwhile the rate works.
    expect(latencyStep({ ...input, errorS: 1.3 })).toEqual({ kind: 'jump', to: 101.3 });
    expect(rateStep({ ...input, errorS: 1.3 })).toEqual({ kind: 'rate', rate: LATENCY.maxRate });
    expect(rateStep({ ...input, errorS: 1.3, bufferedEnd: 100.3 })).toEqual({ kind: 'rate', rate: 1 });
    expect(rateStep({ ...input, errorS: -1.3 })).toEqual({ kind: 'rate', rate: LATENCY.minRate });
  });
});

describe('showsBehind: the LIVE control says the delay', () => {
  it('once the fan is 1.5 s or more past the target', () => {
    expect(showsBehind(null)).toBe(false);
    expect(showsBehind({ behindS: 7.2, targetS: 6.5 })).toBe(false);
    expect(showsBehind({ behindS: 18, targetS: 6.5 })).toBe(true);
  });
});
