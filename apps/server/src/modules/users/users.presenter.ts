import type { PublicUser, UpdatedUser, User } from '@encore/contract';
import type { UserRow } from '../../db/schema.ts';

// Profile images given with http are shown with https (viewing section 2).
const https = (url: string | null) => (url ? url.replace(/^http:\/\//, 'https://') : null);

export function presentUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    first_name: row.first_name,
    last_name: row.last_name,
    profile_image_75x75: https(row.profile_image_75x75),
    profile_image_150x150: https(row.profile_image_150x150),
    email_verified: row.email_verified,
    sms_verified: row.sms_verified,
    role: row.role,
  };
}

export function presentPublicUser(row: UserRow): PublicUser {
  return {
    id: row.id,
    username: row.username,
    profile_image_75x75: https(row.profile_image_75x75),
    profile_image_150x150: https(row.profile_image_150x150),
  };
}

export function presentUpdatedUser(row: UserRow): UpdatedUser {
  return {
    pk: row.id,
    username: row.username,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
  };
}
