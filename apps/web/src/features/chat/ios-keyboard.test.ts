import { describe, expect, it } from 'vitest';
import { isIosOrIpados, keyboardInset } from './ios-keyboard.ts';

describe('iOS keyboard adjustment', () => {
  it('tells iOS and iPadOS apart from other systems', () => {
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
    expect(isIosOrIpados(iphone, 'iPhone', 5)).toBe(true);
    const ipadAsMac = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Safari/605.1.15';
    expect(isIosOrIpados(ipadAsMac, 'MacIntel', 5)).toBe(true);
    expect(isIosOrIpados(ipadAsMac, 'MacIntel', 0)).toBe(false);
    expect(isIosOrIpados('Mozilla/5.0 (Linux; Android 14) Chrome/126', 'Linux armv8l', 5)).toBe(false);
  });

  it('measures the keyboard from the visual viewport', () => {
    expect(keyboardInset(844, 844, 0)).toBe(0);
    expect(keyboardInset(844, 508, 0)).toBe(336);
    expect(keyboardInset(844, 508, 40)).toBe(296);
    expect(keyboardInset(844, 900, 0)).toBe(0);
  });
});
