import {
  LIGHTSTICK_REACTION,
  OVER_CAPACITY,
  type WallReactionBody,
  type WallReactionResponse,
  type WallStats,
} from '@encore/contract';
import type { UserRow } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { createBatcher } from '../../platform/batcher.ts';
import type { LimiterFactory } from '../../platform/rate-limit.ts';
import { createTtlCache } from '../../platform/ttl-cache.ts';
import type { HangsService } from '../hangs/hangs.service.ts';
import type { ShowsService } from '../shows/shows.service.ts';
import type { CheerRepo } from './cheer.repo.ts';

/** How long one generated wall stats document is served before the next read regenerates it. */
export const WALL_STATS_REGENERATE_MS = 1000;
/** Posts per transaction at most: a doors-open crowd's, gathered while the last write ran. */
const CHEER_BATCH_MAX = 10_000;
/** Writes failing this long (the database is away): new posts are refused, OVER_CAPACITY. */
const FAILING_LIMIT_MS = 5000;
/**
 * How long a checked hang session stays good for cheering on this node. Longer than the 10 s between
 * a page's sends (the hang module's own session cache is shorter), so a fan's every post after the
 * first is answered from memory; a session left on another node may cheer for up to this long,
 * which adds taps that really happened and nothing else.
 */
const CHEER_SESSION_MS = 60_000;

const overCapacity = () =>
  new AppError(OVER_CAPACITY, 500, 'The cheer wall is over capacity. Please wait a moment.');

/**
 * Cheer ingest and wall stats (CHR-12 to CHR-17). Hundreds of thousands of fans tap at once: a post
 * is checked against caches only (hang, session, budget), then waits for the group commit that adds
 * it: the posts that arrive while one write is in the database go together in the next, one upsert
 * per batch (one row per show), never one write per post. A post is answered only once its taps are
 * committed, so an acknowledged cheer survives a node killed with -9 (issue 15); a failed write
 * answers its posts 503 and the page sends those taps again. Every node adds its own batches, so the
 * total is exact across nodes; the wall stats each node serves are regenerated from it at most once
 * a second per show, and a CDN may cache them as long.
 */
export function createCheerService(deps: {
  hangs: HangsService;
  shows: ShowsService;
  repo: CheerRepo;
  limiter: LimiterFactory;
  budgets: { perUser: number };
  log?: { error(obj: object, msg: string): void };
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const userBudget = deps.limiter('cheer-user', { points: deps.budgets.perUser, durationSec: 10 });
  let failingSince = 0;
  const writer = createBatcher<{ showId: number; taps: number }, void>({
    name: 'cheer-taps',
    maxBatch: CHEER_BATCH_MAX,
    run: async (posts) => {
      const sums = new Map<number, number>();
      for (const p of posts) sums.set(p.showId, (sums.get(p.showId) ?? 0) + p.taps);
      try {
        await deps.repo.addTaps(sums);
      } catch (err) {
        if (!failingSince) failingSince = Date.now();
        deps.log?.error({ err }, 'cheer taps not written; their posts answered 503');
        throw err;
      }
      failingSince = 0;
      return posts.map(() => undefined);
    },
  });

  const stats = new Map<number, { at: number; doc: Promise<WallStats> }>();
  const sessions = createTtlCache<string, { userId: number; hangId: number; showId: number }>({
    name: 'cheer-sessions',
    ttlMs: CHEER_SESSION_MS,
    max: 500_000,
    now: () => now().getTime(),
  });

  /** The show of the fan's open session of this hang, or an error (404 no hang, 412 no session). */
  async function showOfSession(user: UserRow, hangId: number, sessionId: string): Promise<number> {
    const hit = sessions.get(sessionId);
    if (hit && hit.userId === user.id && hit.hangId === hangId) return hit.showId;
    const started = sessions.epoch();
    const ctx = await deps.hangs.hangById(hangId);
    if (!ctx) throw new AppError('HANG_NOT_EXISTS', 404, 'This chat room does not exist.');
    const session = await deps.hangs.activeSession(user, sessionId, ctx.hang.id);
    if (!session) throw new AppError('NOT_ALLOWED', 412, 'Join the chat room before cheering.');
    sessions.set(sessionId, { userId: user.id, hangId, showId: ctx.show.row.id }, started);
    return ctx.show.row.id;
  }

  async function generate(show: { id: number; endsAt: Date }): Promise<WallStats> {
    const at = now();
    const postShow = at.getTime() >= show.endsAt.getTime();
    return {
      toss_data: { total_cumulative_lt_stk: await deps.repo.total(show.id) },
      wall_metadata: {
        post_show: postShow,
        reactions: [{ name: LIGHTSTICK_REACTION, active: !postShow, mute: false }],
      },
      generated_at: at.toISOString(),
    };
  }

  return {
    async wallReaction(
      user: UserRow,
      params: { hangId: number; sessionId: string },
      body: WallReactionBody,
    ): Promise<WallReactionResponse> {
      if (body.hang_id !== params.hangId) {
        throw new AppError('BAD_REQUEST', 400, 'hang_id: does not match the path.', { field: 'hang_id' });
      }
      const showId = await showOfSession(user, params.hangId, params.sessionId);
      if (failingSince && Date.now() - failingSince > FAILING_LIMIT_MS) throw overCapacity();
      try {
        await userBudget.consume(String(user.id));
      } catch (err) {
        if (err instanceof AppError && err.status === 429) throw overCapacity();
        throw err;
      }
      const taps = body.toss_data.lt_stk;
      await writer.submit({ showId, taps });
      return { toss_id: body.toss_id, lt_stk: taps };
    },

    /** The wall stats document of `<channel_id>.json`: 400 for another name, 404 for no such show. */
    async wallStats(file: string): Promise<WallStats> {
      const match = /^([1-9]\d{0,9})\.json$/.exec(file);
      if (!match) throw new AppError('BAD_REQUEST', 400, 'Not a wall stats document name.', { field: 'id' });
      const entry = await deps.shows.byChannelId(Number(match[1]));
      if (!entry) throw new AppError('NOT_FOUND', 404, 'No wall stats for this show.');
      const show = { id: entry.row.id, endsAt: entry.row.event_end_time };
      const at = now().getTime();
      const hit = stats.get(show.id);
      if (hit && at - hit.at < WALL_STATS_REGENERATE_MS) return hit.doc;
      // Concurrent readers share one regeneration; a failed one is not kept.
      const doc = generate(show);
      stats.set(show.id, { at, doc });
      doc.catch(() => stats.delete(show.id));
      return doc;
    },
  };
}

export type CheerService = ReturnType<typeof createCheerService>;
