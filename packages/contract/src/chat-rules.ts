/**
 * Chat, sticker and alert rules both ends apply, Zod-free so that the browser can use them without
 * pulling Zod into its bundle (see index.ts). The schemas are in chat.ts, alerts.ts and catalog.ts.
 */

import type { OutgoingToss, TossBody } from './chat.ts';

/** The session_id of a first join_hang (viewing section 7). */
export const NEW_HANG_SESSION = 'new';

/** The filter of GET /thor/hangs/get_hangs_list/ the client uses; the answer's first category is read. */
export const FEATURED_HANGS_FILTER = 'featured_hangs';

/** The moniker that marks a verified sender when it comes first in chat_monikers (viewing section 3). */
export const VERIFIED_MONIKER = 'verified';

export const TOSS_TYPES = ['chat', 'sticker'] as const;
export type TossTypeName = (typeof TOSS_TYPES)[number];

/** Longest chat text accepted by the server (characters). */
export const TOSS_TEXT_MAX = 500;

/** Chat timings of viewing section 9, in milliseconds. */
export const CHAT_TIMINGS_MS = {
  /** An outgoing toss is sent 250 ms after the last keypress of the send action (debounce). */
  sendDebounce: 250,
  /** Others' messages are merged into the list every 650 ms. */
  queueFlush: 650,
  /** An OVER_CAPACITY answer disables sending for 20 s. */
  overCapacityLockout: 20_000,
  /** After a sticker is sent, SEND is locked for 20 s (DESIGN.md section 10: the circle runs 20 s too). */
  stickerCooldown: 20_000,
  /** Sticker pin queue check interval. */
  pinTick: 3000,
  /** A lightstick alert with action start starts its track this much later. */
  lightstickStartDelay: 100,
} as const;

/** Sticker pin queue rules (viewing sections 4 and 9). */
export const PIN_QUEUE = { max: 20, dropOldest: 10, perTick: 2, clearAfterEmptyTicks: 4 } as const;

/** Slate and forensic display: default 300000 ms; an explicit `d` (seconds) honoured if 300 s or less. */
export const SLATE_DEFAULT_MS = 300_000;
export const SLATE_MAX_SECONDS = 300;
/** `d: -1` clears a slate (viewing section 4). */
export const SLATE_CLEAR = -1;

/** Light-stick timer default (seconds) when an ls alert carries no d (viewing section 9). */
export const LIGHTSTICK_TIMER_DEFAULT_S = 10;

/** The five placements of the overlay text box; an unknown placement hides it (viewing section 2). */
export const OVERLAY_PLACEMENTS = ['top-left', 'top-right', 'bottom-left', 'bottom-right', 'center'] as const;
export type OverlayPlacement = (typeof OVERLAY_PLACEMENTS)[number];

/** Placeholder in an alert's msg that each viewer replaces with their own username (ALR-12). */
export const USERNAME_PLACEHOLDER = '%u';

export function personalizeAlertText(msg: string, username: string): string {
  return msg.split(USERNAME_PLACEHOLDER).join(username);
}

/** How long a slate of `d` seconds shows, in ms; null clears it (d = -1). */
export function slateDurationMs(d: number | undefined): number | null {
  if (d === SLATE_CLEAR) return null;
  if (d === undefined || !(d > 0) || d > SLATE_MAX_SECONDS) return SLATE_DEFAULT_MS;
  return d * 1000;
}

/** Result codes of the chat calls (viewing section 8); toss: 500 OVER_CAPACITY, any other non-200 UNKNOWN. */
export const CHAT_RESULT_CODES = {
  featuredHangs: { 400: 'BAD_REQUEST', 404: 'USER_NOT_FOUND' },
  leaveHang: { 400: 'BAD_REQUEST', 404: 'HANG_NOT_EXISTS' },
  hangStatus: { 400: 'BAD_REQUEST', 404: 'HANG_NOT_EXISTS' },
  toss: { 500: 'OVER_CAPACITY' },
} as const;

export const OVER_CAPACITY = 'OVER_CAPACITY';
/** Any toss failure other than OVER_CAPACITY (viewing section 8). */
export const CHAT_SEND_ERROR_TEXT = 'chat send error';

/** Why a toss was answered but not delivered: the sender alone sees it (viewing sections 4 and 5). */
export const TOSS_HELD_REASONS = ['profanity', 'chat_disabled'] as const;
export type TossHeldReason = (typeof TOSS_HELD_REASONS)[number];

/** A user's profile image given with http is shown with https (viewing section 2). */
export function httpsImage(url: string | null | undefined): string | null {
  if (!url) return null;
  return url.startsWith('http://') ? `https://${url.slice('http://'.length)}` : url;
}

/** The first moniker 'verified' marks a verified sender. */
export function isVerifiedSender(monikers: readonly string[] | undefined): boolean {
  return monikers?.[0] === VERIFIED_MONIKER;
}

/** Items a fan owns: every fulfilled order entry's item, and every item of an owned pack (STK-08, STK-09). */
export function ownedItemIds(
  orders: readonly { status: string; advertised_item_id: string }[],
  catalog: readonly { item_id: string; item_list: readonly { item_id: string }[] }[],
): Set<string> {
  const owned = new Set<string>();
  for (const o of orders) if (o.status === 'fulfilled') owned.add(o.advertised_item_id);
  for (const pack of catalog) {
    if (!owned.has(pack.item_id)) continue;
    for (const item of pack.item_list) owned.add(item.item_id);
  }
  return owned;
}

/** The wire body of a toss the client built (CHAT-27, CHAT-28). */
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

/** The tabs of the viewer's chat column, in the order the event configuration may list them (LAY-07). */
export const VIEWER_TABS = ['chat', 'stickers', 'merch', 'react'] as const;
export type ViewerTab = (typeof VIEWER_TABS)[number];
