import { z } from 'zod';
import { FEED_ISSUES } from './feed-health-rules.ts';
import { safeInt, safeString } from './safe-input.ts';
import { IsoDateTime, ShowStatus } from './shows.ts';

/**
 * Live ingest (issue 11, DESIGN.md section 6.1): stream keys per pushed stream of a show, the show's
 * broadcast lifecycle, and per-angle health. Host-only routes under /thor/host/shows/{slug}/ingest/.
 */

/** Streams an encoder pushes: camera angles, the fan wall and 4K. Mosaics are composed, never pushed. */
export const INGEST_STREAM_RE = /^(mix-stream[1-9]\d?|fanwall-stream|stream4k)$/;
export const IngestStreamName = safeString().regex(INGEST_STREAM_RE);

/**
 * The broadcast lifecycle. `scheduled` and `doors_open` follow the show's times until the host
 * presses Go live; `ended` lasts until the recording is closed, then `replay`.
 */
export const BroadcastState = z.enum(['scheduled', 'doors_open', 'live', 'ended', 'replay']);
export type BroadcastState = z.infer<typeof BroadcastState>;

/** One rung of the ladder below the source (which is always passed through as `source`). */
export const LadderRung = z.object({
  name: safeString().regex(/^[a-z0-9]{1,16}$/),
  height: safeInt().min(144).max(2160),
  video_kbps: safeInt().min(100).max(20_000),
});
export type LadderRung = z.infer<typeof LadderRung>;

/** PUT /thor/host/shows/{slug}/ingest/: turn a show into a live-ingest show (idempotent). */
export const EnableIngestBody = z.object({
  /** Lower renditions packaged beside the passed-through source; [] = passthrough only. */
  ladder: z
    .array(LadderRung)
    .max(4)
    .default([{ name: '240p', height: 240, video_kbps: 400 }]),
});
export type EnableIngestBody = z.infer<typeof EnableIngestBody>;

/** Why a feed is not (or no longer) on air, for the health panel. */
export const FeedProblem = z.enum([
  'wrong_key',
  'key_in_use',
  'key_rotated',
  'unsupported_codec',
  'audio_only',
  'encoder_lost',
  'packager_failed',
]);
export type FeedProblem = z.infer<typeof FeedProblem>;

/** A problem measured in what arrives (feed-health-rules.ts), with how bad it is. */
export const FeedIssue = z.object({
  code: z.enum(FEED_ISSUES),
  severity: z.enum(['warning', 'critical']),
});
export type FeedIssue = z.infer<typeof FeedIssue>;

/** One point of an angle's bitrate graph: a source segment's bits over its length. */
export const BitratePoint = z.object({ at: IsoDateTime, kbps: z.number() });
export type BitratePoint = z.infer<typeof BitratePoint>;

export const AngleHealth = z.object({
  stream: IngestStreamName,
  /** The angle's name from Setup (pips.sinks label); null for the fan wall and 4K. */
  label: safeString().nullable(),
  connected: z.boolean(),
  /** Connected, with a picture newer than the staleness limit. */
  healthy: z.boolean(),
  problem: FeedProblem.nullable(),
  /** When the problem was seen (a refused key is reported for a minute). */
  problem_at: IsoDateTime.nullable(),
  /** Measured over the last FEED_WINDOW_MS (source segments' bytes over their length). */
  bitrate_kbps: z.number().nullable(),
  /** The last FEED_BITRATE_HISTORY_MS of bitrate, oldest first (the small graph). */
  bitrate_history: z.array(BitratePoint),
  /** The frame rate the stream declares (nominal: what the encoder says, not what arrives). */
  frame_rate: z.number().nullable(),
  /** Frames received per second over the last FEED_WINDOW_MS of wall clock (measured). */
  received_fps: z.number().nullable(),
  /** Media time received per wall-clock second over the same window: 1 is real time. */
  encoder_speed: z.number().nullable(),
  /**
   * How far the newest frame is behind the wall clock (ms): its media time against the time passed
   * since the publish began. It grows while the encoder is slower than real time.
   */
  behind_ms: safeInt().nullable(),
  /** null until known; false: the stream carries no audio track. */
  audio_present: z.boolean().nullable(),
  /** Mean audio level of a recent segment (dBFS, <= 0); null without audio or before a measure. */
  audio_level_db: z.number().nullable(),
  /** The host-only JPEG of a recent picture (feedThumbnailPath), null before the first one. */
  thumbnail_url: safeString().nullable(),
  thumbnail_at: IsoDateTime.nullable(),
  /** What is wrong in what arrives now, most severe first; [] when all is well or not connected. */
  issues: z.array(FeedIssue),
  width: safeInt().nullable(),
  height: safeInt().nullable(),
  video_codec: safeString().nullable(),
  audio_codec: safeString().nullable(),
  keyframe_interval_s: z.number().nullable(),
  last_frame_age_ms: safeInt().nullable(),
  dropped_frames: safeInt().nullable(),
  connected_since: IsoDateTime.nullable(),
});
export type AngleHealth = z.infer<typeof AngleHealth>;

