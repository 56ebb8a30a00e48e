import { describe, expect, it } from 'vitest';
import { formatOrderDate } from './order-date.ts';

describe("order date 'MMMM Do YYYY, h:mm:ss a' (COM-53)", () => {
  it('writes English dates with ordinals and a lower-case am/pm', () => {
    expect(formatOrderDate('2026-11-24T15:50:07Z', 'en', 'UTC')).toBe('November 24th 2026, 3:50:07 pm');
    expect(formatOrderDate('2026-01-01T00:05:09Z', 'en', 'UTC')).toBe('January 1st 2026, 12:05:09 am');
    expect(formatOrderDate('2026-03-12T09:00:00Z', 'en', 'UTC')).toBe('March 12th 2026, 9:00:00 am');
    expect(formatOrderDate('2026-03-22T09:00:00Z', 'en', 'UTC')).toBe('March 22nd 2026, 9:00:00 am');
  });

  it('writes the other languages in their own order with the zone (issue 26: ja read "11 28日 2026")', () => {
    expect(formatOrderDate('2026-11-24T15:50:07Z', 'ja', 'UTC')).toBe('2026年11月24日 15:50:07 UTC');
    expect(formatOrderDate('2026-11-24T15:50:07Z', 'ja', 'Asia/Seoul')).toBe('2026年11月25日 0:50:07 KST');
    expect(formatOrderDate('2026-11-24T15:50:07Z', 'ko', 'UTC')).toBe('2026년 11월 24일 15:50:07 UTC');
    expect(formatOrderDate('2026-11-24T15:50:07Z', 'zh-cn', 'UTC')).toMatch(/^2026年11月24日.*15:50:07 UTC$/);
  });
});
