import { describe, expect, it } from 'vitest';
import { FRESH_TIMELINE_SECONDS, showClock } from './show-clock.ts';

// One show clock across angles: a program date-time is the publish moment plus the feed's own time.
describe('show clock', () => {
  const publishedAt = Date.parse('2026-11-25T02:00:00.000Z');

  it('dates every segment from the publish moment and the feed timestamps, never from when it was seen', () => {
    const clock = showClock(publishedAt);
    expect(clock.dateOf(0)).toBe(publishedAt);
    expect(clock.dateOf(1.966)).toBe(publishedAt + 1966);
    // Consecutive segments are exactly their durations apart, whatever the order they are asked in.
    expect(clock.dateOf(6.0)).toBe(publishedAt + 6000);
    expect(clock.dateOf(4.033)).toBe(publishedAt + 4033);
  });

  it('a packager that joined late (first segment at 0.4 s of a fresh feed) still dates from the publish', () => {
    const clock = showClock(publishedAt);
    expect(clock.dateOf(0.4)).toBe(publishedAt + 400);
    expect(clock.dateOf(2.4)).toBe(publishedAt + 2400);
  });

  it('two angles published at different moments agree on the moment of the same wall-clock instant', () => {
    // Angle 2's encoder published 730 ms after angle 1's: the picture taken at one instant has feed
    // time t on angle 1 and t - 0.73 on angle 2, and the same program date-time on both.
    const one = showClock(publishedAt);
    const two = showClock(publishedAt + 730);
    expect(two.dateOf(9.27)).toBe(one.dateOf(10));
  });

  it('a sync offset moves the whole angle: an operator dates a slower encoder later', () => {
    const late = showClock(publishedAt + 250);
    expect(late.dateOf(2)).toBe(publishedAt + 2250);
  });

  it('a feed whose timeline did not start at its publish (a relay) is anchored at its first timestamp', () => {
    const relay = showClock(publishedAt);
    const first = FRESH_TIMELINE_SECONDS + 3600.5;
    expect(relay.dateOf(first)).toBe(publishedAt);
    expect(relay.dateOf(first + 2)).toBe(publishedAt + 2000);
  });
});
