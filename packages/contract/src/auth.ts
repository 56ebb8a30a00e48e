import { z } from 'zod';
import { safeString } from './safe-input.ts';
import { User } from './users.ts';

/** POST /thor/auth/email_login/ */
export const LoginBody = z.object({
  email: safeString().max(320),
  password: safeString().max(1024),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const LoginResponse = z.object({ key: safeString(), user: User });
export type LoginResponse = z.infer<typeof LoginResponse>;

/** POST /thor/auth/email_register/ (wire form of section 3), plus the optional date of birth. */
export const RegisterBody = z.object({
  email: safeString().max(320),
  password1: safeString().max(1024),
  password2: safeString().max(1024),
  username: safeString().max(200),
  marketing_opt_in: z.boolean().optional().default(false),
  referred_by: safeString().max(200).nullable().optional(),
  /** YYYY-MM-DD; when given, the age gate of section 5 applies. */
  date_of_birth: safeString().max(10).nullable().optional(),
});
export type RegisterBody = z.input<typeof RegisterBody>;

export const RegisterResponse = z.object({ status: z.literal(201), detail: safeString() });
export type RegisterResponse = z.infer<typeof RegisterResponse>;

/** POST /thor/auth/password/reset/ */
export const PasswordResetBody = z.object({ email: safeString().max(320) });
export type PasswordResetBody = z.infer<typeof PasswordResetBody>;

/**
 * POST /thor/auth/login_link/ (Encore's, issue 29): a one-time sign-in link by email for an account
 * that strangers' wrong passwords have locked against new browsers. The same 200 whatever the address.
 * `lang` is the page's language, for the mail.
 */
export const LoginLinkBody = z.object({
  email: safeString().max(320),
  lang: z.enum(['en', 'ja', 'ko', 'zh-cn']).optional(),
});
export type LoginLinkBody = z.infer<typeof LoginLinkBody>;

/** POST /thor/auth/login_link/confirm/: the link's token; answers a login like email_login. */
export const LoginLinkConfirmBody = z.object({ token: safeString().max(200) });
export type LoginLinkConfirmBody = z.infer<typeof LoginLinkConfirmBody>;

/** POST /thor/auth/password/reset/confirm/ */
export const PasswordResetConfirmBody = z.object({
  new_password1: safeString().max(1024),
  new_password2: safeString().max(1024),
  uid: safeString().max(64),
  token: safeString().max(256),
});
export type PasswordResetConfirmBody = z.infer<typeof PasswordResetConfirmBody>;

export const DetailResponse = z.object({ detail: safeString() });
export type DetailResponse = z.infer<typeof DetailResponse>;

/** GET /thor/auth/verify_email/?token= (the link in the verification mail). */
export const VerifyEmailQuery = z.object({ token: safeString().max(256) });

/** POST /thor/auth/facebook/ */
export const FacebookLoginBody = z.object({ access_token: safeString().max(4096) });
