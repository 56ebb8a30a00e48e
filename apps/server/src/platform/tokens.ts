import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, URL-safe: used for auth tokens and email links. Only the hash is stored. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
