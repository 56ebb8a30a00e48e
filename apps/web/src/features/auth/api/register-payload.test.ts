import { describe, expect, it } from 'vitest';
import { dateOfBirthValue, toRegisterBody } from './register-payload.ts';

describe('registration payload', () => {
  const input = {
    email: '  Fan@Example.COM ',
    password: 'Secret123',
    passwordConfirm: 'Secret123',
    username: '  stagefan ',
    marketingOptIn: true,
    referredBy: 'summer-tour:insta',
  };

  it('lowercases the email, trims the username and uses the wire field names', () => {
    expect(toRegisterBody(input)).toEqual({
      email: 'fan@example.com',
      password1: 'Secret123',
      password2: 'Secret123',
      username: 'stagefan',
      marketing_opt_in: true,
      referred_by: 'summer-tour:insta',
    });
  });

  it('adds the date of birth only when there is one', () => {
    expect(toRegisterBody({ ...input, dateOfBirth: '2001-02-03' }).date_of_birth).toBe('2001-02-03');
    expect('date_of_birth' in toRegisterBody({ ...input, dateOfBirth: null })).toBe(false);
  });

  it('builds YYYY-MM-DD from the selects', () => {
    expect(dateOfBirthValue('1999', '3', '7')).toBe('1999-03-07');
    expect(dateOfBirthValue('1999', '', '7')).toBeNull();
  });
});
