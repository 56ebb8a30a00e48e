import { describe, expect, it } from 'vitest';
import { clockTime, SHOW_TIME_ZONE, sameAsShowZone, showTimeParts, zoneName } from './show-time.ts';

const AT = '2026-11-22T11:00:00Z'; // 20:00 in Seoul, a Sunday there

describe('show times', () => {
  it('formats the Korean date and 24-hour time per locale', () => {
    expect(showTimeParts(AT, 'en', SHOW_TIME_ZONE)).toEqual({ date: 'Sun, Nov 22', time: '20:00' });
    expect(showTimeParts(AT, 'ko', SHOW_TIME_ZONE).time).toBe('20:00');
    expect(showTimeParts(AT, 'ko', SHOW_TIME_ZONE).date).toContain('22');
    expect(showTimeParts(AT, 'ja', SHOW_TIME_ZONE).date).toContain('22');
  });

  it('gives the viewer’s own time and zone name', () => {
    expect(showTimeParts(AT, 'en', 'America/Los_Angeles')).toEqual({ date: 'Sun, Nov 22', time: '03:00' });
    expect(zoneName(AT, 'en', 'America/Los_Angeles')).toBe('PST');
    expect(zoneName(AT, 'en', 'UTC')).toBe('UTC');
  });

  it('gives a clock time with seconds', () => {
    expect(clockTime(Date.parse(AT) + 37_000, 'en', SHOW_TIME_ZONE)).toBe('20:00:37');
  });

  it('tells when the viewer already is on Korean time', () => {
    expect(sameAsShowZone(AT, 'Asia/Seoul')).toBe(true);
    expect(sameAsShowZone(AT, 'Asia/Tokyo')).toBe(true);
    expect(sameAsShowZone(AT, 'Europe/Berlin')).toBe(false);
  });
});
