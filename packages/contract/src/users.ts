import { z } from 'zod';

/** User entity of accounts-and-commerce.md section 3. */
export const User = z.object({
  id: z.number().int(),
  email: z.string(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  profile_image_75x75: z.string().nullable(),
  profile_image_150x150: z.string().nullable(),
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

export const UserIdParams = z.object({ id: z.coerce.number().int().positive() });

/** Answer of PUT /thor/auth/user/ (section 7). */
export const UpdatedUser = z.object({
  pk: z.number().int(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
});
export type UpdatedUser = z.infer<typeof UpdatedUser>;

export const UsernameBody = z.object({ username: z.string().max(200) });
export type UsernameBody = z.infer<typeof UsernameBody>;
