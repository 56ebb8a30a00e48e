import { z } from 'zod';
import { TOSS_TEXT_MAX, TOSS_TYPES } from './chat-rules.ts';
import { CHAT_RESTRICTION_KINDS } from './moderation-rules.ts';
import { safeIdParam, safeInt, safeString } from './safe-input.ts';
import { IsoDateTime, PaidEventName } from './shows.ts';
import { isVisiblyEmpty } from './text-normalise.ts';

/**
 * Chat rooms (hangs) and their messages (tosses): viewing sections 3, 4 and 7, docs/chat-and-realtime.md.
 *
 * A show's chat is sharded into hangs of bounded capacity. GET get_hangs_list answers one featured
 * hang per show; PUT join_hang with that id places the fan in a hang of the show with room, and the
 * answer is the hang actually joined: use ITS id for toss, leave_hang and hang_status, and subscribe
 * to `hang-<pubnubForHang>` (hangChannel) on /realtime. Authenticated: `Authorization: Token <key>`.
 */

export const HangId = safeIdParam();

/** A sender as every viewer sees it (CHAT-24). */
export const TossSender = z.object({
  id: safeInt(),
  username: safeString(),
  profile_image_75x75: safeString().nullable(),
  profile_image_150x150: safeString().nullable(),
  /** A first value 'verified' marks a verified sender (isVerifiedSender). */
  chat_monikers: z.array(safeString()),
});
export type TossSender = z.infer<typeof TossSender>;

export const TossType = z.enum(TOSS_TYPES);
export type TossType = z.infer<typeof TossType>;

/** Sticker tosses carry the sticker; receivers get its image too (STK-24). Chat tosses: null. */
export const TossData = z.object({ sticker_id: safeString(), display_image: safeString() });
export type TossData = z.infer<typeof TossData>;

/** Toss (chat message), as delivered on the hang channel and in join_hang's `tosses`. */
export const Toss = z.object({
  toss_id: safeString(),
  hang_id: safeInt(),
  toss_type: TossType,
  toss_text: safeString(),
  toss_data: TossData.nullable(),
  /** Stamped by the server (ISO 8601, UTC). */
  send_time: IsoDateTime,
  sender: TossSender,
});
export type Toss = z.infer<typeof Toss>;

/**
 * What keeps this fan from chatting in the show (moderation): a timeout until a time, a ban, or the
 * host's per-fan chat off; until null lasts until lifted. Toss answers and join_hang carry it.
 */
export const ChatRestriction = z.object({
  kind: z.enum(CHAT_RESTRICTION_KINDS),
  until: IsoDateTime.nullable(),
});
export type ChatRestriction = z.infer<typeof ChatRestriction>;

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
  id: safeInt(),
  name: safeString(),
  description: safeString(),
  category: safeString(),
  permissions: HangPermissions,
  image: safeString().nullable(),
  /** Shard number within the show, 1 first. */
  rank: safeInt(),
  /** The show's channel_id. */
  channel_id: safeInt(),
  /** The show's paid_event_name (Encore addition: the toss body carries it). */
  paid_event_name: safeString(),
  /** The show's slug: its show-wide alerts come on `show-<slug>` (showChannel). */
  slug: safeString(),
  /** Player-sync content id: the show's base stream name. */
  player_sync_content_id: safeString(),
  /** The toss types this hang carries. */
  toss_list: z.array(TossType),
  /** Suffix of the realtime channel: subscribe to hangChannel(pubnubForHang). */
  pubnubForHang: safeString(),
  /** Milliseconds between hang_status polls the server suggests. */
  polling_interval: safeInt(),
  number_active: safeInt().min(0),
  /** The fan's hang session: '' outside join_hang's answer. Persist as hangSession. */
  session_id: safeString(),
  current_server_name: safeString(),
  current_server_time: IsoDateTime,
  /** The most recent tosses, oldest first (at most LIMITS.chatListMax). Empty outside join_hang. */
  tosses: z.array(Toss),
  /** Whether the host currently allows outgoing chat (Encore addition, ALR-09 for late joiners). */
  chat_enabled: z.boolean(),
  /** Moderation (Encore addition): the joining fan's own restriction in this show, in join_hang only. */
  chat_restriction: ChatRestriction.nullable().optional(),
  /** Moderation: one toss per this many seconds per fan; 0 or absent is off. */
  slow_mode_seconds: safeInt().min(0).optional(),
});
export type Hang = z.infer<typeof Hang>;

