import { describe, expect, it } from 'vitest';
import { joinResetToken, splitResetToken } from './reset-token.ts';
import { resultCode } from './result-codes.ts';
import {
  isLoginPasswordFormat,
  isOldEnough,
  isValidDateOfBirth,
  isValidEmail,
  isValidUsername,
  normalizeEmail,
  passwordRuleFailures,
  USERNAME_FORBIDDEN,
} from './validation.ts';

describe('username rules (accounts section 5)', () => {
  it('3 to 20 characters, trimmed', () => {
    expect(isValidUsername('abc')).toBe(true);
    expect(isValidUsername('a'.repeat(20))).toBe(true);
    expect(isValidUsername('ab')).toBe(false);
    expect(isValidUsername('a'.repeat(21))).toBe(false);
    expect(isValidUsername('  abc  ')).toBe(true);
  });

  it('no spaces and none of the forbidden characters', () => {
    expect(isValidUsername('fan one')).toBe(false);
    expect(isValidUsername('fan\tone')).toBe(false);
    for (const ch of USERNAME_FORBIDDEN) expect(isValidUsername(`fan${ch}one`), ch).toBe(false);
    expect(isValidUsername('팬_하나')).toBe(true);
    expect(isValidUsername('ファン_1')).toBe(true);
  });

  it('the forbidden list is exactly the spec list', () => {
    expect([...USERNAME_FORBIDDEN].sort().join('')).toBe(
      [...'~`!#$@%^&*+=-[]\\\';,./{}|":<>?'].sort().join(''),
    );
  });
});

describe('passwords', () => {
  it('registration: 8+ characters with a lowercase, an uppercase and a digit', () => {
    expect(passwordRuleFailures('Encore2026')).toEqual([]);
    expect(passwordRuleFailures('Enc2026')).toEqual(['length']);
    expect(passwordRuleFailures('encore2026')).toEqual(['uppercase']);
    expect(passwordRuleFailures('ENCORE2026')).toEqual(['lowercase']);
    expect(passwordRuleFailures('EncoreEncore')).toEqual(['digit']);
  });

  it('login: longer than 4 characters after trimming', () => {
    expect(isLoginPasswordFormat('abcde')).toBe(true);
    expect(isLoginPasswordFormat('  abcd  ')).toBe(false);
  });
});

describe('email', () => {
  it('valid shape, no spaces; normalized by trimming and lowercasing', () => {
    expect(isValidEmail('fan@encore.test')).toBe(true);
    expect(isValidEmail('fan @encore.test')).toBe(false);
    expect(isValidEmail('fan@encore')).toBe(false);
    expect(normalizeEmail('  Fan@Encore.TEST ')).toBe('fan@encore.test');
  });
});

describe('date of birth and age', () => {
  const today = new Date(Date.UTC(2026, 10, 22));
  it('years 1910 to this year minus 10, real dates only', () => {
    expect(isValidDateOfBirth('1910-01-01', today)).toBe(true);
    expect(isValidDateOfBirth('1909-12-31', today)).toBe(false);
    expect(isValidDateOfBirth('2016-11-22', today)).toBe(true);
    expect(isValidDateOfBirth('2017-01-01', today)).toBe(false);
    expect(isValidDateOfBirth('2001-02-29', today)).toBe(false);
    expect(isValidDateOfBirth('20010101', today)).toBe(false);
  });

  it('13 may register, under 13 may not (DESIGN.md section 10)', () => {
    expect(isOldEnough('2013-11-22', today)).toBe(true);
    expect(isOldEnough('2013-11-23', today)).toBe(false);
  });
});

describe('reset token in one path segment', () => {
  it('round-trips uid and a token that itself contains dashes', () => {
    const joined = joinResetToken('1z', 'ab-cd_ef');
    expect(splitResetToken(joined)).toEqual({ uid: '1z', token: 'ab-cd_ef' });
    expect(splitResetToken('nodash')).toBeNull();
    expect(splitResetToken('-x')).toBeNull();
  });
});

describe('result codes', () => {
  it('maps statuses per call; no response is CONNECTION_ERROR; unmapped is UNKNOWN_ERROR', () => {
    expect(resultCode('joinHang', 202)).toBe('NO_TICKET');
    expect(resultCode('emailRegister', 429)).toBe('EMAIL_EXISTS');
    expect(resultCode('updateUser', 409)).toBe('USERNAME_TAKEN');
    expect(resultCode('joinHang', null)).toBe('CONNECTION_ERROR');
    expect(resultCode('catalog', 418)).toBe('UNKNOWN_ERROR');
  });
});
