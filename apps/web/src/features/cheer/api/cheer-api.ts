import {
  type OutgoingWallReaction,
  resultCode,
  toWallReactionBody,
  type WallReactionResponse,
  type WallStats,
  wallStatsPath,
} from '@encore/contract';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { statusOf } from '../../../lib/api/api-error.ts';

export type CheerCallResult<T> = { ok: true; data: T } | { ok: false; code: string };

/** POST wall_reaction (CHR-12): 500 is OVER_CAPACITY, any other failure UNKNOWN (CHR-13). */
export async function postWallReaction(
  sessionId: string,
  reaction: OutgoingWallReaction,
): Promise<CheerCallResult<WallReactionResponse>> {
  try {
    const res = await apiRequest<WallReactionResponse>(
      `/thor/hangs/${reaction.hangId}/${encodeURIComponent(sessionId)}/wall_reaction/`,
      { method: 'POST', body: toWallReactionBody(reaction), handleAuthFailure: 'unauthorized-only' },
    );
    return { ok: true, data: res.data };
  } catch (error) {
    return { ok: false, code: resultCode('wallReaction', statusOf(error)) };
  }
}

/** GET /wall_stats/{channel_id}.json (CHR-14): 400 or 404 INTERACTION_FETCH_FAILURE, 500 INTERNAL_SERVER_ERROR. */
export async function fetchWallStats(
  channelId: number,
  signal?: AbortSignal,
): Promise<CheerCallResult<WallStats>> {
  try {
    const res = await apiRequest<WallStats>(wallStatsPath(channelId), { auth: false, signal });
    return { ok: true, data: res.data };
  } catch (error) {
    return { ok: false, code: resultCode('wallStats', statusOf(error)) };
  }
}
