import type { TrackInfo } from './captions.ts';
import type { DashKeySystems } from './drm-rules.ts';
import type { LatencyReading } from './latency-control.ts';
import type { ErrorOutcome } from './player-errors.ts';
import type { LevelInfo } from './quality-levels.ts';
import type { GapState } from './replay-gap-clock.ts';
import type { ReplayMarker } from './replay-markers.ts';

/**
 * What use-player needs of a stream's playback, whatever engine plays it: hls.js for HLS
 * (hls-session.ts) or Shaka Player for DASH with EME (dash-session.ts). One session per stream, from
 * loading its manifest to the next angle or mode; each engine is a lazy chunk of its own.
 */
export interface PlayerSession {
  setLevel: (index: number) => void;
  setCaption: (language: string) => void;
  /** The program date (ms) of the frame on screen, when the stream carries one. */
  playingDate: () => number | null;
  /** The program date (ms) of a media time, when the stream carries dates (HLS program date-times). */
  dateAt?: (mediaTime: number) => number | null;
  liveSyncPosition: () => number | null;
  /** A replay's gap holding the picture: the slate's position and whether its clock runs (replay-gap-clock.ts). */
  replayGap?: () => GapState | null;
  /** Play/pause of a gap's clock; false when no gap holds the picture (the element's own play/pause then). */
  toggleReplayGap?: () => boolean;
  /**
   * A live stream's distance behind live and its target (latency-control.ts); null on demand, before
   * the clock is known, and while an angle switch closes its own gap.
   */
  latency?: () => LatencyReading | null;
  /** Bits per second, NaN before the first estimate. */
  bandwidthEstimate: () => number;
  /** Load again what failed, after a licence refresh brought a new DRM token (PLY-44). */
  retry: () => void;
  /** The EME key system decrypting the stream (e.g. org.w3.clearkey), null without EME. */
  keySystem: () => string | null;
  destroy: () => void;
}

export interface SessionOptions {
  url: string;
  /** The DRM token for key and licence requests (sent only to the origin's key and licence URLs). */
  drmToken: () => string | null;
  /** The fan's auth token: the origin's playlist, manifest and licence requests carry it (PLY-29). */
  authToken: () => string | null;
  /** The program date of the picture the previous stream showed, and when (performance.now()). */
  moment: { dateMs: number; at: number } | null;
  /**
   * The previous stream's date of media time 0 (onClock). Every live DASH stream of a media build
   * shares its availabilityStartTime, so the DASH session starts right at the kept moment with it.
   */
  previousClock?: number | null;
  uhdMode: boolean;
  captionLanguage: string;
  /** The level chosen by the fan (-1 auto) to keep across streams, when the new one has it. */
  preferredHeight: number | null;
  /** DASH only: the licence servers and the preferred key systems (dashKeySystems). */
  keySystems?: DashKeySystems;
}

export interface SessionEvents {
  /**
   * The stream's levels, and whether it is live: null while not known yet (hls.js knows the levels
   * from the multivariant playlist, liveness only from the first media playlist).
   */
  onLevels: (levels: LevelInfo[], chosen: number, live: boolean | null) => void;
  onLevelSwitched: (level: number) => void;
  onSubtitleTracks: (tracks: TrackInfo[]) => void;
  onError: (outcome: ErrorOutcome, message: string) => void;
  /** The media-time to program-date mapping: date(t) = offsetMs + 1000 t. */
  onClock: (offsetMs: number | null) => void;
  /**
   * A live stream's pause that is not an error (live ingest, issue 11): 'brb' while its playlists
   * stopped advancing and the picture reached their end (an encoder dropped), 'ended' once the show
   * ended and the picture played to the last segment, null when playing.
   */
  onStandby?: (standby: Standby) => void;
  /** A replay's scrubber marks (replay-markers.ts): its cues and songs; none live. */
  onMarkers?: (markers: ReplayMarker[]) => void;
  /** A replay's gap: the slate shows, the position moves on at real time; null when the picture plays. */
  onReplayGap?: (gap: GapState | null) => void;
}

export type Standby = 'brb' | 'ended' | null;

/**
 * The events of a session only while it is the player's: an engine torn down for the next stream (an
 * angle switch, the show going from its loop to live ingest) still reports its last appends failing as
 * it removes its buffers, and that error is not the new stream's. Seen in a loaded run: "the video
 * failed to load" over a picture that played on.
 */
export function whileCurrent(events: SessionEvents, current: () => boolean): SessionEvents {
  const guarded: Record<string, unknown> = {};
  for (const [name, handler] of Object.entries(events)) {
    guarded[name] =
      typeof handler === 'function'
        ? (...args: unknown[]) => {
            if (current()) (handler as (...a: unknown[]) => void)(...args);
          }
        : handler;
  }
  return guarded as unknown as SessionEvents;
}

export const sameOrigin = (url: string) => {
  try {
    return new URL(url, window.location.href).origin === window.location.origin;
  } catch {
    return false;
  }
};

/**
 * Where playback is, for what follows the picture (the chat replay): live or on demand, the media
 * time, and the program date of the frame on screen when the stream carries one.
 */
export interface PlaybackMoment {
  live: boolean;
  /** The stream's levels are known: `live` says what the stream is. */
  ready: boolean;
  currentTime: number;
  dateMs: number | null;
}
