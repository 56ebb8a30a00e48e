import { describe, expect, it } from 'vitest';
import { startsInClock } from './start-countdown.tsx';

describe('the viewer countdown to the start (issue 26)', () => {
  it('reads as a clock: minutes and seconds under an hour, hours above', () => {
    expect(startsInClock(12 * 60_000 + 34_000)).toBe('12:34');
    expect(startsInClock(999)).toBe('00:01');
    expect(startsInClock(3_723_000)).toBe('1:02:03');
    expect(startsInClock(26 * 3_600_000)).toBe('26:00:00');
  });

  it('reaches zero at the start and not below', () => {
    expect(startsInClock(0)).toBe('00:00');
    expect(startsInClock(-5_000)).toBe('00:00');
  });
});
