import { z } from 'zod';
import { safeString } from './safe-input.ts';

/** POST /thor/auth/weverse_login/ (partner platform login, accounts section 7). */
export const PartnerLoginBody = z.object({ access_token: safeString().max(8192) });
export type PartnerLoginBody = z.infer<typeof PartnerLoginBody>;

/** 201 of the partner login: sign-up is needed, with this code (section 4). */
export const TempCodeResponse = z.object({ temp_code: safeString() });
export type TempCodeResponse = z.infer<typeof TempCodeResponse>;

/** POST /thor/auth/weverse_register/ ; answers 201 {key, user} (docs/decisions.md). */
export const PartnerRegisterBody = z.object({
  temp_code: safeString().max(256),
  username: safeString().max(200),
});
export type PartnerRegisterBody = z.infer<typeof PartnerRegisterBody>;

/** The development partner sign-in page's token call (not part of the product API). */
export const DevPartnerTokenBody = z.object({ account: safeString().min(1).max(60) });
