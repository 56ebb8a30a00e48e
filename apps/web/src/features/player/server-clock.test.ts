import { describe, expect, it } from 'vitest';
import { createServerClock, dateHeaderWindow, mpdUtcTiming } from './server-clock.ts';

describe('the origin clock from the responses the player loads anyway', () => {
  it('is the device clock before any response', () => {
    const clock = createServerClock(() => 1_000);
    expect(clock.offset()).toBe(0);
    expect(clock.now()).toBe(1_000);
    expect(clock.uncertainty()).toBe(Number.POSITIVE_INFINITY);
  });

  it('narrows whole-second Date headers to about a round trip over responses at many phases', () => {
    // The server runs 2,345 ms ahead of the device; round trips of 20 ms at every phase of a second.
    const trueOffset = 2_345;
    const clock = createServerClock();
    for (let i = 0; i < 60; i++) {
      const sent = 1_700_000_000_000 + i * 1_370;
      const served = sent + 10 + trueOffset;
      const header = new Date(Math.floor(served / 1000) * 1000).toUTCString();
      const w = dateHeaderWindow(header);
      if (w) clock.sample(w[0], w[1], sent, sent + 20);
    }
    expect(Math.abs(clock.offset() - trueOffset)).toBeLessThan(25);
    expect(clock.uncertainty()).toBeLessThanOrEqual(50);
  });

  it('follows a clock that moved: windows that no longer overlap leave the newest', () => {
    const clock = createServerClock();
    clock.sample(10_000, 10_000, 0, 10);
    clock.sample(70_000, 70_000, 1_000, 1_010);
    expect(clock.offset()).toBeGreaterThan(68_000);
  });

  it('reads Date headers and the MPD UTCTiming', () => {
    expect(dateHeaderWindow('Sat, 28 Nov 2026 05:40:33 GMT')).toEqual([
      Date.parse('2026-11-28T05:40:33Z'),
      Date.parse('2026-11-28T05:40:34Z'),
    ]);
    expect(dateHeaderWindow(null)).toBeNull();
    expect(dateHeaderWindow('soon')).toBeNull();
    const mpd =
      '<MPD><UTCTiming schemeIdUri="urn:mpeg:dash:utc:direct:2014" value="2026-11-28T05:40:33.250Z"/></MPD>';
    expect(mpdUtcTiming(mpd)).toBe(Date.parse('2026-11-28T05:40:33.250Z'));
    expect(mpdUtcTiming('<MPD/>')).toBeNull();
  });
});
