import { z } from 'zod';
import { safeInt, safeString } from './safe-input.ts';
import { User } from './users.ts';

/** POST /thor/phone/verification/ */
export const PhoneVerificationBody = z.object({ phone_number: safeString().max(40) });
export type PhoneVerificationBody = z.infer<typeof PhoneVerificationBody>;

/** Answer of the SMS request: how long the code works and when another may be asked for. */
export const PhoneVerificationResponse = z.object({
  detail: safeString(),
  expires_in: safeInt(),
  resend_in: safeInt(),
});
export type PhoneVerificationResponse = z.infer<typeof PhoneVerificationResponse>;

/** POST /thor/phone/verification/token/ */
export const PhoneTokenBody = z.object({ phone_number: safeString().max(40), code: safeString().max(16) });
export type PhoneTokenBody = z.infer<typeof PhoneTokenBody>;

/** 200: the number belongs to an account, logged in. 201: a new number, register with temp_code. */
export const PhoneLoginResponse = z.object({ key: safeString(), user: User });
export type PhoneLoginResponse = z.infer<typeof PhoneLoginResponse>;
export const PhoneTempCodeResponse = z.object({ temp_code: safeString() });
export type PhoneTempCodeResponse = z.infer<typeof PhoneTempCodeResponse>;

/** POST /thor/phone/register/ ; answers 201 with PhoneLoginResponse. */
export const PhoneRegisterBody = z.object({
  phone_number: safeString().max(40),
  temp_code: safeString().max(256),
  username: safeString().max(200),
});
export type PhoneRegisterBody = z.infer<typeof PhoneRegisterBody>;
