import { describe, expect, it } from 'vitest';
import { nextTickDelay } from './use-now.ts';

describe('nextTickDelay', () => {
  it('ticks on the interval boundaries and lands a tick on the deadline itself', () => {
    expect(nextTickDelay(10_100, 20_000, 1000)).toBe(900);
    expect(nextTickDelay(19_600, 20_000, 1000)).toBe(400);
    expect(nextTickDelay(19_950, 20_000, 250)).toBe(50);
  });

  it('stops only once a tick is at or past the deadline, never one tick short', () => {
    let t = 0;
    const ticks: number[] = [];
    // A busy page: every tick fires 180 ms late.
    for (let delay = nextTickDelay(t, 2_000, 250); delay !== null; delay = nextTickDelay(t, 2_000, 250)) {
      t += delay + 180;
      ticks.push(t);
    }
    expect(ticks.at(-1)).toBeGreaterThanOrEqual(2_000);
    expect(nextTickDelay(2_000, 2_000, 250)).toBeNull();
  });
});
