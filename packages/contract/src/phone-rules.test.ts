import { describe, expect, it } from 'vitest';
import { isPhoneCode, isValidPhoneNumber, normalizePhoneNumber, phoneKey } from './phone-rules.ts';

describe('phone rules (accounts sections 5 and 9)', () => {
  it('removes the first hyphen only and trims (PPL-18)', () => {
    expect(normalizePhoneNumber(' 010-1234-5678 ')).toBe('0101234-5678');
    expect(normalizePhoneNumber('+82-10-1234-5678')).toBe('+8210-1234-5678');
    expect(normalizePhoneNumber('01012345678')).toBe('01012345678');
  });

  it('keys a number without the spaces and hyphens left after normalising', () => {
    expect(phoneKey(normalizePhoneNumber('010-1234-5678'))).toBe('01012345678');
    expect(phoneKey('+44 7700 900123')).toBe('+447700900123');
  });

  it('accepts 7 to 15 digits with an optional +', () => {
    expect(isValidPhoneNumber('0101234-5678')).toBe(true);
    expect(isValidPhoneNumber('+447700900123')).toBe(true);
    for (const bad of ['', '+', '123456', '1234567890123456', '010-abc-5678', '0000000']) {
      expect(isValidPhoneNumber(bad), bad).toBe(false);
    }
  });

  it('takes exactly 4 digits as a code (PPL-20)', () => {
    expect(isPhoneCode('0427')).toBe(true);
    for (const bad of ['427', '04271', '04a7', ' 0427', '']) expect(isPhoneCode(bad), bad).toBe(false);
  });
});
