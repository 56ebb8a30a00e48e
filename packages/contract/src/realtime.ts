import { z } from 'zod';
import { Alert, CueStamp } from './alerts.ts';
import { ChatRestriction, Toss } from './chat.ts';
import { FiguresSample } from './control-room.ts';
import { safeString } from './safe-input.ts';

/**
 * The realtime protocol of /realtime (DESIGN.md section 5): one WebSocket per tab. Every frame is JSON
 * and one member of a tagged union, defined here once for both ends.
 *
 * Client to server: `auth` first (the token never travels in the URL, where proxies would log it),
 * then `subscribe` with the last sequence seen per channel to resume, and `ping` as a heartbeat.
 * Server to client: `ready` after auth, then `event` frames, each carrying its channel and the
 * channel's sequence number, so a reconnecting client can ask for what it missed.
 */

export const ClientFrame = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('auth'),
    token: safeString().max(200),
    session_id: safeString().max(64).optional(),
  }),
  z.object({
    type: z.literal('subscribe'),
    channels: z
      .array(z.object({ channel: safeString().max(120), last_seq: z.number().int().min(0).optional() }))
      .max(16),
  }),
  z.object({ type: z.literal('unsubscribe'), channels: z.array(safeString().max(120)).max(16) }),
  z.object({ type: z.literal('ping') }),
]);
export type ClientFrame = z.infer<typeof ClientFrame>;

/**
 * What is published on a channel: `user-<id>` carries the device events and targeted alerts,
 * `hang-<suffix>` tosses and presence, `show-<slug>` show-wide alerts.
 */
export const ChannelEvent = z.discriminatedUnion('kind', [
  /** A newer device took this session's place (DEV-02): show the too-many-devices text, sign out. */
  z.object({
    kind: z.literal('device_logout'),
    session_id: z.string(),
    reason: z.literal('too_many_devices'),
  }),
  /** The number of live device sessions of a ticket changed (DEV-03: chat off while more than one). */
  z.object({ kind: z.literal('devices'), paid_event_name: z.string(), count: z.number().int().min(0) }),
  /** A chat message on `hang-<pubnubForHang>` (CHAT-21): only delivered tosses are published. */
  z.object({ kind: z.literal('toss'), toss: Toss }),
  /**
   * A host alert (ALR-02) on `show-<slug>`, or on the target's `user-<id>` when `alert.f` is set.
   * Viewers ignore an alert whose `f` is another username (ALR-04) and replace %u in msg themselves.
   */
  z.object({
    kind: z.literal('alert'),
    slug: z.string(),
    alert: Alert,
    /**
     * A timed cue's place on the show clock (issue 27): a player with a picture applies it when its
     * picture's program date reaches `at`; without a picture, on arrival. Absent: on arrival.
     */
    cue: CueStamp.optional(),
  }),
  /** A show's live figures on the host-only `host-<slug>` channel (the control room). */
  z.object({ kind: z.literal('figures'), slug: z.string(), sample: FiguresSample }),
  /** The number of fans in a hang, counted across nodes, on its hang channel (at most one a second). */
  /**
   * Live ingest (issue 11): the show's broadcast state changed (Go live, End show, replay ready), on
   * `show-<slug>` (the viewer) and `state-<slug>` (the landing page, any signed-in fan).
   */
  z.object({
    kind: z.literal('broadcast'),
    slug: z.string(),
    state: z.enum(['scheduled', 'doors_open', 'live', 'ended', 'replay']),
  }),
  z.object({
    kind: z.literal('presence'),
    hang_id: z.number().int(),
    number_active: z.number().int().min(0),
  }),
  /** Moderation: a host or moderator deleted this toss for everyone; remove it from the list. */
  z.object({ kind: z.literal('toss_deleted'), hang_id: z.number().int(), toss_id: z.string() }),
  /** Moderation, on `user-<id>`: this fan's restriction in the show changed (null: lifted). */
  z.object({
    kind: z.literal('chat_restriction'),
    slug: z.string(),
    restriction: ChatRestriction.nullable(),
  }),
  /**
   * Between nodes only, on `internal-moderation` (no client may subscribe: no rule for `internal`):
   * a show's restrictions, slow mode or blocked terms changed; every node forgets its cached copy.
   */
  z.object({ kind: z.literal('moderation_changed'), show_id: z.number().int() }),
  /** Moderation, on `show-<slug>`: slow mode changed (0: off). */
  z.object({ kind: z.literal('chat_policy'), slug: z.string(), slow_mode_seconds: z.number().int().min(0) }),
]);
export type ChannelEvent = z.infer<typeof ChannelEvent>;

export const ServerFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), user_id: z.number().int(), session_valid: z.boolean() }),
  z.object({ type: z.literal('event'), channel: z.string(), seq: z.number().int(), event: ChannelEvent }),
  /** The device session named in `auth` has expired or was replaced: re-enter through Enter (DEV-05). */
  z.object({ type: z.literal('session_expired'), session_id: z.string() }),
  z.object({ type: z.literal('pong') }),
  /**
   * What the client missed on `channel` since its last_seq is not all retained (the bus restarted, or
   * more happened than the history keeps): reload the channel's state from its HTTP source. A gap in
   * the sequence numbers of live events means the same.
   */
  z.object({ type: z.literal('resync'), channel: z.string() }),
  /**
   * `channel` names the subscription a refusal is about, so its feature can say so (LAND-33). Codes:
   * BAD_FRAME, FORBIDDEN, RESUME_FAILED, and the limits of REALTIME_LIMITS: TOO_MANY_SUBSCRIPTIONS,
   * SUBSCRIBE_RATE_LIMITED (the channel was not subscribed; the socket stays open).
   */
  z.object({
    type: z.literal('error'),
    code: z.string(),
    message: z.string(),
    channel: z.string().optional(),
  }),
  /**
   * The server ended this subscription: the fan may no longer read `channel` (the ticket for the show
   * `slug` was revoked by a host or refunded, a moderator was dismissed). Nothing more comes on it;
   * the client forgets the channel (no resubscribe after a reconnect) and says the ticket is gone.
   */
  z.object({
    type: z.literal('unsubscribed'),
    channel: z.string(),
    slug: z.string(),
    reason: z.literal('access_revoked'),
  }),
]);
export type ServerFrame = z.infer<typeof ServerFrame>;

/**
 * One WebSocket message from the server: a frame, or an array of frames. The server batches a
 * channel's events for a short tick and writes the same bytes to every subscriber (DESIGN.md
 * section 5), so several `event` frames of one tick arrive as one array, in sequence order.
 */
export const ServerMessage = z.union([ServerFrame, z.array(ServerFrame).min(1)]);
export type ServerMessage = z.infer<typeof ServerMessage>;

/**
 * Per-socket limits of /realtime (issue 29; Twitch EventSub allows 300 subscriptions per connection).
 * A subscribe beyond `maxSubscriptions` channels, or beyond the budget of new channels (a burst of
 * `subscribeBurst`, then `subscribeRefillPerSecond`), is answered `error` with the code below and the
 * channel, and not subscribed. The real client uses a handful (the viewer: user, show, hang; the
 * landing: one per live-ingest show; a moderator: one per hang of the show).
 */
export const REALTIME_LIMITS = {
  maxSubscriptions: 300,
  subscribeBurst: 300,
  subscribeRefillPerSecond: 5,
} as const;
export const TOO_MANY_SUBSCRIPTIONS = 'TOO_MANY_SUBSCRIPTIONS';
export const SUBSCRIBE_RATE_LIMITED = 'SUBSCRIBE_RATE_LIMITED';
