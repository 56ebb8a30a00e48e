import { TALLY_TIMINGS_MS } from '@encore/contract';
import { describe, expect, it } from 'vitest';
import { isLit, retarget, settled, tallyValue } from './tally-tween.ts';

describe('global tally count-up (CHR-21)', () => {
  it('uses update 250 ms, tween 500 ms, duration 1000 ms', () => {
    expect(TALLY_TIMINGS_MS).toEqual({ update: 250, tween: 500, duration: 1000 });
  });

  it('runs up from the number shown to the new count over the tween, in 250 ms updates', () => {
    const a = retarget(settled(100), 200, 1000);
    expect(tallyValue(a, 1000)).toBe(100);
    expect(tallyValue(a, 1000 + TALLY_TIMINGS_MS.update)).toBe(150);
    expect(tallyValue(a, 1000 + TALLY_TIMINGS_MS.tween)).toBe(200);
    expect(tallyValue(a, 5000)).toBe(200);
  });

  it('a new count mid-way runs on from what is shown; it stays lit for the duration', () => {
    const a = retarget(settled(0), 100, 0);
    const b = retarget(a, 300, 250);
    expect(b.from).toBe(50);
    expect(tallyValue(b, 500)).toBe(175);
    expect(isLit(b, 250 + 999)).toBe(true);
    expect(isLit(b, 250 + TALLY_TIMINGS_MS.duration)).toBe(false);
    expect(isLit(settled(5), 10)).toBe(false);
  });
});
