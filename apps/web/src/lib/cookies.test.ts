import { describe, expect, it } from 'vitest';
import { cookieString, parseReferral, readCookie } from './cookies.ts';

describe('cookies', () => {
  it('reads one cookie by exact name', () => {
    const header = 'agree=1; referral=summer-tour%3Ainsta; tooYoung=1';
    expect(readCookie(header, 'referral')).toBe('summer-tour:insta');
    expect(readCookie(header, 'tooYoung')).toBe('1');
    expect(readCookie(header, 'Young')).toBeNull();
    expect(readCookie('', 'referral')).toBeNull();
  });

  it('parses the referral as paidEventName or paidEventName:campaign', () => {
    expect(parseReferral('summer-tour')).toBe('summer-tour');
    expect(parseReferral('summer-tour:insta')).toBe('summer-tour:insta');
    expect(parseReferral('summer-tour:')).toBe('summer-tour');
    expect(parseReferral(':insta')).toBeNull();
    expect(parseReferral('  ')).toBeNull();
    expect(parseReferral(null)).toBeNull();
  });

  it('writes a 4 hour, non-secure cookie', () => {
    expect(cookieString('tooYoung', '1', 14_400)).toBe('tooYoung=1; Max-Age=14400; Path=/; SameSite=Lax');
  });
});
