/**
 * The default avatar of a sender without a profile image is coloured from a hash of the username
 * (viewing section 2, CHAT-38): the same name gets the same colour on every screen.
 */

/** A palette that reads on the dark stage: saturated, mid-light hues. */
export const AVATAR_COLORS = [
  '#ff4fd8',
  '#7b5cff',
  '#4be3a8',
  '#ffb84f',
  '#4fc3ff',
  '#ff6b8b',
  '#b4f25b',
  '#f29b5b',
  '#5b8cf2',
  '#d36bff',
  '#3fd6d0',
  '#ffd84f',
] as const;

/** 32-bit FNV-1a over UTF-16 code units: cheap, stable and well spread for short strings. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export function avatarColor(username: string): string {
  return AVATAR_COLORS[hashString(username) % AVATAR_COLORS.length] as string;
}

/** The letter shown on a default avatar: the first character of the name, upper-cased. */
export function avatarInitial(username: string): string {
  const first = Array.from(username.trim())[0];
  return first ? first.toUpperCase() : '?';
}
