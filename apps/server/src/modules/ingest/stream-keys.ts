// The module object, not its bindings: the test counts the calls of crypto.timingSafeEqual.
import crypto from 'node:crypto';

/**
 * Stream keys: `live_<id>_<secret>`. The id (16 hex) finds the row; only the SHA-256 of the secret is
 * stored, and it is compared with timingSafeEqual, so neither the database nor the time a refusal takes
 * tells anything about a valid secret. The key is shown to the host once, when it is made.
 */
const KEY_RE = /^live_([0-9a-f]{16})_([A-Za-z0-9_-]{32})$/;
/** Anything that looks like a stream key, wherever it appears (engine logs, URLs). */
const KEY_ANYWHERE = /live_[0-9a-f]{16}_[A-Za-z0-9_-]{4,}/g;

export type NewStreamKey = { key: string; keyId: string; hash: string; hint: string };

const sha256 = (s: string) => crypto.createHash('sha256').update(s, 'utf8').digest();

export function makeStreamKey(): NewStreamKey {
  const keyId = crypto.randomBytes(8).toString('hex');
  const secret = crypto.randomBytes(24).toString('base64url');
  const key = `live_${keyId}_${secret}`;
  return { key, keyId, hash: sha256(secret).toString('hex'), hint: key.slice(-4) };
}

export function parseStreamKey(key: string): { keyId: string; secret: string } | null {
  const m = KEY_RE.exec(key);
  return m?.[1] && m[2] ? { keyId: m[1], secret: m[2] } : null;
}

/** Constant-time check of a presented secret against the stored hash (both 32 bytes). */
export function secretMatches(secret: string, storedHashHex: string): boolean {
  const stored = Buffer.from(storedHashHex, 'hex');
  const presented = sha256(secret);
  return stored.length === presented.length && crypto.timingSafeEqual(stored, presented);
}

/** Replaces every stream key in a text (an engine's log line) by its id alone. */
export function redactStreamKeys(text: string): string {
  return text.replace(KEY_ANYWHERE, (k) => `${k.slice(0, 21)}_[redacted]`);
}
