import { describe, expect, it } from 'vitest';
import { phoneError } from './phone-errors.ts';

describe('phoneError (accounts section 8, phone / SMS)', () => {
  it('maps every result code of the phone calls to its message', () => {
    expect(phoneError({ status: 406, code: 'CODE_UNMATCHED' }, 'code').key).toBe('phone-error-code-mismatch');
    expect(phoneError({ status: 400, code: 'INVALID_CODE' }, 'code').key).toBe('phone-error-invalid-code');
    expect(phoneError({ status: 403, code: 'PHONE_NUMBER_UNMATCHED' }, 'code').key).toBe(
      'phone-error-number-unmatched',
    );
    expect(phoneError({ status: 409, code: 'PHONE_NUMBER_ALREADY_USED' }, 'nickname')).toEqual({
      key: 'phone-error-409',
      onNickname: false,
      restart: true,
    });
    // TOO_MANY_REQUEST(S) on 412 and on 429 (PPL-26, PPL-29).
    expect(phoneError({ status: 412, code: 'TOO_MANY_REQUESTS' }, 'code').key).toBe('phone-error-too-many');
    expect(phoneError({ status: 429 }, 'number').key).toBe('phone-error-too-many');
    expect(phoneError({ status: 425, code: 'SMS_ALREADY_SENT' }, 'number').key).toBe(
      'phone-error-sms-already-sent',
    );
    expect(phoneError({ status: 502, code: 'SMS_SEND_FAILED' }, 'number').key).toBe('phone-error-sms-send');
    expect(phoneError({ status: 400, code: 'INVALID_PHONE_NUMBER' }, 'number').key).toBe(
      'phone-error-invalid-number',
    );
  });

  it('answers the generic send error on the number step and UNKNOWN elsewhere', () => {
    expect(phoneError({ status: 500, code: 'INTERNAL_SERVER_ERROR' }, 'number').key).toBe(
      'phone-error-sms-send',
    );
    expect(phoneError({ status: 500 }, 'code').key).toBe('phone-error-unknown');
    expect(phoneError({ status: null }, 'code').key).toBe('error-connection');
  });

  it('puts nickname refusals on the field and sends an expired sign-up back to the number', () => {
    expect(phoneError({ status: 409, code: 'USERNAME_ALREADY_EXISTS' }, 'nickname')).toEqual({
      key: 'nickname-exists',
      onNickname: true,
      restart: false,
    });
    expect(phoneError({ status: 406, code: 'USERNAME_PROFANITY' }, 'nickname').onNickname).toBe(true);
    expect(phoneError({ status: 400, code: 'INVALID_USERNAME' }, 'nickname').key).toBe('chat-name-invalid');
    expect(phoneError({ status: 406, code: 'INVALID_CODE' }, 'nickname')).toEqual({
      key: 'phone-error-signup-expired',
      onNickname: false,
      restart: true,
    });
  });
});
