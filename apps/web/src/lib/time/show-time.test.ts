import { describe, expect, it } from 'vitest';
import {
  clockTime,
  dualDateTime,
  dualTime,
  longDate,
  SHOW_TIME_ZONE,
  sameAsShowZone,
  showTimeParts,
  zoneName,
} from './show-time.ts';

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

  it('puts the fan’s own time first with its zone, KST beside it (issue 14)', () => {
    expect(dualTime(AT, 'en', 'America/Los_Angeles')).toBe('03:00 PST (20:00 KST)');
    expect(dualTime(AT, 'en', 'UTC')).toBe('11:00 UTC (20:00 KST)');
    expect(dualTime(AT, 'ko', 'Asia/Seoul')).toBe('20:00 KST');
  });

  it('gives a fan’s own entry time to the second, zone named, KST beside it (issue 26)', () => {
    const at = Date.parse(AT) + 37_000;
    expect(dualTime(at, 'en', 'Europe/Berlin', { seconds: true })).toBe('12:00:37 GMT+1 (20:00:37 KST)');
    expect(dualTime(at, 'ko', 'Asia/Seoul', { seconds: true })).toBe('20:00:37 KST');
  });

  it('gives a date and time the fan’s own first, Korea’s date only when it is another day (issue 26)', () => {
    const sale = '2020-09-16T13:00:00+09:00';
    expect(dualDateTime(sale, 'en', 'Europe/London')).toBe('Wed, Sep 16, 2020 · 05:00 GMT+1 (13:00 KST)');
    expect(dualDateTime(sale, 'en', 'America/Los_Angeles')).toBe(
      'Tue, Sep 15, 2020 · 21:00 PDT (Wed, Sep 16, 2020 · 13:00 KST)',
    );
    expect(dualDateTime(sale, 'en', 'Asia/Seoul')).toBe('Wed, Sep 16, 2020 · 13:00 KST');
  });

  it('writes a date with its year in each locale’s own form', () => {
    const sale = '2020-09-16T13:00:00+09:00';
    expect(longDate(sale, 'en', SHOW_TIME_ZONE)).toBe('Wed, Sep 16, 2020');
    expect(longDate(sale, 'ja', SHOW_TIME_ZONE)).toBe('2020年9月16日(水)');
    expect(longDate(sale, 'ko', SHOW_TIME_ZONE)).toContain('2020년 9월 16일');
    expect(longDate(sale, 'zh-cn', SHOW_TIME_ZONE)).toContain('2020年9月16日');
  });
});
