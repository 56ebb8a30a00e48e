import type { UserRow } from '../../db/schema.ts';
import { createTtlCache } from '../../platform/ttl-cache.ts';

export type CachedSession = { user: UserRow; tokenId: number; lastUsedAt: number };

/**
 * Token -> session for a few seconds, bounded. At doors-open every fan's ticket check, entry
 * and socket authenticate within a minute; the cache makes those a map lookup instead of a
 * database round trip each.
 *
 * Revocation: this node forgets a token (logout) or a user (password reset, username change) at
 * once. Other nodes keep a revoked token for at most `ttlMs`: the price of not asking the database
 * on every request, bounded and documented (docs/decisions.md).
 */
export function createSessionCache(opts: { ttlMs: number; max: number; now: () => number }) {
  // The tokens of each cached user, so that a user's logins can be forgotten together.
  const byUser = new Map<number, Set<string>>();
  const cache = createTtlCache<string, CachedSession>({
    name: 'sessions',
    ...opts,
    onRemove: (hash, session) => {
      const hashes = byUser.get(session.user.id);
      hashes?.delete(hash);
      if (hashes?.size === 0) byUser.delete(session.user.id);
    },
  });

  return {
    epoch: cache.epoch,
    get: cache.get,
    size: cache.size,

    set(hash: string, session: CachedSession, startedAt: number): void {
      cache.set(hash, session, startedAt);
      if (cache.peek(hash) !== session) return;
      let hashes = byUser.get(session.user.id);
      if (!hashes) {
        hashes = new Set();
        byUser.set(session.user.id, hashes);
      }
      hashes.add(hash);
    },

    /** One login revoked; tokenId null forgets every login of the user. */
    forget(userId: number, tokenId: number | null = null): void {
      const hashes = [...(byUser.get(userId) ?? [])];
      cache.forgetAll(hashes.filter((h) => tokenId === null || cache.peek(h)?.tokenId === tokenId));
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
