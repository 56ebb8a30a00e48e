import crypto from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStreamKey, parseStreamKey, redactStreamKeys, secretMatches } from './stream-keys.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('stream keys', () => {
  it('are unique, stored as the SHA-256 of their secret only, with a 4-character hint', () => {
    const a = makeStreamKey();
    const b = makeStreamKey();
    expect(a.key).not.toBe(b.key);
    expect(a.key).toMatch(/^live_[0-9a-f]{16}_[A-Za-z0-9_-]{32}$/);
    expect(a.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(a.hash).not.toContain(parseStreamKey(a.key)?.secret);
    expect(a.key.endsWith(a.hint)).toBe(true);
    expect(parseStreamKey(a.key)?.keyId).toBe(a.keyId);
  });

  it('compare the presented secret with timingSafeEqual, refusing a wrong or malformed one', () => {
    const k = makeStreamKey();
    const secret = parseStreamKey(k.key)?.secret ?? '';
    // The real timingSafeEqual, counted: a key check must go through it rather than `===`.
    const timingSafe = vi.spyOn(crypto, 'timingSafeEqual');
    expect(secretMatches(secret, k.hash)).toBe(true);
    // Another last character, never the same one (a fixed 'x' was the secret's own 1 time in 64).
    const wrong = `${secret.slice(0, -1)}${secret.endsWith('x') ? 'y' : 'x'}`;
    expect(secretMatches(wrong, k.hash)).toBe(false);
    expect(timingSafe).toHaveBeenCalledTimes(2);
    expect(secretMatches(secret, 'abcd')).toBe(false);
    expect(parseStreamKey('live_123_short')).toBeNull();
    expect(parseStreamKey(`${k.key}/../x`)).toBeNull();
  });

  it('are redacted from any text, down to their id', () => {
    const k = makeStreamKey();
    const line = `2026/11/24 [error] publish "${k.key}" failed, name=${k.key}&x=1`;
    const redacted = redactStreamKeys(line);
    expect(redacted).not.toContain(parseStreamKey(k.key)?.secret);
    expect(redacted).toContain(`live_${k.keyId}_[redacted]`);
  });
});