export const IngestKeyInfo = z.object({
  stream: IngestStreamName,
  /** The last characters, so a host can tell which key an encoder holds; the key itself is shown once. */
  key_hint: safeString(),
  created_at: IsoDateTime,
  /** The angle's sync offset (ms): added to its show clock from its next publish. */
  sync_offset_ms: safeInt(),
});
export type IngestKeyInfo = z.infer<typeof IngestKeyInfo>;

/** Refused publishes whose key no show has (the RTMP app and the key's last characters). */
export const UnknownKeyAttempts = z.object({
  count: safeInt(),
  last_at: IsoDateTime,
  /** The RTMP application the encoder pushed to (e.g. "live"). */
  app: safeString(),
  /** The last 4 characters of the refused name, or "" for a very short one. */
  key_hint: safeString(),
});
export type UnknownKeyAttempts = z.infer<typeof UnknownKeyAttempts>;

/** GET /thor/host/shows/{slug}/ingest/ */
export const BroadcastStatus = z.object({
  slug: safeString(),
  state: BroadcastState,
  live_at: IsoDateTime.nullable(),
  ended_at: IsoDateTime.nullable(),
  /** Where encoders push: append the stream key. */
  rtmp_url: safeString(),
  ladder: z.array(LadderRung),
  keys: z.array(IngestKeyInfo),
  angles: z.array(AngleHealth),
  /** What fans are told now (the show pill, the host list and the fan's landing read the same). */
  show_status: ShowStatus,
  /**
   * Publishes refused because no show has their key (typos, an old key in an encoder), on this
   * server: never the key, only its last characters.
   */
  unknown_keys: UnknownKeyAttempts.nullable(),
});
export type BroadcastStatus = z.infer<typeof BroadcastStatus>;

/**
 * PUT /thor/host/shows/{slug}/ingest/streams/{stream}/sync/: an operator's correction of one angle's
 * show clock, for an encoder whose pipeline is slower (positive: its pictures are dated later) or
 * faster than the others'. It applies from the angle's next publish: a run's clock is set once.
 */
export const StreamSyncBody = z.object({ sync_offset_ms: safeInt().min(-10_000).max(10_000) });
export type StreamSyncBody = z.infer<typeof StreamSyncBody>;

export const IngestStreamParams = z.object({ slug: safeString().max(100), stream: safeString().max(32) });

/** POST /thor/host/shows/{slug}/ingest/keys/{stream}/rotate/: the new key, in full, this once. */
export const RotatedKey = z.object({
  stream: IngestStreamName,
  key: safeString(),
  key_hint: safeString(),
  rtmp_url: safeString(),
  created_at: IsoDateTime,
});
export type RotatedKey = z.infer<typeof RotatedKey>;

/**
 * POST .../ingest/go-live/ (body optional). Before the doors open it is refused with 409
 * DOORS_NOT_OPEN unless open_doors is true: then the doors open now (the show's entry time moves to
 * now) and the show goes live with them.
 */
export const GoLiveBody = z.object({ open_doors: z.boolean().optional() }).nullish();
export type GoLiveBody = z.infer<typeof GoLiveBody>;

/** The on_publish / on_publish_done callbacks of the RTMP engine (form-encoded, loopback only). */
export const RtmpCallback = z.object({
  call: safeString().max(32),
  name: safeString().max(256),
  app: safeString().max(64).optional(),
  addr: safeString().max(64).optional(),
});

/** PUT /thor/host/shows/{slug}/ingest/: the status, and the keys made by this call (shown this once). */
export const EnableIngestResponse = z.object({ status: BroadcastStatus, new_keys: z.array(RotatedKey) });
export type EnableIngestResponse = z.infer<typeof EnableIngestResponse>;

/** What fans see of a broadcast state (the Channel status of an ingest show). */
export function fanStatusOf(state: BroadcastState): 'upcoming' | 'open' | 'live' | 'ended' {
  if (state === 'scheduled') return 'upcoming';
  if (state === 'doors_open') return 'open';
  return state === 'live' ? 'live' : 'ended';
}

/** The live origin's URL of a pushed or composed stream of an ingest show. */
export const liveStreamUrl = (slug: string, stream: string) => `/media/live/${slug}/${stream}/index.m3u8`;
