/**
 * Analytics rules both ends apply, Zod-free so that the browser can use them (see index.ts). The
 * schemas of POST /thor/event/ are in analytics.ts.
 */

/** Event kinds (viewing section 7, accounts section 7). */
export const ANALYTICS_EVENT_TYPES = [
  'pipclick',
  'subtitleswitch',
  'videoquality',
  'bt_lightstick',
  'login_register_click',
] as const;
export type AnalyticsEventType = (typeof ANALYTICS_EVENT_TYPES)[number];

/** Pip ids of a pipclick besides the 1-based angles (viewing section 4, ANL-07). */
export const ANALYTICS_PIP_IDS = { uhd: 2160, fanwall: -2, overview: 0 } as const;

/** Events per POST /thor/event/: the client flushes its queue in batches of at most this many. */
export const ANALYTICS_BATCH_MAX = 50;

/** The random part of a visitor id: 1000 to 10000 (viewing section 9, accounts section 3). */
export const VISITOR_RANDOM = { min: 1000, max: 10000 } as const;
export const VISITOR_ID_RE = /^\d{13}\d{4,5}$/;

/**
 * A visitor id: the timestamp in milliseconds followed by a random integer from 1000 to 10000
 * (ANL-04), e.g. `17000000000004821`. Made once and persisted by the client.
 */
export function makeVisitorId(nowMs: number = Date.now(), random: () => number = Math.random): string {
  const { min, max } = VISITOR_RANDOM;
  const n = min + Math.floor(random() * (max - min + 1));
  return `${Math.floor(nowMs)}${Math.min(n, max)}`;
}
