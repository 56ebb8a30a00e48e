import { z } from 'zod';
import { TOSS_TEXT_MAX, TOSS_TYPES } from './chat-rules.ts';
import { IsoDateTime, PaidEventName } from './shows.ts';

/**
 * Chat rooms (hangs) and their messages (tosses): viewing sections 3, 4 and 7, docs/chat-and-realtime.md.
 *
 * A show's chat is sharded into hangs of bounded capacity. GET get_hangs_list answers one featured
 * hang per show; PUT join_hang with that id places the fan in a hang of the show with room, and the
 * answer is the hang actually joined: use ITS id for toss, leave_hang and hang_status, and subscribe
 * to `hang-<pubnubForHang>` (hangChannel) on /realtime. Authenticated: `Authorization: Token <key>`.
 */

export const HangId = z.coerce.number().int().positive();

/** A sender as every viewer sees it (CHAT-24). */
export const TossSender = z.object({
  id: z.number().int(),
  username: z.string(),
  profile_image_75x75: z.string().nullable(),
  profile_image_150x150: z.string().nullable(),
  /** A first value 'verified' marks a verified sender (isVerifiedSender). */
  chat_monikers: z.array(z.string()),
});
export type TossSender = z.infer<typeof TossSender>;

export const TossType = z.enum(TOSS_TYPES);
export type TossType = z.infer<typeof TossType>;

/** Sticker tosses carry the sticker; receivers get its image too (STK-24). Chat tosses: null. */
export const TossData = z.object({ sticker_id: z.string(), display_image: z.string() });
export type TossData = z.infer<typeof TossData>;

/** Toss (chat message), as delivered on the hang channel and in join_hang's `tosses`. */
export const Toss = z.object({
  toss_id: z.string(),
  hang_id: z.number().int(),
  toss_type: TossType,
  toss_text: z.string(),
  toss_data: TossData.nullable(),
  /** Stamped by the server (ISO 8601, UTC). */
  send_time: IsoDateTime,
  sender: TossSender,
});
export type Toss = z.infer<typeof Toss>;

/**
 * What the hang lets a fan toss (CHAT-04 was open; docs/decisions.md): chat text, stickers, cheers.
 * chat is false while the host has disabled outgoing chat.
 */
export const HangPermissions = z.object({
  chat: z.boolean(),
  sticker: z.boolean(),
  wall_reaction: z.boolean(),
});
export type HangPermissions = z.infer<typeof HangPermissions>;

/** Hang (chat room / session), viewing section 3 (CHAT-03). */
export const Hang = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  permissions: HangPermissions,
  image: z.string().nullable(),
  /** Shard number within the show, 1 first. */
  rank: z.number().int(),
  /** The show's channel_id. */
  channel_id: z.number().int(),
  /** The show's paid_event_name (Encore addition: the toss body carries it). */
  paid_event_name: z.string(),
  /** The show's slug: its show-wide alerts come on `show-<slug>` (showChannel). */
  slug: z.string(),
  /** Player-sync content id: the show's base stream name. */
  player_sync_content_id: z.string(),
  /** The toss types this hang carries. */
  toss_list: z.array(TossType),
  /** Suffix of the realtime channel: subscribe to hangChannel(pubnubForHang). */
  pubnubForHang: z.string(),
  /** Milliseconds between hang_status polls the server suggests. */
  polling_interval: z.number().int(),
  number_active: z.number().int().min(0),
  /** The fan's hang session: '' outside join_hang's answer. Persist as hangSession. */
  session_id: z.string(),
  current_server_name: z.string(),
  current_server_time: IsoDateTime,
  /** The most recent tosses, oldest first (at most LIMITS.chatListMax). Empty outside join_hang. */
  tosses: z.array(Toss),
  /** Whether the host currently allows outgoing chat (Encore addition, ALR-09 for late joiners). */
  chat_enabled: z.boolean(),
});
export type Hang = z.infer<typeof Hang>;

/** GET /thor/hangs/get_hangs_list/?filter=featured_hangs[&channel_id=] (CHAT-05). 400, 404 USER_NOT_FOUND. */
export const HangsListQuery = z.object({
  filter: z.literal('featured_hangs'),
  /** Only this show's hang (Encore addition); without it, every show that is not over. */
  channel_id: z.coerce.number().int().positive().optional(),
  paid_event_name: PaidEventName.optional(),
});
export type HangsListQuery = z.infer<typeof HangsListQuery>;
export const HangCategory = z.object({ name: z.string(), hangs: z.array(Hang) });
export const HangsListResponse = z.object({ hang_category_list: z.array(HangCategory) });
export type HangsListResponse = z.infer<typeof HangsListResponse>;

