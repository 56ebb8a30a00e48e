import type { TrackInfo } from '../captions.ts';
import type { LatencyReading } from '../latency-control.ts';
import type { Standby } from '../player-session.ts';
import type { LevelInfo } from '../quality-levels.ts';
import type { ReplayMarker } from '../replay-markers.ts';
import type { StallReading } from '../stall-watch.ts';

/** Player state of viewing section 3 (PLY-01), plus what the controls need. */
export interface PlayerState {
  playing: boolean;
  muted: boolean;
  volume: number;
  currentTime: number;
  duration: number;
  live: boolean;
  /** Whether the stream said yet if it is live (`live` is false until then). */
  liveKnown: boolean;
  atLiveEdge: boolean;
  levels: LevelInfo[];
  /** The fan's choice: a level index, or -1 for Auto. */
  chosenLevel: number;
  /** The level playing now. */
  currentLevel: number;
  tracks: TrackInfo[];
  bandwidth: number;
  /** A message for the DRM dialog (PLY-46) or a failed load (PLY-49). */
  failure: 'drm' | 'load' | null;
  /** The EME key system decrypting the picture (DASH), null without EME (AES-128 HLS). */
  keySystem: string | null;
  /** Live ingest's slates (issue 11): the encoder is away, or the show ended. */
  standby: Standby;
  /** Seconds behind live and the target distance (latency-control.ts), tenths; null when unknown. */
  latency: LatencyReading | null;
  /** The picture's progress (stall-watch.ts): the spinner and the low-bandwidth banner read it. */
  stalls: StallReading;
  /** A replay's cues and songs on its scrubber (issue 27). */
  markers: ReplayMarker[];
}

export const initialPlayerState = (volume: number): PlayerState => ({
  playing: false,
  muted: true,
  volume,
  currentTime: 0,
  duration: 0,
  live: false,
  liveKnown: false,
  atLiveEdge: true,
  levels: [],
  chosenLevel: -1,
  currentLevel: -1,
  tracks: [],
  bandwidth: Number.NaN,
  failure: null,
  keySystem: null,
  standby: null,
  latency: null,
  stalls: { stalled: false, longStall: false, starved: false, recentStalls: 0 },
  markers: [],
});

const tenths = (x: number) => Math.round(x * 10) / 10;
/** The reading as the controls show it: to a tenth of a second, so a re-render is a visible change. */
export const shownLatency = (r: LatencyReading | null | undefined): LatencyReading | null =>
  r ? { behindS: tenths(r.behindS), targetS: tenths(r.targetS) } : null;
export const sameLatency = (a: LatencyReading | null, b: LatencyReading | null) =>
  a === b || (a !== null && b !== null && a.behindS === b.behindS && a.targetS === b.targetS);
