import { z } from 'zod';
import type { OverlayPlacement } from './chat-rules.ts';
import { safeInt, safeString, safeUrl } from './safe-input.ts';
import { IsoDateTime } from './shows.ts';

/**
 * Host alerts (viewing sections 3 and 4, ALR rows): published by POST /thor/host/shows/{slug}/alerts
 * (host role) on `show-<slug>`, or, with `f`, on the `user-<id>` channel of that one username. Every
 * viewer still checks `f` (ALR-04): an alert naming another username is ignored.
 */

/** Optional fields every alert may carry (ALR-03). */
const AlertBase = {
  /** Target username: only that viewer handles the alert. */
  f: safeString().min(1).max(64).optional(),
};

/** A hex-encoded number, as the light-stick cues carry them (ALR-05): '78' is 120. */
export const HexNumber = safeString().regex(/^[0-9a-fA-F]{1,8}$/, 'hex digits');

/** Light-stick cue: a song title prepares a track; start begins it 100 ms later; stop stops it. */
export const LightstickAlert = z.object({
  ...AlertBase,
  type: z.literal('lightstick'),
  action: z.enum(['start', 'stop']),
  song_title: safeString().max(200).optional(),
  /** bpm, hex; default 120 (78). */
  tempo: HexNumber.optional(),
  start_delay: HexNumber.optional(),
  duration: HexNumber.optional(),
  gradient: z.boolean().optional(),
  display_code: safeInt().optional(),
});

/** Light-stick on (display_code 1) or off; d seconds sets its timer when on (ALR-07, ALR-08). */
export const LsAlert = z.object({
  ...AlertBase,
  type: z.literal('ls'),
  display_code: safeInt(),
  d: safeInt().min(0).max(86_400).optional(),
});

/** Outgoing chat off (display_code 0) or on (any other), ALR-09. */
export const ChatAlert = z.object({ ...AlertBase, type: z.literal('chat'), display_code: safeInt() });

/**
 * Overlay text (forensic display 'ud', ALR-11..13): msg with %u kept for the viewer to replace, in one
 * of five placements (an unknown placement hides the box), for d seconds (-1 clears; default and
 * maximum 300 s, slateDurationMs).
 */
export const UdAlert = z.object({
  ...AlertBase,
  type: z.literal('ud'),
  display_code: safeInt().default(1),
  msg: safeString().max(500),
  /** An OverlayPlacement; kept a string so that an unknown one reaches viewers, who hide it. */
  placement: safeString()
    .max(32)
    .default('center' satisfies OverlayPlacement),
  d: safeInt().min(-1).max(86_400).optional(),
});

/** Slate image, optionally a link opening in a new tab; es stores (true) or clears (false) the end-slate. */
export const SlateAlert = z.object({
  ...AlertBase,
  type: z.literal('slate'),
  display_code: safeInt().default(1),
  /** The slate image; may be empty when d is -1 (clear). */
  url: safeUrl({ site: true, empty: true }).max(2000).default(''),
  /** Where a click on the slate goes: http(s) or a path on this site (issue 29). */
  link: safeUrl({ site: true, empty: true }).max(2000).optional(),
  msg: safeString().max(500).optional(),
  d: safeInt().min(-1).max(86_400).optional(),
  es: z.boolean().optional(),
});

/** Alert message (real-time), ALR-02: one of lightstick, ud, slate, ls, chat. */
export const Alert = z.discriminatedUnion('type', [LightstickAlert, LsAlert, ChatAlert, UdAlert, SlateAlert]);
export type Alert = z.infer<typeof Alert>;
export type AlertInput = z.input<typeof Alert>;

/**
 * A cue's place on the show clock (issue 27, cue-timeline-rules.ts): its id and the moment, ISO 8601
 * with milliseconds. Carried by the realtime alert event and the answer of a post.
 */
export const CueStamp = z.object({ id: safeString().max(24), at: IsoDateTime });
export type CueStamp = z.infer<typeof CueStamp>;

/**
 * POST .../alerts?at=: the show-clock moment of a timed cue when it is not now (a light-stick track
 * cued for a later song): up to 30 s back and six hours ahead (CUE_AT_BOUNDS_MS), else 400.
 */
export const AlertQuery = z.object({ at: IsoDateTime.optional() });

/** POST /thor/host/shows/{slug}/alerts: body Alert. 202; 400 bad body or unknown slug; 401; 403 not a host; 404 USER_NOT_FOUND for an unknown f. */
export const AlertParams = z.object({ slug: safeString().min(1).max(100) });
export const AlertPublished = z.object({
  /** Where it went: show-<slug>, or user-<id> of the target. */
  channel: safeString(),
  alert: Alert,
  /** Its place on the show clock; null for the chat switch and a cue for one fan (applied on arrival). */
  cue: CueStamp.nullable(),
});
export type AlertPublished = z.infer<typeof AlertPublished>;
