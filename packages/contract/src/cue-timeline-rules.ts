/**
 * The cue timeline (issue 27), Zod-free for the browser: every cue a fan sees or feels (overlay,
 * slate, end slate, light-stick track and ls) is stamped with the show-clock moment the host sent it
 * and applied on each fan's device when that fan's picture reaches the moment. The show clock is the
 * program-date clock every angle carries (docs/media.md, "One show clock"). Chat off/on stays
 * immediate (a rule the server enforces, not a picture), and a cue for one fan (`f`) stays on the
 * realtime path.
 *
 * Carriers, all with the same id, moment and alert:
 * - HLS media playlists: `#EXT-X-DATERANGE:ID="cue-<id>",CLASS="tv.encore.cue",START-DATE="<at>",
 *   X-ENCORE-CUE="<base64url of the JSON {id, at, alert}>"` (RFC 8216 4.3.2.7: an X- attribute is a
 *   quoted-string, so the JSON travels base64url, which has no quote, comma or line break);
 * - DASH MPDs: one `EventStream schemeIdUri="urn:encore:cue:2026"` per Period, an `Event` per cue at
 *   its moment on the Period's timeline, its text the same base64url JSON;
 * - the realtime `alert` event, with `cue: {id, at}`.
 */

/** The alert kinds on the timeline: everything but the chat switch. */
export const TIMED_CUE_TYPES = ['ud', 'slate', 'ls', 'lightstick'] as const;
export type TimedCueType = (typeof TIMED_CUE_TYPES)[number];

export const CUE_DATERANGE_CLASS = 'tv.encore.cue';
export const CUE_DATERANGE_ATTRIBUTE = 'X-ENCORE-CUE';
export const CUE_SCHEME_ID_URI = 'urn:encore:cue:2026';
export const CUE_DATERANGE_ID_PREFIX = 'cue-';

/**
 * How far a host may place a cue on the show clock: up to 30 s back (a cue for a moment the host
 * just heard), up to six hours ahead (a track cued for a later song).
 */
export const CUE_AT_BOUNDS_MS = { back: 30_000, ahead: 6 * 3600_000 } as const;

/** The timeline's own fields of a cue; the alert itself is the contract's Alert. */
export interface CueStampFields {
  /** The cue's id (a number as text), the same in playlists, MPDs and the realtime event. */
  id: string;
  /** The show-clock moment, ISO 8601 with milliseconds (UTC). */
  at: string;
}

interface AlertLike {
  type: string;
  f?: string | undefined;
}

/** A show-wide cue of a timed kind goes on the timeline; the chat switch and a cue for one fan do not. */
export function isTimedCue(alert: AlertLike): boolean {
  return alert.f === undefined && (TIMED_CUE_TYPES as readonly string[]).includes(alert.type);
}

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): string {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/** The payload of a DATERANGE's X-ENCORE-CUE and of an MPD Event: base64url of {id, at, alert}. */
export function encodeCuePayload<A>(cue: CueStampFields & { alert: A }): string {
  return toBase64Url(JSON.stringify({ id: cue.id, at: cue.at, alert: cue.alert }));
}

/**
 * Reads a carried payload back; null when it is not one (a player must not trust a playlist's text
 * further than this: the alert is checked again by the reducer that applies it).
 */
export function decodeCuePayload(text: string): (CueStampFields & { alert: AlertLike }) | null {
  try {
    const value = JSON.parse(fromBase64Url(text.trim())) as Record<string, unknown>;
    const alert = value.alert as AlertLike | undefined;
    if (typeof value.id !== 'string' || typeof value.at !== 'string' || Number.isNaN(Date.parse(value.at)))
      return null;
    if (!alert || typeof alert !== 'object' || typeof alert.type !== 'string') return null;
    return { id: value.id, at: value.at, alert };
  } catch {
    return null;
  }
}

/**
 * The cues a playlist or MPD whose window starts at `fromMs` carries from before its window: the
 * last of each kind (and for the light-stick the last that named a song, for the slate the last that
 * set or cleared the end slate), so a fan who joins later has the cue state of their picture's moment
 * from the playlist alone. `cues` are in time order.
 */
export function carriedBefore<
  C extends { at: string; alert: AlertLike & { song_title?: string; es?: boolean } },
>(cues: readonly C[], fromMs: number): C[] {
  const keep = new Map<string, number>();
  cues.forEach((c, i) => {
    if (Date.parse(c.at) >= fromMs) return;
    keep.set(c.alert.type, i);
    if (c.alert.type === 'lightstick' && c.alert.song_title) keep.set('lightstick-song', i);
    if (c.alert.type === 'slate' && c.alert.es !== undefined) keep.set('slate-end', i);
  });
  return [...new Set(keep.values())].sort((a, b) => a - b).map((i) => cues[i] as C);
}

/**
 * POST /thor/shows/{slug}/distance/ (schemas in cue-timeline.ts): a watching fan's player reports how far its picture is behind
 * the show clock (its latency controller's reading, on the origin's clock), every 30 s while live.
 * 204; 400 out of range; 401; 403 NO_TICKET. One row per fan, the latest.
 */
export const FAN_DISTANCE = {
  /** How often a player reports. */
  reportEveryMs: 30_000,
  /** The first report, once the picture has settled at its distance. */
  firstReportMs: 8_000,
  /** Reports older than this are not counted (the fan left, or stopped playing). */
  freshMs: 90_000,
  maxBehindMs: 600_000,
} as const;
