/**
 * Realtime channel names both ends use, and the close code of an ended login. Apart from chat-rules.ts
 * because the landing entry needs showStateChannel: a contract module the entry imports lands in the
 * entry chunk whole (the landing JS budget, issue 14). Zod-free: the close code lived in realtime.ts,
 * whose schemas then ran in every viewer's start-up (issue 26).
 */

/** The realtime channel of one chat room: 'hang-' plus the hang's pubnubForHang (viewing section 7). */
export const hangChannel = (pubnubForHang: string): string => `hang-${pubnubForHang}`;

/** The realtime channel of a whole show: show-wide host alerts, overlays, slates, light-stick cues. */
export const showChannel = (slug: string): string => `show-${slug}`;

/**
 * A show's public state (issue 11: Go live, End show), for every signed-in fan, ticket or not: the
 * landing page's status pill and hero follow it. Only `broadcast` events go there.
 */
export const showStateChannel = (slug: string): string => `state-${slug}`;

/**
 * Close code of a socket whose login was ended (logout elsewhere, password reset, ban): the token is
 * dead, so the client ends its session instead of reconnecting. 4401 stays "authenticate first".
 */
export const SESSION_REVOKED_CLOSE = 4410;