/** A hang session id: 'new' on first join, else the one join_hang answered. */
export const HangSessionId = z.string().min(1).max(64);

/**
 * PUT /thor/hangs/join_hang/ (CHAT-07). 200: the Hang joined (with session_id and recent tosses).
 * 202 NO_TICKET, 206 VIDEO_UNAVAILABLE, 400 BAD_REQUEST, 403 EVENT_NOT_OPEN, 412 NOT_ALLOWED,
 * 404 USER_NOT_FOUND, 409 NOT_ACTIVE, 5xx INTERNAL_SERVER_ERROR (docs/chat-and-realtime.md says when).
 */
export const JoinHangBody = z.object({ hang_id: HangId, session_id: HangSessionId });
export type JoinHangBody = z.infer<typeof JoinHangBody>;
export const JoinHangResponse = Hang;
export type JoinHangResponse = Hang;

/** PUT /thor/hangs/leave_hang (no trailing slash). 200; 400 BAD_REQUEST; 404 HANG_NOT_EXISTS. */
export const LeaveHangBody = z.object({ hang_id: HangId, session_id: HangSessionId });
export type LeaveHangBody = z.infer<typeof LeaveHangBody>;
export const LeaveHangResponse = z.object({
  hang_id: z.number().int(),
  session_id: z.string(),
  left: z.literal(true),
});
export type LeaveHangResponse = z.infer<typeof LeaveHangResponse>;

/** GET /thor/hangs/hang_status/?hang_id&channel_id&session_id. 200; 400 BAD_REQUEST; 404 HANG_NOT_EXISTS. */
export const HangStatusQuery = z.object({
  hang_id: HangId,
  channel_id: z.coerce.number().int().positive().optional(),
  session_id: HangSessionId.optional(),
});
export type HangStatusQuery = z.infer<typeof HangStatusQuery>;
export const HangStatusResponse = z.object({
  hang_id: z.number().int(),
  number_active: z.number().int().min(0),
  chat_enabled: z.boolean(),
  current_server_time: IsoDateTime,
});
export type HangStatusResponse = z.infer<typeof HangStatusResponse>;

/** GET /thor/chats/monikers/ (CHAT-26): the monikers a sender can carry. */
export const Moniker = z.object({ value: z.string(), display_name: z.string() });
export const MonikersResponse = z.object({ monikers: z.array(Moniker) });
export type MonikersResponse = z.infer<typeof MonikersResponse>;

/**
 * Outgoing toss as the client builds it (CHAT-27): hangId, tossType, tossText, paidEvent, uuid,
 * optional tossData. toTossBody maps it to the wire body.
 */
export type OutgoingToss = {
  hangId: number;
  tossType: TossType;
  tossText: string;
  paidEvent: string;
  uuid: string;
  tossData?: { sticker_id: string };
};

/** POST /thor/hangs/{hangId}/{sessionId}/toss/ (CHAT-28). */
export const TossParams = z.object({ hangId: HangId, sessionId: HangSessionId });
export const TossBody = z
  .object({
    hang_id: HangId,
    toss_type: TossType,
    /** The client's uuid: it becomes the toss_id, so the sender's echo de-duplicates (CHAT-45). */
    toss_id: z.uuid(),
    toss_text: z.string().max(TOSS_TEXT_MAX),
    // Optional (viewing section 4): a chat toss may send null, {} or nothing; a sticker toss names its sticker.
    toss_data: z
      .object({ sticker_id: z.string().min(1).max(64).optional() })
      .nullable()
      .optional(),
    paid_event_name: PaidEventName,
  })
  .refine((b) => (b.toss_type === 'sticker' ? Boolean(b.toss_data?.sticker_id) : b.toss_text.trim() !== ''), {
    message: 'a chat toss needs text, a sticker toss needs toss_data.sticker_id',
    path: ['toss_text'],
  });
export type TossBody = z.infer<typeof TossBody>;

export function toTossBody(t: OutgoingToss): TossBody {
  return {
    hang_id: t.hangId,
    toss_type: t.tossType,
    toss_id: t.uuid,
    toss_text: t.tossText,
    toss_data: t.tossData ?? null,
    paid_event_name: t.paidEvent,
  };
}

/**
 * 200 answer of a toss. delivered false: held back (a banned word, or chat disabled by the host); the
 * client shows it to the sender only (CHAT-41, CHAT-42). 500 OVER_CAPACITY: the user's or the hang's
 * budget is spent; lock sending for 20 s. Any other failure: 'chat send error'.
 */
export const TossResponse = z.object({
  toss: Toss,
  delivered: z.boolean(),
  reason: z.enum(['profanity', 'chat_disabled']).optional(),
});
export type TossResponse = z.infer<typeof TossResponse>;
