import { describe, expect, it } from 'vitest';
import { localeText } from './locale-text.ts';

describe('localeText', () => {
  const texts = { en: 'Validate your pass', ko: '패스 인증', ja: '  ' };

  it('takes the UI locale first', () => {
    expect(localeText(texts, 'ko')).toBe('패스 인증');
    expect(localeText(texts, 'en')).toBe('Validate your pass');
  });

  it('falls back to en for a missing or blank locale', () => {
    expect(localeText(texts, 'zh-cn')).toBe('Validate your pass');
    expect(localeText(texts, 'ja')).toBe('Validate your pass');
  });

  it('uses the given fallback when there is no text at all', () => {
    expect(localeText({ ko: '' }, 'ko', 'Default')).toBe('Default');
    expect(localeText(undefined, 'ja', 'Default')).toBe('Default');
    expect(localeText({}, 'en')).toBe('');
  });
});
