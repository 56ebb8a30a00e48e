/**
 * Phone login rules of accounts-and-commerce.md sections 5, 8 and 9, shared by the form and the
 * server. Zod-free so the browser bundle can use them (see index.ts).
 */

/** Section 9: the SMS code has 4 digits. */
export const PHONE_CODE_LENGTH = 4;

/** Section 5: the first hyphen is removed and the value trimmed before it is sent. */
export function normalizePhoneNumber(raw: string): string {
  return raw.replace('-', '').trim();
}

/**
 * The number's identity: the spec's normalised value without the spaces and hyphens a fan may still
 * have typed, so that "010-1234-5678" and "0101234 5678" are one number (docs/decisions.md).
 */
export function phoneKey(normalized: string): string {
  return normalized.replace(/[\s-]/g, '');
}

/** An international (+ and 8 to 15 digits) or national (7 to 15 digits) number. */
export function isValidPhoneNumber(normalized: string): boolean {
  return /^\+?[0-9]{7,15}$/.test(phoneKey(normalized)) && !/^\+?0*$/.test(phoneKey(normalized));
}

export function isPhoneCode(code: string): boolean {
  return new RegExp(`^[0-9]{${PHONE_CODE_LENGTH}}$`).test(code);
}

/** Server lifetimes and limits of phone login (docs/decisions.md, phone login). */
export const PHONE_LIMITS = {
  /** A code works this long after it was sent. */
  codeTtlSeconds: 5 * 60,
  /** A new code for the same number is refused this long after the last one (SMS_ALREADY_SENT). */
  resendSeconds: 60,
  /** Wrong codes tried against one sent code before it stops working. */
  codeAttempts: 5,
  /**
   * Wrong codes tried against one number in a day, all its codes and all addresses together
   * (docs/decisions.md "Guess budgets of codes"): about 0.1 % a day for a guesser, not 6 %.
   */
  dailyWrongCodes: 10,
  /** The temp_code of an unknown number stays good this long for choosing a nickname. */
  tempCodeTtlSeconds: 15 * 60,
} as const;

/**
 * Server texts of the phone errors in English (section 8 names the messages; their words are
 * Encore's). The web client shows its translated text for the same result code.
 */
export const PHONE_TEXT_EN = {
  invalidNumber: 'Please enter a valid phone number.',
  invalidCode: 'The verification code must be 4 digits.',
  codeUnmatched: 'The verification code does not match. Please check the code and try again.',
  numberUnmatched: 'There is no valid code for this phone number. Please request a new code.',
  alreadyUsed: 'This phone number is already used by another account. It can only be used by the same user.',
  tooManyRequests: 'Too many requests. Please wait a few minutes and try again.',
  smsAlreadySent: 'A code was just sent to this number. Please wait a moment before asking for another.',
  smsSendError: 'We could not send the SMS. Please try again.',
  tempCodeInvalid: 'This sign-up step has expired. Please verify your phone number again.',
} as const;
