import { decodeCuePayload } from '@encore/contract';

/**
 * The show clock as this fan's picture shows it (issue 27): the program date of the frame on screen,
 * which every angle carries. The player attaches its stream's clock; the host's timed cues are
 * applied when this date reaches their moment, so each fan sees a cue with their own picture. The
 * player also hands over the cues its playlists and MPDs carry (cue-timeline-rules.ts).
 */
export interface PictureSource {
  /** The program date (ms) of the frame on screen, or null before the first frame or without dates. */
  date: () => number | null;
  /** The picture's playback rate (the latency controller plays at 0.95 to 1.05). */
  rate: () => number;
  /** How far the picture is behind the show clock on the origin's clock (ms), when measured. */
  behindMs: () => number | null;
}

export interface CarriedCue {
  id: string;
  at: string;
  alert: { type: string; f?: string };
}

let source: PictureSource | null = null;
/** The last date read, to bridge a stream's start (an angle switch) without falling back to now. */
let last: { date: number; at: number } | null = null;
const BRIDGE_MS = 10_000;

function readDate(): number | null {
  if (!source) return null;
  const date = source.date();
  const at = Date.now();
  if (date !== null) {
    last = { date, at };
    return date;
  }
  return last && at - last.at < BRIDGE_MS ? last.date + (at - last.at) : null;
}
const listeners = new Set<(cues: CarriedCue[]) => void>();
const seen = new Set<string>();

export const pictureClock = {
  /** The player's stream; the returned function detaches it (only if it is still the one attached). */
  attach(next: PictureSource): () => void {
    source = next;
    return () => {
      if (source !== next) return;
      source = null;
      last = null;
    };
  },
  date: readDate,
  rate: (): number => source?.rate() ?? 1,
  behindMs: (): number | null => source?.behindMs() ?? null,

  /** Payloads read off a playlist's DATERANGEs or an MPD's Events; each new one goes to the listeners. */
  carried(payloads: readonly string[]): void {
    const fresh: CarriedCue[] = [];
    for (const p of payloads) {
      if (seen.has(p)) continue;
      seen.add(p);
      if (seen.size > 2000) seen.delete(seen.values().next().value as string);
      const cue = decodeCuePayload(p);
      if (cue) fresh.push(cue);
    }
    if (fresh.length === 0) return;
    for (const fn of listeners) fn(fresh);
  },
  onCarried(fn: (cues: CarriedCue[]) => void): () => void {
    listeners.add(fn);
    return () => listeners.delete(fn);
  },
  /** Tests: forget what was seen. */
  reset(): void {
    seen.clear();
    source = null;
    last = null;
  },
};
