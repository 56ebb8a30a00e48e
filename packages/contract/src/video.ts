import { z } from 'zod';
import { safeId, safeString } from './safe-input.ts';
import { CaptionFile, IsoDateTime, LatencyMode, PaidEventName, Pips, StreamName, Streams } from './shows.ts';
import { Entitlements } from './tickets.ts';
import { DRM_PROVIDERS, DRM_SYSTEMS, STREAM_TYPES } from './video-rules.ts';

/**
 * Video data and content protection (viewing sections 3, 7 and 8; docs/media.md). The Zod-free rules
 * (DRM_TOKEN_HEADER, isKeyUrl, streamCovered) are in video-rules.ts.
 *
 * Result codes of both calls (viewing section 8: "Video and DRM 400 or 404 VIDEO_NOT_FOUND, 500
 * INTERNAL_SERVER_ERROR"), plus Encore's own for the DRM gate:
 * - 400 VIDEO_NOT_FOUND: malformed id or query;
 * - 404 VIDEO_NOT_FOUND: no such video, the stream is not one of its streams, or paid_event is not its;
 * - 401 UNAUTHORIZED: no valid auth token (Authorization 'Token {token}');
 * - DRM only: 403 NO_TICKET (no ticket for this show, or paid_event 0: a token is only for a paid
 *   event), 403 NOT_ENTITLED (the ticket's view does not cover the stream, e.g. stream4k without 4K),
 *   409 NOT_ACTIVE (the device session is not live: logged out by a newer device, left or expired;
 *   enter the event again);
 * - 500 INTERNAL_SERVER_ERROR.
 */

export const VideoParams = z.object({ id: safeString().max(32) });

/** The show's `channel_id` is its video id, as in GET /thor/channels/{id}/. */
export const VideoSource = z.object({
  /** A stream name (viewing section 7); the fan wall is enabled by a `fanwall-stream` entry. */
  name: StreamName,
  src: safeString(),
  type: z.literal('application/x-mpegURL'),
});
export type VideoSource = z.infer<typeof VideoSource>;

/** GET /thor/video/{id}/ (authenticated): what the player needs to play a show. */
export const VideoResponse = z.object({
  id: safeId(),
  slug: safeString(),
  event_name: safeString(),
  paid_event_name: PaidEventName,
  paid_event_id: safeId(),
  /** Live stream (live edge rules) rather than on demand. */
  live: z.boolean(),
  base_video: safeString(),
  pips: Pips,
  videos: z.array(VideoSource),
  caption_files: z.array(CaptionFile),
  /**
   * The DRM media streams keyed by stream name, each with hls.url (and dash.url when packaged);
   * hls.low_latency marks a low-latency HLS playlist (hls.js `lowLatencyMode`).
   */
  streams: Streams,
  /** The show's latency mode (Show.latency_mode, `standard` when unset): the player's target distance. */
  latency_mode: LatencyMode.optional(),
  drm: z.object({
    provider: z.enum(DRM_PROVIDERS),
    /** Whether the Encore origin's keys of these streams need a DRM token (always true for the demo). */
    encrypted: z.boolean(),
  }),
});
export type VideoResponse = z.infer<typeof VideoResponse>;

/**
 * GET /thor/video/drm/ query (viewing section 7): video (the show's channel id), stream (a stream
 * name), paid_event (the ticket's paid_event_id; 0 means not a paid event: no token), stream_type
 * (hls or dash). Encore adds session_id, the device session of POST /thor/shows/{slug}/enter/, to
 * which the token is bound. All strings: a malformed value answers 400 VIDEO_NOT_FOUND.
 */
export const DrmTokenQuery = z.object({
  video: safeString().max(32),
  stream: safeString().max(64),
  paid_event: safeString().max(32),
  stream_type: safeString().max(8),
  session_id: safeString().max(64),
});
export type DrmTokenQuery = z.infer<typeof DrmTokenQuery>;

/** What a licence request of the provider path needs (only with provider 'drmtoday'). */
export const DrmLicence = z.object({
  /** Encore's licence proxy per key system: POST the challenge with the DRM token header. */
  urls: z.partialRecord(z.enum(DRM_SYSTEMS), safeString()),
  /** FairPlay application certificate, when the provider has one. */
  fairplay_certificate_url: safeString().optional(),
});
export type DrmLicence = z.infer<typeof DrmLicence>;

/**
 * The DRM token: send it in DRM_TOKEN_HEADER on every key (or licence) request; fetch a new one at
 * `refresh_at` ('licence refresh'). It is bound to the user, the device session, the paid event and
 * the show, and covers every stream of the show that the ticket's view covers (`entitlements`), so
 * switching angle needs no new token.
 */
export const DrmTokenResponse = z.object({
  token: safeString(),
  /** The header to send it in: DRM_TOKEN_HEADER. */
  header: safeString(),
  expires_at: IsoDateTime,
  refresh_at: IsoDateTime,
  /** Lifetime in seconds from issue. */
  expires_in: safeId(),
  stream: StreamName,
  stream_type: z.enum(STREAM_TYPES),
  provider: z.enum(DRM_PROVIDERS),
  entitlements: Entitlements,
  licence: DrmLicence.nullable(),
});
export type DrmTokenResponse = z.infer<typeof DrmTokenResponse>;

/** POST /thor/video/licence/{system}/ (provider path): Encore's licence proxy. */
export const DrmLicenceParams = z.object({ system: safeString().max(16) });

/** A key id or key in a ClearKey licence: unpadded base64url of 16 bytes (W3C EME, ClearKey). */
const B64Url16 = safeString().regex(/^[A-Za-z0-9_-]{22}$/);

/** POST CLEARKEY_LICENCE_PATH body: the CDM's licence request message, as JSON. */
export const ClearKeyLicenceRequest = z.object({
  kids: z.array(B64Url16).min(1).max(16),
  type: z.enum(['temporary', 'persistent-license']).default('temporary'),
});
export type ClearKeyLicenceRequest = z.infer<typeof ClearKeyLicenceRequest>;

/** The ClearKey licence: a JSON Web Key set of the requested keys. */
export const ClearKeyLicence = z.object({
  keys: z.array(z.object({ kty: z.literal('oct'), kid: B64Url16, k: B64Url16 })),
  type: z.enum(['temporary', 'persistent-license']),
});
export type ClearKeyLicence = z.infer<typeof ClearKeyLicence>;
