import { describe, expect, it } from 'vitest';
import { onSaleText } from './livestream-access.tsx';

const SALE = '2020-09-16T13:00:00+09:00';
const event = { event_start_time: '2026-12-01T11:00:00Z', event_end_time: '2026-12-01T13:00:00Z' };

describe('the landing’s sale sentence (issue 26)', () => {
  it('gives a sale start still ahead with its date and time', () => {
    const before = onSaleText(SALE, Date.parse(SALE) - 60_000, 'en');
    expect(before.key).toBe('access-on-sale');
    expect(before.when).toContain('13:00 KST');
  });

  it('says tickets are on sale once the start has passed, not "from" a date years ago', () => {
    expect(onSaleText(SALE, Date.parse('2026-11-28T12:00:00Z'), 'en', event)).toEqual({
      key: 'access-on-sale-now',
    });
    expect(onSaleText(SALE, Date.parse('2026-11-28T12:00:00Z'), 'en')).toEqual({ key: 'access-on-sale-now' });
  });

  it('follows the show’s own sale window: ahead, then ended after its end', () => {
    const own = { ...event, sale_start_time: '2026-11-30T01:00:00Z' };
    expect(onSaleText(own.sale_start_time, Date.parse('2026-11-28T12:00:00Z'), 'en', own).key).toBe(
      'access-on-sale',
    );
    expect(onSaleText(own.sale_start_time, Date.parse('2026-12-02T00:00:00Z'), 'en', own).key).toBe(
      'access-sale-ended',
    );
  });
});
