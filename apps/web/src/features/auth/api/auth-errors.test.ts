import { SPEC_TEXT_EN } from '@encore/contract';
import { describe, expect, it } from 'vitest';
import {
  forgotPasswordErrorKey,
  LOGIN_LOCKING_STATUSES,
  loginErrorKey,
  registerError,
  resetConfirmError,
  updateUsernameErrorKey,
} from './auth-errors.ts';

describe('login errors (accounts section 8)', () => {
  it('maps each status to its spec text', () => {
    expect(SPEC_TEXT_EN[loginErrorKey(401) as keyof typeof SPEC_TEXT_EN]).toBe('Incorrect password.');
    expect(loginErrorKey(417)).toBe('login-error-417');
    expect(loginErrorKey(406)).toBe('login-error-406');
    expect(loginErrorKey(400)).toBe('login-error-400');
    expect(loginErrorKey(404)).toBe('login-error-404');
    expect(loginErrorKey(429)).toBe('login-error-429');
    expect(loginErrorKey(500)).toBe('login-error-other');
    expect(loginErrorKey(403)).toBe('login-error-other');
    expect(loginErrorKey(null)).toBe('error-connection');
  });

  it('locks the button after 401, 404, 400, 406 and 417 only', () => {
    expect([...LOGIN_LOCKING_STATUSES].sort()).toEqual([400, 401, 404, 406, 417]);
    expect(LOGIN_LOCKING_STATUSES.has(429)).toBe(false);
  });
});

describe('registration errors', () => {
  const support = 'help@encore.test';

  it('treats 302 and 429 as an existing account and 304 as unverified', () => {
    expect(registerError({ status: 302 }, support).message).toEqual({ key: 'register-error-exists' });
    expect(registerError({ status: 429 }, support).message).toEqual({ key: 'register-error-exists' });
    expect(registerError({ status: 304, serverMessage: null }, support).message).toEqual({
      key: 'register-error-304',
    });
  });

  it('shows the server text of a 400, translated when the code is known, else the default', () => {
    expect(registerError({ status: 400, code: 'X', serverMessage: 'Bad thing.' }, support).message).toEqual({
      text: 'Bad thing.',
    });
    expect(
      registerError({ status: 400, code: 'INVALID_EMAIL', serverMessage: 'Email…' }, support).message,
    ).toEqual({
      key: 'email-invalid',
    });
    expect(registerError({ status: 400 }, support).message).toEqual({ key: 'register-error-400' });
    expect(registerError({ status: 400, code: 'TOO_YOUNG' }, support).tooYoung).toBe(true);
  });

  it('lists the password rules of a 417, from the server or else from the local check', () => {
    expect(registerError({ status: 417, rules: ['digit', 'bogus'] }, support).rules).toEqual(['digit']);
    expect(registerError({ status: 417, rules: [] }, support, ['length', 'uppercase']).rules).toEqual([
      'length',
      'uppercase',
    ]);
  });

  it('marks the username on 406 and 409 and names support for anything else', () => {
    expect(registerError({ status: 406 }, support)).toMatchObject({
      message: { key: 'register-error-406' },
      usernameRejected: true,
    });
    expect(registerError({ status: 409 }, support)).toMatchObject({
      message: { key: 'register-error-409' },
      usernameRejected: true,
    });
    expect(registerError({ status: 500 }, support).message).toEqual({
      key: 'register-error-other',
      params: { email: support },
    });
    expect(registerError({ status: null }, support).message).toEqual({ key: 'error-connection' });
  });
});

describe('username update, forgot and reset password errors', () => {
  it('maps username update answers', () => {
    expect(updateUsernameErrorKey(409)).toBe('username-update-409');
    expect(SPEC_TEXT_EN['username-update-409']).toBe('Username already in use.');
    expect(updateUsernameErrorKey(406)).toBe('register-error-406');
    expect(updateUsernameErrorKey(400)).toBe('chat-name-invalid');
    expect(updateUsernameErrorKey(500)).toBe('error-generic');
  });

  it('gives the one forgot-password failure text for any answer', () => {
    expect(forgotPasswordErrorKey(400)).toBe('forgot-password-error');
    expect(forgotPasswordErrorKey(500)).toBe('forgot-password-error');
    expect(forgotPasswordErrorKey(null)).toBe('error-connection');
  });

  it('tells an invalid reset link from a weak password', () => {
    expect(resetConfirmError({ status: 400 })).toMatchObject({
      key: 'reset-error-invalid-link',
      invalidLink: true,
    });
    expect(resetConfirmError({ status: 417, rules: ['length'] })).toMatchObject({
      key: 'register-error-417',
      rules: ['length'],
    });
  });
});
