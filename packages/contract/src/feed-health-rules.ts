/**
 * Feed health measured from what arrives (issue 25), and the codes of a show save that would lose
 * work: Zod-free, so the control room words them (i18n) without carrying Zod. The server measures
 * and flags (apps/server/src/modules/ingest/feed-health.ts); the thresholds are here so that both
 * ends agree on what "too slow" means.
 */

/**
 * A problem seen in what arrives from one encoder. The control room turns each into words that say
 * what to change, with the angle's own figures (e.g. encoder_too_slow at 720p30: "your encoder is too
 * slow for 720p30: use a faster preset or a lower resolution").
 */
export const FEED_ISSUES = [
  /** Encoder speed under FEED_MIN_SPEED x real time: frames come slower than they are dated. */
  'encoder_too_slow',
  /** Frames received per second under FEED_MIN_FPS_RATIO of the rate the stream declares. */
  'low_frame_rate',
  /** The newest frame is more than FEED_BEHIND_MS behind the wall clock (fans fall behind with it). */
  'falling_behind',
  /** No new frame for STALE_PICTURE_MS (the encoder stalled, or its network did). */
  'stale_picture',
  /** The stream has no audio track. */
  'no_audio',
  /** Audio is there but under FEED_SILENT_DB (a muted mixer, an unplugged input). */
  'silent_audio',
  /** Keyframes further apart than FEED_MAX_KEYFRAME_S: segments and fans' joins get long. */
  'long_keyframe_interval',
  /** Bitrate under FEED_MIN_KBPS while pictures arrive. */
  'low_bitrate',
] as const;
export type FeedIssueCode = (typeof FEED_ISSUES)[number];

/** `critical`: fans see or hear the problem now; `warning`: worth fixing before it gets there. */
export const FEED_ISSUE_SEVERITY: Readonly<Record<FeedIssueCode, 'warning' | 'critical'>> = {
  encoder_too_slow: 'critical',
  low_frame_rate: 'warning',
  falling_behind: 'critical',
  stale_picture: 'critical',
  no_audio: 'warning',
  silent_audio: 'warning',
  long_keyframe_interval: 'warning',
  low_bitrate: 'warning',
};

/** The window (ms) over which frames per second, speed and bitrate are measured. */
export const FEED_WINDOW_MS = 5000;
export const FEED_MIN_SPEED = 0.9;
export const FEED_MIN_FPS_RATIO = 0.8;
export const FEED_BEHIND_MS = 3000;
export const STALE_PICTURE_MS = 5000;
export const FEED_SILENT_DB = -60;
export const FEED_MAX_KEYFRAME_S = 4;
export const FEED_MIN_KBPS = 150;
/** The bitrate graph: one point per source segment, this far back. */
export const FEED_BITRATE_HISTORY_MS = 30_000;
/** How often the host's thumbnail of an angle is refreshed. */
export const FEED_THUMBNAIL_EVERY_MS = 5000;

/** The host-only thumbnail of a pushed angle (JPEG, refreshed every FEED_THUMBNAIL_EVERY_MS). */
export const feedThumbnailPath = (slug: string, stream: string): string =>
  `/thor/host/shows/${encodeURIComponent(slug)}/ingest/streams/${stream}/thumbnail`;

/**
 * Error codes of a show save and of Go live that the control room answers with its own words:
 * - SHOW_SLUG_TAKEN (409, field "slug"): a create whose slug another show has; nothing is replaced.
 * - SHOW_ID_TAKEN (409, field names the id: paid_event_id, channel_id, paid_event_name or
 *   ticket_items.N.item_id; `taken` holds the value): another show uses it.
 * - SHOW_STALE (409, field "version"; `current_version`): the show changed since the form was read
 *   (another tab, Take live feeds, Go live); nothing was saved: reload it, then save again.
 * - DOORS_NOT_OPEN (409): Go live before the doors open, without open_doors: true.
 */
export const SHOW_SAVE_ERRORS = ['SHOW_SLUG_TAKEN', 'SHOW_ID_TAKEN', 'SHOW_STALE'] as const;
export const DOORS_NOT_OPEN = 'DOORS_NOT_OPEN';