/** GET /thor/hangs/get_hangs_list/?filter=featured_hangs[&channel_id=] (CHAT-05). 400, 404 USER_NOT_FOUND. */
export const HangsListQuery = z.object({
  filter: z.literal('featured_hangs'),
  /** Only this show's hang (Encore addition); without it, every show that is not over. */
  channel_id: safeIdParam().optional(),
  paid_event_name: PaidEventName.optional(),
});
export type HangsListQuery = z.infer<typeof HangsListQuery>;
export const HangCategory = z.object({ name: safeString(), hangs: z.array(Hang) });
export const HangsListResponse = z.object({ hang_category_list: z.array(HangCategory) });
export type HangsListResponse = z.infer<typeof HangsListResponse>;

/** A hang session id: 'new' on first join, else the one join_hang answered. */
export const HangSessionId = safeString().min(1).max(64);

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
  hang_id: safeInt(),
  session_id: safeString(),
  left: z.literal(true),
});
export type LeaveHangResponse = z.infer<typeof LeaveHangResponse>;

/** GET /thor/hangs/hang_status/?hang_id&channel_id&session_id. 200; 400 BAD_REQUEST; 404 HANG_NOT_EXISTS. */
export const HangStatusQuery = z.object({
  hang_id: HangId,
  channel_id: safeIdParam().optional(),
  session_id: HangSessionId.optional(),
});
export type HangStatusQuery = z.infer<typeof HangStatusQuery>;
export const HangStatusResponse = z.object({
  hang_id: safeInt(),
  number_active: safeInt().min(0),
  chat_enabled: z.boolean(),
  current_server_time: IsoDateTime,
});
export type HangStatusResponse = z.infer<typeof HangStatusResponse>;

/** GET /thor/chats/monikers/ (CHAT-26): the monikers a sender can carry. */
export const Moniker = z.object({ value: safeString(), display_name: safeString() });
export const MonikersResponse = z.object({ monikers: z.array(Moniker) });
export type MonikersResponse = z.infer<typeof MonikersResponse>;

/**
 * Outgoing toss as the client builds it (CHAT-27): hangId, tossType, tossText, paidEvent, uuid,
 * optional tossData. toTossBody (chat-rules.ts) maps it to the wire body.
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
    toss_text: safeString().max(TOSS_TEXT_MAX),
    // Optional (viewing section 4): a chat toss may send null, {} or nothing; a sticker toss names its sticker.
    toss_data: z
      .object({ sticker_id: safeString().min(1).max(64).optional() })
      .nullable()
      .optional(),
    paid_event_name: PaidEventName,
  })
  // Visibly empty, not just blank: a message of zero-width or bidi characters only is empty (issue 12).
  .refine(
    (b) => (b.toss_type === 'sticker' ? Boolean(b.toss_data?.sticker_id) : !isVisiblyEmpty(b.toss_text)),
    {
      message: 'a chat toss needs text, a sticker toss needs toss_data.sticker_id',
      path: ['toss_text'],
    },
  );
export type TossBody = z.infer<typeof TossBody>;

/**
 * 200 answer of a toss. delivered false: held back (a banned word, or chat disabled by the host); the
 * client shows it to the sender only (CHAT-41, CHAT-42). 500 OVER_CAPACITY: the user's or the hang's
 * budget is spent; lock sending for 20 s. Any other failure: 'chat send error'.
 */
export const TossResponse = z.object({
  toss: Toss,
  delivered: z.boolean(),
  reason: z.enum(['profanity', 'chat_disabled']).optional(),
  /** With reason chat_disabled: the sender's timeout, ban or per-fan chat off (moderation). */
  restriction: ChatRestriction.optional(),
});
export type TossResponse = z.infer<typeof TossResponse>;
