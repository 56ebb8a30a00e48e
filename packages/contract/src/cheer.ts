import { z } from 'zod';
import { HangId, HangSessionId } from './chat.ts';
import { MAX_LT_STK_PER_POST, WALL_REACTION } from './cheer-rules.ts';
import { safeCount, safeInt, safeString } from './safe-input.ts';

/**
 * Cheers (viewing sections 3, 4, 7, 8; CHR rows). A fan's taps are counted in the page and sent every
 * 10 s to POST /thor/hangs/{hangId}/{sessionId}/wall_reaction/ (the hang joined through join_hang);
 * everyone's total comes back through GET /wall_stats/{channel_id}.json, a cacheable document the
 * server regenerates every second.
 */

/** Outgoing light-stick count as the client builds it (CHR-11). */
export type OutgoingWallReaction = {
  hangId: number;
  tossType: typeof WALL_REACTION;
  tossText: '';
  uuid: string;
  count: number;
};

export const WallReactionParams = z.object({ hangId: HangId, sessionId: HangSessionId });
export const WallReactionBody = z.object({
  hang_id: HangId,
  toss_type: z.literal(WALL_REACTION),
  toss_id: z.uuid(),
  toss_text: z.literal(''),
  toss_data: z.object({ lt_stk: safeInt().min(1).max(MAX_LT_STK_PER_POST) }),
});
export type WallReactionBody = z.infer<typeof WallReactionBody>;

/** 200: the count was added (it shows in the wall stats within about a second). 500 OVER_CAPACITY. */
export const WallReactionResponse = z.object({ toss_id: safeString(), lt_stk: safeInt() });
export type WallReactionResponse = z.infer<typeof WallReactionResponse>;

export const WallStatsParams = z.object({ file: safeString().max(64) });

export const WallReaction = z.object({ name: safeString(), active: z.boolean(), mute: z.boolean() });
/** GET /wall_stats/{id}.json (CHR-14, CHR-16). 400 or 404 INTERACTION_FETCH_FAILURE, 500 INTERNAL_SERVER_ERROR. */
export const WallStats = z.object({
  toss_data: z.object({ total_cumulative_lt_stk: safeCount() }),
  wall_metadata: z.object({
    post_show: z.boolean(),
    reactions: z.array(WallReaction),
  }),
  /** When the server generated this document (ISO 8601): the document is cached for a second. */
  generated_at: safeString(),
});
export type WallStats = z.infer<typeof WallStats>;
