import type { ChatRestriction } from '@encore/contract';
import { AppError } from '../../errors.ts';
import { hasChatTerm } from '../../platform/profanity.ts';
import type { Limiter, LimiterFactory } from '../../platform/rate-limit.ts';
import { createTtlCache } from '../../platform/ttl-cache.ts';
import type { Bus, BusLogger } from '../../realtime/bus.ts';
import type { ModerationRepo } from './moderation.repo.ts';

/** How long a node trusts what it read of a show's moderation state (restrictions, slow mode, terms). */
export const POLICY_CACHE_MS = 1000;
/** Node-to-node: a show's moderation state changed (channel-access has no rule for `internal`). */
export const MODERATION_SYNC_CHANNEL = 'internal-moderation';

export type ShowPolicy = {
  slowModeSeconds: number;
  terms: ReadonlySet<string>;
  restrictions: ReadonlyMap<number, ChatRestriction>;
};

export type GateVerdict =
  | { held: null }
  | { held: 'restricted'; restriction: ChatRestriction }
  | { held: 'blocked_term' };

/**
 * The toss path's moderation check, one read of the database per show per second per node: a
 * restricted fan is held (timeouts, bans and the host's per-fan chat off are one mechanism), slow
 * mode allows one toss per N seconds per fan on every node together (Redis, like the budgets), and
 * show-level blocked terms hold a toss as the global word filter does.
 */
export function createChatGate(deps: {
  repo: ModerationRepo;
  limiter: LimiterFactory;
  bus: Bus;
  log: BusLogger;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const cache = createTtlCache<number, ShowPolicy>({
    ttlMs: POLICY_CACHE_MS,
    max: 10_000,
    now: () => now().getTime(),
  });
  const slowLimiters = new Map<number, Limiter>();
  let unsubscribe: (() => void) | null = null;

  /**
   * Hears other nodes' changes, so that one made elsewhere holds here at once rather than after the
   * cache's second. Started by the first read, when the app serves requests: nothing is cached
   * before it, and a Redis SUBSCRIBE sent while the app was still starting was seen to be lost.
   */
  function listen(): void {
    if (unsubscribe) return;
    unsubscribe = deps.bus.subscribe(MODERATION_SYNC_CHANNEL, (m) => {
      if (m.event.kind === 'moderation_changed') cache.forget(m.event.show_id);
    });
  }

  function slowLimiter(seconds: number): Limiter {
    let limiter = slowLimiters.get(seconds);
    if (!limiter) {
      // A product rule, not a budget: RATE_LIMIT_SCALE leaves it alone.
      limiter = deps.limiter(`slow-mode-${seconds}`, { points: 1, durationSec: seconds, unscaled: true });
      slowLimiters.set(seconds, limiter);
    }
    return limiter;
  }

  async function policy(showId: number): Promise<ShowPolicy> {
    listen();
    const hit = cache.get(showId);
    if (hit) return hit;
    const started = cache.epoch();
    const at = now();
    const [slowModeSeconds, terms, rows] = await Promise.all([
      deps.repo.slowModeSeconds(showId),
      deps.repo.blockedTerms(showId),
      deps.repo.activeRestrictions(showId, at),
    ]);
    const p: ShowPolicy = {
      slowModeSeconds,
      terms: new Set(terms),
      restrictions: new Map(
        rows.map((r) => [r.user_id, { kind: r.kind, until: r.until ? r.until.toISOString() : null }]),
      ),
    };
    cache.set(showId, p, started);
    return p;
  }

  /** The fan's restriction in force now, else null (a timeout read before it ended has ended since). */
  async function restrictionOf(showId: number, userId: number): Promise<ChatRestriction | null> {
    const r = (await policy(showId)).restrictions.get(userId);
    if (!r) return null;
    if (r.until && Date.parse(r.until) <= now().getTime()) return null;
    return r;
  }

  return {
    policy,
    restrictionOf,

    /** After a change is stored: every node (this one at once) forgets the show's cached state. */
    async changed(showId: number): Promise<void> {
      cache.forget(showId);
      await deps.bus
        .publish(MODERATION_SYNC_CHANNEL, { kind: 'moderation_changed', show_id: showId })
        .catch((err: unknown) => deps.log.warn({ err, showId }, 'moderation change not shared'));
    },

    close(): void {
      unsubscribe?.();
    },

    /** Throws 429 SLOW_MODE when the fan sent within the show's slow-mode window. */
    async check(showId: number, userId: number, text: string): Promise<GateVerdict> {
      const restriction = await restrictionOf(showId, userId);
      if (restriction) return { held: 'restricted', restriction };
      const p = await policy(showId);
      if (p.slowModeSeconds > 0) {
        try {
          await slowLimiter(p.slowModeSeconds).consume(`${showId}:${userId}`);
        } catch (err) {
          if (err instanceof AppError && err.status === 429) {
            throw new AppError(
              'SLOW_MODE',
              429,
              `Slow mode is on: one message every ${p.slowModeSeconds} seconds.`,
              { retryAfter: err.extra.retryAfter ?? p.slowModeSeconds },
            );
          }
          throw err;
        }
      }
      if (hasChatTerm(text, p.terms)) return { held: 'blocked_term' };
      return { held: null };
    },
  };
}

export type ChatGate = ReturnType<typeof createChatGate>;
