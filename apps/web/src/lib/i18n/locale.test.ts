import { describe, expect, it } from 'vitest';
import { htmlLang, isLocale, localizedLink, toLocale } from './locale.ts';

describe('locale helpers', () => {
  it('accepts only the four interface locales', () => {
    expect(isLocale('ko')).toBe(true);
    expect(isLocale('zh-cn')).toBe(true);
    expect(isLocale('zh-CN')).toBe(false);
    expect(isLocale('fr')).toBe(false);
    expect(toLocale(undefined)).toBe('en');
  });

  it('builds footer links from a base link plus the locale', () => {
    expect(localizedLink('/privacy', 'ko')).toBe('/privacy/ko');
    expect(localizedLink('/terms/', 'zh-cn')).toBe('/terms/zh-cn');
    expect(localizedLink('https://legal.example.com/privacy?x=1', 'ja')).toBe(
      'https://legal.example.com/privacy/ja?x=1',
    );
    expect(localizedLink('', 'en')).toBe('');
  });

  it('gives the html lang attribute in BCP 47 form', () => {
    expect(htmlLang('zh-cn')).toBe('zh-CN');
    expect(htmlLang('ja')).toBe('ja');
  });
});
