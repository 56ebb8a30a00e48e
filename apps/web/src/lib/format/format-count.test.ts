import { LOCALES } from '@encore/contract';
import { describe, expect, it } from 'vitest';
import { formatCount } from './format-count.ts';

describe('formatCount', () => {
  it('numbers are shown compact with commas in every locale (CONST-09)', () => {
    for (const locale of LOCALES) {
      expect(formatCount(1_234_567, locale)).toBe('1,234,567');
      expect(formatCount(999, locale)).toBe('999');
      expect(formatCount(1000, locale)).toBe('1,000');
      expect(formatCount(12.6, locale)).toBe('13');
    }
  });
});
