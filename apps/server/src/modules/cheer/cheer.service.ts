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
import type { HangsService } from '../hangs/hangs.service.ts';
import type { ShowsService } from '../shows/shows.service.ts';
import type { CheerRepo } from './cheer.repo.ts';

/** How long one generated wall stats document is served before the next read regenerates it. */
export const WALL_STATS_REGENERATE_MS = 1000;
/** Posts waiting for the database on this node past which new ones are refused (OVER_CAPACITY). */
const MAX_WAITING_POSTS = 50_000;

const overCapacity = () =>
  new AppError(OVER_CAPACITY, 500, 'The cheer wall is over capacity. Please wait a moment.');

/**
 * Cheer ingest and wall stats (CHR-12 to CHR-17). Hundreds of thousands of fans tap at once: a post
 * is checked against caches only (hang, session, budget), then waits for the next group commit, which
 * adds all the posts gathered meanwhile with one upsert per batch (one row per show). Every node adds
 * its own batches to PostgreSQL, so the total is exact across nodes; the wall stats each node serves
 * are regenerated from it at most once a second per show, and a CDN may cache them as long.
 */
export function createCheerService(deps: {
  hangs: HangsService;
  shows: ShowsService;
  repo: CheerRepo;
  limiter: LimiterFactory;
  budgets: { perUser: number };
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const userBudget = deps.limiter('cheer-user', { points: deps.budgets.perUser, durationSec: 10 });
  const writer = createBatcher<{ showId: number; taps: number }, void>({
    maxBatch: 10_000,
    run: async (items) => {
      const deltas = new Map<number, number>();
      for (const { showId, taps } of items) deltas.set(showId, (deltas.get(showId) ?? 0) + taps);
      await deps.repo.addTaps(deltas);
      return items.map(() => undefined);
    },
  });
  const stats = new Map<number, { at: number; doc: Promise<WallStats> }>();

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
      const ctx = await deps.hangs.hangById(params.hangId);
      if (!ctx) throw new AppError('HANG_NOT_EXISTS', 404, 'This chat room does not exist.');
      const session = await deps.hangs.activeSession(user, params.sessionId, ctx.hang.id);
      if (!session) throw new AppError('NOT_ALLOWED', 412, 'Join the chat room before cheering.');
      if (writer.pending > MAX_WAITING_POSTS) throw overCapacity();
      try {
        await userBudget.consume(String(user.id));
      } catch (err) {
        if (err instanceof AppError && err.status === 429) throw overCapacity();
        throw err;
      }
      const taps = body.toss_data.lt_stk;
      await writer.submit({ showId: ctx.show.row.id, taps });
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
