import { IOS_MIN_VERSION } from '@encore/contract';
import { describe, expect, it } from 'vitest';
import { iosVersion, isVersionBelow, needsIosUpdate } from './ios-version.ts';

const ua = (os: string, device = 'iPhone; CPU iPhone') =>
  `Mozilla/5.0 (${device} OS ${os} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.0 Mobile/15E148 Safari/604.1`;

describe('iOS version', () => {
  it('reads major, minor and patch from iPhone, iPad and iPod user agents', () => {
    expect(iosVersion(ua('13_5_1'))).toEqual([13, 5, 1]);
    expect(iosVersion(ua('12_4'))).toEqual([12, 4, 0]);
    expect(iosVersion(ua('17', 'iPad; CPU'))).toEqual([17, 0, 0]);
    expect(iosVersion(ua('9_3_5', 'iPod touch; CPU iPhone'))).toEqual([9, 3, 5]);
  });

  it('is null off iOS, including iPadOS with its Mac user agent', () => {
    expect(iosVersion('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15')).toBeNull();
    expect(
      iosVersion('Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/126.0 Mobile Safari/537.36'),
    ).toBeNull();
    expect(iosVersion('')).toBeNull();
  });

  it('compares versions numerically', () => {
    expect(isVersionBelow([13, 5, 9], '13.6.0')).toBe(true);
    expect(isVersionBelow([13, 6, 0], '13.6.0')).toBe(false);
    expect(isVersionBelow([13, 10], '13.6.0')).toBe(false);
    expect(isVersionBelow([12, 99, 99], '13.6')).toBe(true);
  });

  it('asks for an update below 13.6.0 only', () => {
    expect(needsIosUpdate(ua('13_5_1'), IOS_MIN_VERSION)).toBe(true);
    expect(needsIosUpdate(ua('13_6'), IOS_MIN_VERSION)).toBe(false);
    expect(needsIosUpdate(ua('16_1'), IOS_MIN_VERSION)).toBe(false);
    expect(needsIosUpdate('Mozilla/5.0 (Windows NT 10.0; Win64; x64)', IOS_MIN_VERSION)).toBe(false);
  });
});
