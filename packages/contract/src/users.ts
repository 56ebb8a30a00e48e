import { z } from 'zod';
import { safeIdParam, safeInt, safeString } from './safe-input.ts';

/** User entity of accounts-and-commerce.md section 3. */
export const User = z.object({
  id: safeInt(),
  email: safeString(),
  username: safeString(),
  first_name: safeString(),
  last_name: safeString(),
  profile_image_75x75: safeString().nullable(),
  profile_image_150x150: safeString().nullable(),
  email_verified: z.boolean(),
  sms_verified: z.boolean(),
  /** Not in the spec's entity: lets the client show host tools (DESIGN.md: host role). */
  role: z.enum(['fan', 'host']),
});
export type User = z.infer<typeof User>;

/** What anyone may see of another user (chat sender shape). */
export const PublicUser = User.pick({
  id: true,
  username: true,
  profile_image_75x75: true,
  profile_image_150x150: true,
});
export type PublicUser = z.infer<typeof PublicUser>;

export const UserIdParams = z.object({ id: safeIdParam() });

/** Answer of PUT /thor/auth/user/ (section 7). */
export const UpdatedUser = z.object({
  pk: safeInt(),
  username: safeString(),
  first_name: safeString(),
  last_name: safeString(),
  email: safeString(),
});
export type UpdatedUser = z.infer<typeof UpdatedUser>;

export const UsernameBody = z.object({ username: safeString().max(200) });
export type UsernameBody = z.infer<typeof UsernameBody>;
