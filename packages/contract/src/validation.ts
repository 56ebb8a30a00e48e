import { LIMITS } from './constants.ts';
import { hasInvisibleControls, hasNonTextCharacters, normaliseUsername } from './text-normalise.ts';

/**
 * Field rules of accounts-and-commerce.md section 5, shared so the form and the server can never
 * disagree about what is valid.
 */

// One @, no spaces, a dot in the domain: what the spec calls a valid {email}.
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

// Control characters (NUL among them) and lone surrogates: no mailbox has them, and PostgreSQL
// refuses NUL (issue 12). Checked here too so that paths outside the HTTP schemas (the CSV import
// command) refuse them as an invalid address.
const NOT_IN_EMAIL = /[\p{Cc}\p{Cs}]/u;

export function isValidEmail(email: string): boolean {
  return email.length <= 254 && EMAIL_RE.test(email) && !NOT_IN_EMAIL.test(email);
}

/** The characters a username may not contain (section 5), besides whitespace. */
export const USERNAME_FORBIDDEN = '~`!#$@%^&*+=-[]\\\';,./{}|":<>?';

export function isValidUsername(raw: string): boolean {
  const username = normaliseUsername(raw);
  if (username.length < LIMITS.usernameMin || username.length > LIMITS.usernameMax) return false;
  if (/\s/.test(username)) return false;
  // Invisible and bidi characters let a name look like another (issue 12, UTS #39 section 3.1).
  if (hasInvisibleControls(username) || hasNonTextCharacters(username)) return false;
  for (const ch of username) if (USERNAME_FORBIDDEN.includes(ch)) return false;
  return true;
}

export type PasswordRule = 'length' | 'lowercase' | 'uppercase' | 'digit';

/** The registration rules a password misses; empty when it is strong enough. */
export function passwordRuleFailures(password: string): PasswordRule[] {
  const failed: PasswordRule[] = [];
  if (password.length < LIMITS.registerPasswordMin) failed.push('length');
  if (!/[a-z]/.test(password)) failed.push('lowercase');
  if (!/[A-Z]/.test(password)) failed.push('uppercase');
  if (!/[0-9]/.test(password)) failed.push('digit');
  return failed;
}

export function isStrongPassword(password: string): boolean {
  return passwordRuleFailures(password).length === 0;
}

/** Login only asks for a password longer than 4 characters after trimming. */
export function isLoginPasswordFormat(password: string): boolean {
  return password.trim().length > LIMITS.loginPasswordOver;
}

/** Whole years between a date of birth (YYYY-MM-DD) and a day. */
export function ageOn(dateOfBirth: string, today: Date): number {
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  const month = today.getUTCMonth() + 1;
  if (month < m || (month === m && today.getUTCDate() < d)) age -= 1;
  return age;
}

export function isValidDateOfBirth(dateOfBirth: string, today: Date): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateOfBirth);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return false;
  return y >= LIMITS.dobFirstYear && y <= today.getUTCFullYear() - LIMITS.dobLastYearOffset;
}

/** DESIGN.md section 10: 13 may register, under 13 may not. */
export function isOldEnough(dateOfBirth: string, today: Date): boolean {
  return ageOn(dateOfBirth, today) >= LIMITS.minimumAge;
}
