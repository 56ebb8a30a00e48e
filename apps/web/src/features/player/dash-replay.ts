import { CUE_SCHEME_ID_URI } from '@encore/contract';
import { PLAYER } from './player-constants.ts';
import type { SessionEvents } from './player-session.ts';
import { createGapClock, type GapRange, gapRanges } from './replay-gap-clock.ts';
import { pictureSpan, watchTrailingGap } from './replay-gaps.ts';
import { replayMarkers } from './replay-markers.ts';

/**
 * A DASH replay on the show clock (issue 27), read off its static MPD: the show-clock date of media
 * time 0 (the MPD's availabilityStartTime, which Encore's origin sets to the replay window's start),
 * where each encoder run's picture is (a Period per run, its SegmentTimeline), and so the gaps where
 * the angle had no picture, and the host's cues it carries (an EventStream per Period). Shaka jumps a
 * gap between Periods; the player shows the slate for it instead (replay-gap-clock.ts), dates the
 * picture for an angle switch, and marks the cues on the scrubber, as for an HLS replay.
 */
export interface DashReplay {
  /** The show-clock date (ms) at media time 0, or null when the MPD has none. */
  startMs: number | null;
  gaps: GapRange[];
  picture: ReturnType<typeof pictureSpan>;
  /** The cue payloads of every Event under `scheme`. */
  cues: string[];
  duration: number;
}

const attr = (tag: string, name: string): string | undefined =>
  new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/** An xs:duration of the form the origin writes (PT1H2M3.5S); null when it is none. */
export function mpdSeconds(value: string | undefined): number | null {
  const m = value ? /^PT(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?$/.exec(value) : null;
  if (!m || (m[1] === undefined && m[2] === undefined && m[3] === undefined)) return null;
  return Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0);
}

/** Where a Period's video has picture, in media seconds; null without a video timeline. */
function periodPicture(period: string, periodStart: number): { start: number; end: number } | null {
  const videoSet = /<AdaptationSet\b[^>]*contentType="video"[^>]*>([\s\S]*?)<\/AdaptationSet>/.exec(
    period,
  )?.[1];
  const template = videoSet ? /<SegmentTemplate\b[^>]*>/.exec(videoSet)?.[0] : undefined;
  if (!videoSet || !template) return null;
  const timescale = Number(attr(template, 'timescale') ?? 1) || 1;
  const pto = Number(attr(template, 'presentationTimeOffset') ?? 0);
  let first: number | null = null;
  let next = 0;
  for (const [s] of videoSet.matchAll(/<S\b[^>]*>/g)) {
    const t = attr(s, 't');
    const d = Number(attr(s, 'd') ?? 0);
    const repeat = Number(attr(s, 'r') ?? 0);
    if (t !== undefined) next = Number(t);
    first ??= next;
    next += d * (repeat + 1);
  }
  if (first === null) return null;
  return { start: periodStart + (first - pto) / timescale, end: periodStart + (next - pto) / timescale };
}

/** The replay a static MPD describes; null for a live (dynamic) MPD. */
export function readDashReplay(mpd: string, scheme: string): DashReplay | null {
  const head = /<MPD\b[^>]*>/.exec(mpd)?.[0];
  if (!head || attr(head, 'type') !== 'static') return null;
  const duration = mpdSeconds(attr(head, 'mediaPresentationDuration')) ?? 0;
  const anchor = Date.parse(attr(head, 'availabilityStartTime') ?? '');
  // The picture's runs as a fragment list with the holes between them, the shape gapRanges reads.
  const frags: { start: number; duration: number; gap?: boolean }[] = [];
  const cues: string[] = [];
  let at = 0;
  for (const [period, tag] of mpd.matchAll(/(<Period\b[^>]*>)[\s\S]*?<\/Period>/g)) {
    const run = periodPicture(period, mpdSeconds(attr(tag ?? '', 'start')) ?? 0);
    for (const [stream] of period.matchAll(/<EventStream\b[^>]*>[\s\S]*?<\/EventStream>/g)) {
      if (attr(stream, 'schemeIdUri') !== scheme) continue;
      for (const [, text] of stream.matchAll(/<Event\b[^>]*>([^<]*)<\/Event>/g)) if (text) cues.push(text);
    }
    if (!run || run.end <= run.start) continue;
    if (run.start - at > 0.05) frags.push({ start: at, duration: run.start - at, gap: true });
    frags.push({ start: run.start, duration: run.end - run.start });
    at = run.end;
  }
  if (duration - at > 0.05 && frags.length > 0) frags.push({ start: at, duration: duration - at, gap: true });
  return {
    startMs: Number.isFinite(anchor) ? anchor : null,
    gaps: gapRanges(frags),
    picture: pictureSpan(frags),
    cues,
    duration,
  };
}

/**
 * The replay side of a DASH session: each MPD it loads is read here; a static one (the replay) dates
 * the picture, shows the slate for its gaps and ends at its last picture (replay-gaps.ts), as the HLS
 * session does for its playlists.
 */
export function watchDashReplay(video: HTMLVideoElement, ev: Pick<SessionEvents, 'onReplayGap'>) {
  let replay: DashReplay | null = null;
  const gapClock = createGapClock(video, {
    ranges: () => replay?.gaps ?? [],
    pictureStart: () => replay?.picture?.start ?? 0,
    report: (s) => ev.onReplayGap?.(s),
    reportEveryMs: PLAYER.timeUpdateMs,
  });
  const stopTrailingGap = watchTrailingGap(video, () => replay?.picture ?? null);
  const dateAt = (t: number) => (replay?.startMs != null ? replay.startMs + t * 1000 : null);
  return {
    /** An MPD the session loaded (Shaka's response filter). */
    read(text: string): void {
      replay = readDashReplay(text, CUE_SCHEME_ID_URI);
    },
    /** The show-clock date at media time 0 of the replay (null live, or without an anchor). */
    clock: () => replay?.startMs ?? null,
    dateAt,
    /** The date of the moment on screen: the slate's own position while a gap holds the picture. */
    pictureDate: () => dateAt(gapClock.state()?.position ?? video.currentTime),
    markers: () =>
      replay?.startMs != null ? replayMarkers(replay.cues, replay.startMs, replay.duration) : [],
    /** Where to start for media time `t`: in a gap, the slate from there and the picture after it. */
    startAt: (t: number) => gapClock.startAt(t) ?? t,
    state: () => gapClock.state(),
    toggle: () => gapClock.toggle(),
    stop(): void {
      gapClock.stop();
      stopTrailingGap();
    },
  };
}
