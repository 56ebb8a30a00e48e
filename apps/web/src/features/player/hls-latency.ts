import type { LatencyReading } from './latency-control.ts';
import { createServerClock, dateHeaderWindow } from './server-clock.ts';

/** What the latency reading needs of an hls.js media playlist (LevelDetails). */
export interface PlaylistTimes {
  live: boolean;
  /** Media time of the playlist's end, its last part included. */
  edge: number;
  holdBack: number;
  partHoldBack: number;
  targetduration: number;
  fragments: readonly { start: number; duration: number; programDateTime: number | null }[];
}

/** Playlist loads the publishing delay is read from (about a minute of reloads), and the rank used. */
const EDGE_SAMPLES = 40;
const EDGE_ROBUST_RANK = 2;
/** No reading before this many loads: one load's lag is up to a segment off. */
const EDGE_MIN_SAMPLES = 3;

/** Program dates of media times further than this past the last dated fragment are not guessed (s). */
const EXTRAPOLATE_S = 12;

/**
 * The program date (ms) of media time `t`: from the last dated fragment starting at or before it, so a
 * time in the part-built segment at the live edge (LL-HLS: not yet a whole fragment) has one too.
 */
export function dateOfTime(frags: PlaylistTimes['fragments'], t: number): number | null {
  let anchor: PlaylistTimes['fragments'][number] | null = null;
  for (const f of frags) {
    if (f.start > t + 1e-3) break;
    if (f.programDateTime !== null) anchor = f;
  }
  if (!anchor || anchor.programDateTime === null) return null;
  if (t - (anchor.start + anchor.duration) > EXTRAPOLATE_S) return null;
  return anchor.programDateTime + (t - anchor.start) * 1000;
}

/** The distance from a live playlist's edge a fan is held at: PART-HOLD-BACK in LL-HLS, else HOLD-BACK, else RFC 8216's three targets. */
export const holdBackOf = (p: PlaylistTimes, lowLatency: boolean) =>
  (lowLatency && p.partHoldBack) || p.holdBack || 3 * p.targetduration;

/**
 * What a session learns of an origin and keeps for the next stream of the same show (an angle switch):
 * the origin's clock, and the device-clock lags of a playlist's edge behind its arrival (ms, newest
 * last; the clock's offset is added when read). Without them each new angle would start from one
 * playlist's lag, up to a segment off, and the controller would move the fan after every switch.
 */
export interface Learnt {
  clock: ReturnType<typeof createServerClock>;
  edgeLags: number[];
}
const freshLearning = (deviceNow: () => number = Date.now): Learnt => ({
  clock: createServerClock(deviceNow),
  edgeLags: [],
});
const learning = new Map<string, Learnt>();

/** The show a stream URL belongs to: its path without the stream's folder and file (…/<show>/<stream>/x.m3u8). */
export const showKeyOf = (url: string, base = 'http://localhost/') => {
  const u = new URL(url, base);
  return `${u.origin}${u.pathname.split('/').slice(0, -2).join('/')}`;
};

/** The learning of the show at `url`, shared by its sessions for the page's lifetime. */
export function learntFor(url: string): Learnt {
  const key = showKeyOf(url, typeof window === 'undefined' ? undefined : window.location.href);
  let entry = learning.get(key);
  if (!entry) {
    entry = freshLearning();
    learning.set(key, entry);
  }
  return entry;
}

/**
 * The latency reading of an HLS session (latency-control.ts): behind = the origin's now (server-clock.ts,
 * fed from the Date of every same-origin response hls.js loads) minus the program date of the frame on
 * screen. The target is the hold-back behind the edge as the origin publishes it: the edge's program
 * date trails the server's clock by what packaging and publishing take (a segment is listed once it
 * is whole), measured on every playlist load as now minus the edge's date; the smallest such lags are
 * the publishing delay (a load late in a segment's life reads more), so target = that + hold-back.
 */
export function createHlsLatency(
  deviceNow: () => number = Date.now,
  learnt: Learnt = freshLearning(deviceNow),
) {
  const { clock, edgeLags } = learnt;
  let playlist: PlaylistTimes | null = null;
  let lowLatency = false;
  /**
   * The publishing delay: the third smallest of the last EDGE_SAMPLES lags, not the smallest, since
   * one segment stamped late (an encoder's hiccup) would set a target nearer the edge than segments
   * arrive, which the fan could never reach; a window, so a feed that comes back slower is followed.
   */
  const edgeLag = () => {
    if (edgeLags.length < EDGE_MIN_SAMPLES) return Number.POSITIVE_INFINITY;
    const sorted = [...edgeLags].sort((a, b) => a - b);
    return sorted[Math.min(EDGE_ROBUST_RANK, sorted.length - 1)] ?? Number.POSITIVE_INFINITY;
  };

  return {
    clock,
    onResponse: (xhr: XMLHttpRequest, sentAt: number) => {
      const window = dateHeaderWindow(xhr.getResponseHeader('Date'));
      if (window) clock.sample(window[0], window[1], sentAt, deviceNow());
    },
    playlist: (details: PlaylistTimes, lowLatencyMode: boolean) => {
      playlist = details;
      lowLatency = lowLatencyMode;
      if (!details.live) return;
      const edgeDate = dateOfTime(details.fragments, details.edge);
      if (edgeDate === null) return;
      edgeLags.push(deviceNow() - edgeDate);
      if (edgeLags.length > EDGE_SAMPLES) edgeLags.shift();
    },
    reading: (currentTime: number): LatencyReading | null => {
      const lag = edgeLag();
      if (!playlist?.live || !Number.isFinite(lag)) return null;
      const shown = dateOfTime(playlist.fragments, currentTime);
      if (shown === null) return null;
      const offset = clock.offset();
      return {
        behindS: (clock.now() - shown) / 1000,
        targetS: (lag + offset) / 1000 + holdBackOf(playlist, lowLatency),
      };
    },
  };
}
