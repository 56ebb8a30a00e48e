/**
 * Cheer and wall stats rules (viewing sections 4 and 9, CHR rows), Zod-free so the browser bundle
 * carries no schema code.
 */

import type { OutgoingWallReaction, WallReactionBody } from './cheer.ts';

/** The toss type of a light-stick count (viewing section 3). */
export const WALL_REACTION = 'wall_reaction';
/** The reaction the wall stats name for light-stick taps. */
export const LIGHTSTICK_REACTION = 'lt_stk';
/** Taps one wall_reaction post may carry: ten seconds of very fast tapping, with room to spare. */
export const MAX_LT_STK_PER_POST = 1000;

export const CHEER_TIMINGS_MS = {
  /** The count is sent every 10 s while it is above zero; the first send 10 s after start (CHR-09). */
  sendInterval: 10_000,
  firstSend: 10_000,
  /** Light-stick timer default 10 s; its effect is set up after 1 s (CHR-10). */
  lightstickTimer: 10_000,
  lightstickEffectSetup: 1000,
  /** Wall stats poll default; the event configuration's wall_stats_interval overrides it (CHR-15). */
  wallStatsPoll: 5000,
} as const;

/** The global light-stick tally's animation (CHR-21). */
export const TALLY_TIMINGS_MS = { update: 250, tween: 500, duration: 1000 } as const;

/** Seconds a CDN (and the browser) may keep a wall stats document; the server regenerates it each second. */
export const WALL_STATS_MAX_AGE_S = 1;

/** The wall stats URL for a show: GET /wall_stats/{channel_id}.json (viewing section 7). */
export const wallStatsPath = (channelId: number): string => `/wall_stats/${channelId}.json`;

/**
 * The global count shown (CHR-05, CHR-06 decided in DESIGN.md section 10): a tap raises it at once,
 * the polled total plus taps not yet sent may raise it further, and nothing ever lowers it.
 */
export function nextGlobalCount(shown: number, polled: number | null, unsent: number): number {
  return polled === null ? shown : Math.max(shown, polled + unsent);
}

/** The wall stats poll interval: the event configuration's wall_stats_interval, else 5000 ms (CHR-15). */
export const wallStatsIntervalMs = (configured: number | undefined): number =>
  configured !== undefined && Number.isFinite(configured) && configured > 0
    ? configured
    : CHEER_TIMINGS_MS.wallStatsPoll;

/** The wire body of a light-stick count the client built (CHR-11). */
export function toWallReactionBody(r: OutgoingWallReaction): WallReactionBody {
  return {
    hang_id: r.hangId,
    toss_type: r.tossType,
    toss_id: r.uuid,
    toss_text: r.tossText,
    toss_data: { lt_stk: r.count },
  };
}
