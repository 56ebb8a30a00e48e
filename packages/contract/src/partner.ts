import { z } from 'zod';

/** POST /thor/auth/weverse_login/ (partner platform login, accounts section 7). */
export const PartnerLoginBody = z.object({ access_token: z.string().max(8192) });
export type PartnerLoginBody = z.infer<typeof PartnerLoginBody>;

/** 201 of the partner login: sign-up is needed, with this code (section 4). */
export const TempCodeResponse = z.object({ temp_code: z.string() });
export type TempCodeResponse = z.infer<typeof TempCodeResponse>;

/** POST /thor/auth/weverse_register/ ; answers 201 {key, user} (docs/decisions.md). */
export const PartnerRegisterBody = z.object({
  temp_code: z.string().max(256),
  username: z.string().max(200),
});
export type PartnerRegisterBody = z.infer<typeof PartnerRegisterBody>;

/** The development partner sign-in page's token call (not part of the product API). */
export const DevPartnerTokenBody = z.object({ account: z.string().min(1).max(60) });
