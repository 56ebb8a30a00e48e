import { z } from 'zod';
import { Alert, CueStamp } from './alerts.ts';
import { FAN_DISTANCE } from './cue-timeline-rules.ts';
import { safeInt } from './safe-input.ts';
import { IsoDateTime } from './shows.ts';

/**
 * The cue timeline's API (issue 27; the rules and carriers are in cue-timeline-rules.ts).
 */

/** One timed cue as stored: its moment on the show clock, when the host sent it, and the alert. */
export const TimedCue = CueStamp.extend({ sent_at: IsoDateTime, alert: Alert });
export type TimedCue = z.infer<typeof TimedCue>;

/**
 * POST /thor/shows/{slug}/distance/: a watching fan's player reports how far its picture is behind
 * the show clock (FAN_DISTANCE in cue-timeline-rules.ts). 204; 400 out of range; 401; 403 NO_TICKET.
 */
export const FanDistanceBody = z.object({ behind_ms: safeInt().min(0).max(FAN_DISTANCE.maxBehindMs) });
export type FanDistanceBody = z.infer<typeof FanDistanceBody>;

/** What the fans' reports say about how far behind the show clock they watch. */
export const FanDistances = z.object({
  /** Fans whose player reported within FAN_DISTANCE.freshMs. */
  reporting: safeInt(),
  median_ms: safeInt().nullable(),
  /** The 95th percentile: "the slowest fans" (the few beyond it are stalled or paused). */
  p95_ms: safeInt().nullable(),
  max_ms: safeInt().nullable(),
});
export type FanDistances = z.infer<typeof FanDistances>;

/** GET /thor/host/shows/{slug}/cue-timeline: the latest timed cues, newest first, and the distances. */
export const CueTimelineQuery = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });
export const CueTimeline = z.object({
  cues: z.array(TimedCue),
  distances: FanDistances,
  /** The server's clock when answered, so the control room says "in 4 s" without trusting its own. */
  now: IsoDateTime,
});
export type CueTimeline = z.infer<typeof CueTimeline>;
