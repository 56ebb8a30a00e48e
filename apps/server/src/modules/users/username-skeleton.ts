import { caselessSkeleton } from '../../platform/confusables.ts';

/**
 * Usernames that look alike may not both be taken: the confusable skeleton of Unicode TS #39
 * (platform/confusables.ts) of the name. Usernames are unique regardless of case
 * (users_username_key is on lower(username)), so the skeleton is taken regardless of case too.
 * The key stored in users.username_skeleton (unique): equal keys, names a reader cannot tell apart.
 */
export function usernameSkeleton(username: string): string {
  return caselessSkeleton(username);
}

/**
 * Names of the service and its staff that no account may take, nor anything that looks like them
 * (compared by skeleton). The profanity filter separately refuses names containing some of them.
 */
export const RESERVED_USERNAMES = [
  'admin',
  'administrator',
  'encore',
  'encoreofficial',
  'help',
  'host',
  'mod',
  'moderator',
  'official',
  'operator',
  'root',
  'security',
  'staff',
  'support',
  'sysop',
  'system',
  'webmaster',
] as const;

const RESERVED_SKELETONS = new Set(RESERVED_USERNAMES.map(usernameSkeleton));

export function isReservedUsername(username: string): boolean {
  return RESERVED_SKELETONS.has(usernameSkeleton(username));
}
