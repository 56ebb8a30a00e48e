import type { UserRow } from '../../db/schema.ts';
import { createBatcher } from '../../platform/batcher.ts';
import type { AuthRepo } from './auth.repo.ts';

/** Token lookups (and last-used writes) per query at doors-open. */
const LOOKUP_BATCH_MAX = 256;

export type FoundSession = { tokenId: number; lastUsedAt: Date; user: UserRow };

/**
 * The database side of authentication, batched: at doors-open thousands of fans send their first
 * request within seconds, each a token the node has not seen. Lookups made meanwhile share one
 * query (`token_hash in (...)`), and last-used writes one UPDATE, instead of one round trip each.
 */
export function createSessionLookups(deps: {
  auth: Pick<AuthRepo, 'findSessions' | 'touchTokens'>;
  now: () => Date;
  /** Tokens unused this long are no longer valid. */
  idleMs: number;
  /** Batches in flight at once: 1 on PGlite (one connection), a few on a PostgreSQL pool. */
  concurrency: number;
}) {
  const sessionLookups = createBatcher<string, FoundSession | undefined>({
    name: 'session-lookups',
    maxBatch: LOOKUP_BATCH_MAX,
    concurrency: deps.concurrency,
    run: async (hashes) => {
      const found = await deps.auth.findSessions(hashes, new Date(deps.now().getTime() - deps.idleMs));
      return hashes.map((h) => found.get(h));
    },
  });
  const touches = createBatcher<number, void>({
    name: 'token-touches',
    maxBatch: LOOKUP_BATCH_MAX,
    run: async (ids) => {
      await deps.auth.touchTokens([...new Set(ids)]);
      return ids.map(() => undefined);
    },
  });
  return { sessionLookups, touches };
}
