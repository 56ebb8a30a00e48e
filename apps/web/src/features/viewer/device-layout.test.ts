import { describe, expect, it } from 'vitest';
import { deviceClass, isInline, osClass } from './device-layout.ts';

describe('layout variants (LAY-04)', () => {
  it('tells desktop, tablet and phone apart', () => {
    expect(deviceClass({ width: 1440, handheld: false })).toBe('desktop');
    expect(deviceClass({ width: 1180, handheld: true })).toBe('tablet');
    expect(deviceClass({ width: 900, handheld: false })).toBe('tablet');
    expect(deviceClass({ width: 390, handheld: true })).toBe('phone');
  });

  it('recognises iOS, iPadOS (desktop user agent with touch) and Android', () => {
    expect(osClass({ userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0)', maxTouchPoints: 5 })).toBe('ios');
    expect(osClass({ userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', maxTouchPoints: 5 })).toBe(
      'ipados',
    );
    expect(osClass({ userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', maxTouchPoints: 0 })).toBe(
      'other',
    );
    expect(osClass({ userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8)', maxTouchPoints: 5 })).toBe(
      'android',
    );
  });

  it('plays inline beside the chat on a handheld held landscape in a short window', () => {
    expect(isInline({ width: 844, height: 390, handheld: true })).toBe(true);
    expect(isInline({ width: 390, height: 844, handheld: true })).toBe(false);
    expect(isInline({ width: 1180, height: 820, handheld: true })).toBe(false);
    expect(isInline({ width: 1440, height: 500, handheld: false })).toBe(false);
  });
});
