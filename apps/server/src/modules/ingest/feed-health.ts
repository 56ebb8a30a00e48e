import {
  type BitratePoint,
  FEED_BEHIND_MS,
  FEED_BITRATE_HISTORY_MS,
  FEED_ISSUE_SEVERITY,
  FEED_MAX_KEYFRAME_S,
  FEED_MIN_FPS_RATIO,
  FEED_MIN_KBPS,
  FEED_MIN_SPEED,
  FEED_SILENT_DB,
  FEED_WINDOW_MS,
  type FeedIssue,
  type FeedIssueCode,
  STALE_PICTURE_MS,
} from '@encore/contract';

/**
 * Feed health measured from what arrives (issue 25, docs/media.md "Feed health"): the packager's
 * ffmpeg reports (`-progress`: frames and media time so far) and its finished source segments (bytes
 * over their length) are the measure, not the rate a stream declares. An encoder at 0.42x real time
 * declares 30 fps and delivers 13: only counting shows it.
 */

type Sample = { t: number; frames: number; outMs: number };

export type FeedMeasure = {
  receivedFps: number | null;
  speed: number | null;
  /** ms between the wall clock and the show-clock date of the newest frame. */
  behindMs: number | null;
  bitrateKbps: number | null;
  history: BitratePoint[];
};

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;

/**
 * What one packager run measured so far; `dateOf` dates a media time (s) on the show clock, or null
 * before the clock is set (its first segment sets it: the meter must never be the one to set it).
 */
export function createFeedMeter(now: () => number, dateOf: (seconds: number) => number | null) {
  const samples: Sample[] = [];
  const segments: { t: number; kbps: number }[] = [];
  let newest: { t: number; outMs: number } | null = null;

  return {
    /** One `-progress` report: the frames and media time (ms) ffmpeg has read so far. */
    progress(frames: number | null, outMs: number | null): void {
      if (frames === null || outMs === null || frames <= 0) return;
      const t = now();
      samples.push({ t, frames, outMs });
      newest = { t, outMs };
      // Keep one sample older than the window, so the window is always whole.
      while (samples.length > 2 && (samples[1]?.t ?? t) <= t - FEED_WINDOW_MS) samples.shift();
    },

    /** A finished source segment: its bytes over its media length. */
    segment(bytes: number, durS: number): void {
      if (!(durS > 0)) return;
      const t = now();
      segments.push({ t, kbps: (bytes * 8) / durS / 1000 });
      while ((segments[0]?.t ?? t) < t - FEED_BITRATE_HISTORY_MS) segments.shift();
    },

    measure(): FeedMeasure {
      const behindOf = (t: number) => {
        const dated = newest ? dateOf(newest.outMs / 1000) : null;
        return dated === null ? null : Math.max(0, Math.round(t - dated));
      };
      const t = now();
      const first = samples[0];
      const last = samples.at(-1);
      const span = first && last ? last.t - first.t : 0;
      // Rates need a second of reports at least: one report is not a rate.
      const rated = first && last && span >= 1000;
      const recent = segments.filter((s) => s.t >= t - FEED_WINDOW_MS);
      const bitrate = recent.length > 0 ? recent.reduce((sum, s) => sum + s.kbps, 0) / recent.length : null;
      return {
        receivedFps: rated ? round(((last.frames - first.frames) * 1000) / span, 1) : null,
        speed: rated ? round((last.outMs - first.outMs) / span, 2) : null,
        behindMs: behindOf(t),
        bitrateKbps: bitrate === null ? null : Math.round(bitrate),
        history: segments.map((s) => ({ at: new Date(s.t).toISOString(), kbps: Math.round(s.kbps) })),
      };
    },
  };
}

export type FeedMeter = ReturnType<typeof createFeedMeter>;

/** What the health figures say is wrong, most severe first (the thresholds of feed-health-rules.ts). */
export function feedIssues(f: {
  connected: boolean;
  nominalFps: number | null;
  lastFrameAgeMs: number | null;
  measure: FeedMeasure;
  keyframeIntervalS: number | null;
  audioPresent: boolean | null;
  audioLevelDb: number | null;
}): FeedIssue[] {
  if (!f.connected) return [];
  const m = f.measure;
  const codes: FeedIssueCode[] = [];
  if (f.lastFrameAgeMs !== null && f.lastFrameAgeMs >= STALE_PICTURE_MS) codes.push('stale_picture');
  if (m.speed !== null && m.speed < FEED_MIN_SPEED) codes.push('encoder_too_slow');
  if (m.behindMs !== null && m.behindMs > FEED_BEHIND_MS) codes.push('falling_behind');
  if (m.receivedFps !== null && f.nominalFps && m.receivedFps < f.nominalFps * FEED_MIN_FPS_RATIO) {
    codes.push('low_frame_rate');
  }
  if (f.audioPresent === false) codes.push('no_audio');
  if (f.audioPresent && f.audioLevelDb !== null && f.audioLevelDb < FEED_SILENT_DB)
    codes.push('silent_audio');
  if (f.keyframeIntervalS !== null && f.keyframeIntervalS > FEED_MAX_KEYFRAME_S) {
    codes.push('long_keyframe_interval');
  }
  if (m.bitrateKbps !== null && m.bitrateKbps < FEED_MIN_KBPS) codes.push('low_bitrate');
  const issues = codes.map((code) => ({ code, severity: FEED_ISSUE_SEVERITY[code] }));
  return [
    ...issues.filter((i) => i.severity === 'critical'),
    ...issues.filter((i) => i.severity === 'warning'),
  ];
}
