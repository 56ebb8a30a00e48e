import { describe, expect, it } from 'vitest';
import { buildAcceptHeader, deviceType, osVersion } from './accept-header.ts';

const UA = {
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
  windows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  androidPhone:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
  androidTablet:
    'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
  linux:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0 Safari/537.36',
};

describe('Accept header', () => {
  it('names app, version 1.10.6, platform web, OS version and device type', () => {
    expect(buildAcceptHeader({ userAgent: UA.mac, maxTouchPoints: 0 })).toBe(
      'application/json; app=encore; version=1.10.6; platform=web; os=macos-10.15.7; device=desktop',
    );
  });

  it('takes the app details from the configuration when given, as header tokens', () => {
    const header = buildAcceptHeader(
      { userAgent: UA.windows, maxTouchPoints: 0 },
      { name: 'encore', version: '1.10.7', platform: 'web; x=1' },
    );
    expect(header).toBe(
      'application/json; app=encore; version=1.10.7; platform=webx1; os=windows-10.0; device=desktop',
    );
    expect(
      buildAcceptHeader({ userAgent: '', maxTouchPoints: 0 }, { name: '', version: '', platform: '' }),
    ).toContain('app=encore; version=1.10.6; platform=web');
  });

  it('detects the OS version', () => {
    expect(osVersion({ userAgent: UA.windows, maxTouchPoints: 0 })).toBe('windows-10.0');
    expect(osVersion({ userAgent: UA.iphone, maxTouchPoints: 5 })).toBe('ios-17.4.1');
    expect(osVersion({ userAgent: UA.androidPhone, maxTouchPoints: 5 })).toBe('android-14');
    expect(osVersion({ userAgent: UA.linux, maxTouchPoints: 0 })).toBe('linux');
    expect(osVersion({ userAgent: '', maxTouchPoints: 0 })).toBe('unknown');
  });

  it('tells desktop, tablet and mobile apart, including iPadOS with a Mac user agent', () => {
    expect(deviceType({ userAgent: UA.windows, maxTouchPoints: 0 })).toBe('desktop');
    expect(deviceType({ userAgent: UA.iphone, maxTouchPoints: 5 })).toBe('mobile');
    expect(deviceType({ userAgent: UA.androidPhone, maxTouchPoints: 5 })).toBe('mobile');
    expect(deviceType({ userAgent: UA.androidTablet, maxTouchPoints: 5 })).toBe('tablet');
    expect(deviceType({ userAgent: UA.mac, maxTouchPoints: 5 })).toBe('tablet');
  });
});
