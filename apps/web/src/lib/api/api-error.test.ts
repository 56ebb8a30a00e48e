import { describe, expect, it } from 'vitest';
import { ApiError, statusOf } from './api-error.ts';

describe('ApiError', () => {
  it('reads the contract error body', () => {
    const e = new ApiError(417, {
      code: 'WEAK_PASSWORD',
      message: 'Weak',
      field: 'password1',
      rules: ['digit', 3],
    });
    expect([e.status, e.code, e.serverMessage, e.field, e.rules]).toEqual([
      417,
      'WEAK_PASSWORD',
      'Weak',
      'password1',
      ['digit'],
    ]);
  });

  it('reads the login step-up of a locked account, and nothing else as one', () => {
    const locked = new ApiError(429, { code: 'TOO_MANY_REQUESTS', message: 'x', step_up: 'email_link' });
    expect(locked.stepUp).toBe('email_link');
    expect(new ApiError(429, { code: 'TOO_MANY_REQUESTS', message: 'x' }).stepUp).toBeNull();
    expect(new ApiError(429, { code: 'TOO_MANY_REQUESTS', step_up: 'sms' }).stepUp).toBeNull();
  });

  it('copes with a missing body and with no response at all', () => {
    const noBody = new ApiError(304, null);
    expect([noBody.code, noBody.serverMessage, noBody.rules]).toEqual(['UNKNOWN_ERROR', null, []]);
    const offline = new ApiError(null, undefined);
    expect(offline.code).toBe('CONNECTION_ERROR');
    expect(statusOf(offline)).toBeNull();
    expect(statusOf(new Error('x'))).toBeNull();
  });
});
