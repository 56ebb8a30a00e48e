import { z } from 'zod';
import { ErrorBody } from './errors.ts';
import { safeInt, safeString } from './safe-input.ts';

/**
 * The waiting room in front of doors-open (issue 28, docs/decisions.md "The waiting room"). A fan's
 * enter (POST /thor/shows/{slug}/enter/) that comes faster than the show's admission rate is answered
 * 429 IN_QUEUE with a signed place in line (`queue.token`); the fan then polls GET
 * /thor/shows/{slug}/queue/?token=... (no database work, a cacheable answer) and enters again with the
 * token once `admitted` is true. A fan already inside (a reload, another device) is never queued again.
 */

/** How fans who arrived before doors open are let in when they open (the host's choice). */
export const QueuePolicy = z.enum(['arrival', 'random']);
export type QueuePolicy = z.infer<typeof QueuePolicy>;

/** A signed place in line: base64url payload, a dot, base64url HMAC-SHA256. */
export const QueueToken = safeString()
  .min(16)
  .max(400)
  .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);

/** Where a fan stands: the answer of the poll and the `queue` of a 429 IN_QUEUE. */
export const QueueStatus = z.object({
  token: QueueToken,
  /** 1 = next in; null while a random-order pre-queue waits for its draw at doors-open. */
  place: safeInt().min(0).nullable(),
  /** The fan may enter now (with this token). */
  admitted: z.boolean(),
  /** Places up to this one have been let in (the show's admission mark). */
  admitted_through: safeInt().min(0),
  /** Fans waiting, whole show. */
  queue_length: safeInt().min(0),
  /** Seconds until this fan's turn at the present rate; null while admission is paused or undrawn. */
  estimated_wait_s: safeInt().min(0).nullable(),
  /** Fans let in per second now (the host's setting, lowered while the servers are saturated). */
  admission_rate: z.number().min(0),
  paused: z.boolean(),
  policy: QueuePolicy,
  /** When the doors of the window this place belongs to open (ISO): the page's countdown. */
  doors_open_at: safeString(),
  /** Poll again after this long. */
  poll_after_ms: safeInt().min(0),
});
export type QueueStatus = z.infer<typeof QueueStatus>;

/** 429 IN_QUEUE: the fan's place instead of an entry. */
export const InQueueBody = ErrorBody.extend({ queue: QueueStatus });
export type InQueueBody = z.infer<typeof InQueueBody>;

/** The enter call's optional body: the place held, to enter once it is admitted. */
export const EnterEventBody = z
  .object({ queue_token: QueueToken.optional() })
  .nullish()
  .transform((b) => b ?? {});

export const QueuePollQuery = z.object({ token: QueueToken });
export const QueuePollParams = z.object({ slug: safeString().min(1).max(100) });

/** Limits of the host's settings (the form and the server share them). */
export const WAITING_ROOM_LIMITS = {
  rateMin: 0.01,
  rateMax: 100_000,
  activeMax: 10_000_000,
  prequeueMaxMinutes: 24 * 60,
} as const;

/** PUT /thor/host/shows/{slug}/waiting-room: the host's settings of a show's waiting room. */
export const WaitingRoomSettings = z.object({
  /** Fans let in per second. */
  rate_per_second: z.number().min(WAITING_ROOM_LIMITS.rateMin).max(WAITING_ROOM_LIMITS.rateMax),
  /** Fans inside at most (device sessions of the show); new admission waits while it is reached. */
  max_active: z.number().int().min(1).max(WAITING_ROOM_LIMITS.activeMax),
  policy: QueuePolicy,
  paused: z.boolean(),
  /** Minutes before doors open that fans may take a place (0: no pre-queue, 403 until doors). */
  prequeue_minutes: z.number().int().min(0).max(WAITING_ROOM_LIMITS.prequeueMaxMinutes),
});
export type WaitingRoomSettings = z.infer<typeof WaitingRoomSettings>;

/** GET /thor/host/shows/{slug}/waiting-room: the settings and the room as it is now. */
export const WaitingRoomState = WaitingRoomSettings.extend({
  queue_length: safeInt().min(0),
  /** Places handed out in the current window, and let in. */
  joined: safeInt().min(0),
  admitted_through: safeInt().min(0),
  /** The rate applied now: the setting times the saturation factor (0 while paused or full). */
  effective_rate: z.number().min(0),
  /** 0.05..1: lowered while a node reports saturation, raised again when it clears. */
  auto_factor: z.number().min(0).max(1),
  /** The last in line's wait at the effective rate; null when nothing moves. */
  estimated_wait_s: safeInt().min(0).nullable(),
  /** Fans inside now, as counted for max_active. */
  active: safeInt().min(0),
  /** The signals that lowered admission last (event_loop, db_pool, entry_p99), empty when none. */
  saturated_by: z.array(safeString()),
});
export type WaitingRoomState = z.infer<typeof WaitingRoomState>;
