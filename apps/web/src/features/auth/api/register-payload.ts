import { normalizeEmail, type RegisterBody } from '@encore/contract';

/** The client-side registration payload of accounts section 3. */
export interface RegisterInput {
  email: string;
  password: string;
  passwordConfirm: string;
  username: string;
  marketingOptIn: boolean;
  /** From the `referral` cookie: `paidEventName` or `paidEventName:campaign`. */
  referredBy: string | null;
  /** YYYY-MM-DD, only when the date-of-birth feature is on. */
  dateOfBirth?: string | null;
}

/** Its wire form. The password is sent as typed: leading or trailing spaces are part of it. */
export function toRegisterBody(input: RegisterInput): RegisterBody {
  const body: RegisterBody = {
    email: normalizeEmail(input.email),
    password1: input.password,
    password2: input.passwordConfirm,
    username: input.username.trim(),
    marketing_opt_in: input.marketingOptIn,
    referred_by: input.referredBy,
  };
  if (input.dateOfBirth) body.date_of_birth = input.dateOfBirth;
  return body;
}

/** YYYY-MM-DD from the three selects, or null while one is still empty. */
export function dateOfBirthValue(year: string, month: string, day: string): string | null {
  if (!year || !month || !day) return null;
  return `${year.padStart(4, '0')}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}
