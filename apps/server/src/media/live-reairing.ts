import { reairingAt, type ShowTimes } from '@encore/contract';
import type { LiveRung, LiveSegment } from './live-index.ts';

/**
 * Re-airing playlists (issue 11, docs/media.md "Re-airing playlists"): during a re-airing of a
 * live-ingest show, the closed recording plays again as a LIVE stream, for everyone at the same moment,
 * as if it had started at the re-airing's start. The segments and keys are the recording's; only the
 * playlist changes: a sliding window over the segments already "aired" on the re-airing's clock, their
 * program date-times shifted onto it (one shift for every stream and rung of the show, so an angle
 * switch still lands on the same moment), and no EXT-X-ENDLIST until the recording has played out.
 */

/** The re-airing on now: its start, and the recording's moment that plays at that start. */
export type ReairingClock = { start: number; origin: number | null };

export type ReairingView = { rung: LiveRung; listed: LiveSegment[]; ended: boolean };

/**
 * The segments of a recording on the re-airing's clock at `now`: `segments` (the show's, shifted),
 * `listed` (the sliding window of those already aired) and `ended` (all have aired); null while nothing
 * has aired yet (the doors: the origin answers "not on air" and players retry). `origin` is the moment
 * the show went live (Go live): segments pushed before it (line checks during the doors) are not the
 * show and are left out; without one the recording's first segment is the origin. Generic so that the
 * caption playlists (live-captions.routes.ts) mirror the video's window exactly.
 */
export function reairingWindow<S extends { pdt: number; dur: number }>(
  segments: readonly S[],
  clock: ReairingClock,
  now: number,
  windowSize: number,
): { segments: S[]; listed: S[]; ended: boolean } | null {
  const first = segments[0];
  if (!first) return null;
  const origin = clock.origin ?? first.pdt;
  const shifted = segments
    .filter((s) => s.pdt + s.dur * 1000 > origin)
    .map((s) => ({ ...s, pdt: clock.start + (s.pdt - origin) }));
  const aired = shifted.filter((s) => s.pdt + s.dur * 1000 <= now);
  if (aired.length === 0) return null;
  const ended = aired.length === shifted.length;
  return { segments: shifted, listed: ended ? shifted : aired.slice(-windowSize), ended };
}

/** reairingWindow over one rung of a stream's index, as renderLivePlaylist takes it. */
export function reairingView(
  rung: LiveRung,
  clock: ReairingClock,
  now: number,
  windowSize: number,
): ReairingView | null {
  const w = reairingWindow(rung.segments, clock, now, windowSize);
  // The rung keeps only the show's segments, so the discontinuity count is the same on every reload.
  return w && { rung: { ...rung, segments: w.segments }, listed: w.listed, ended: w.ended };
}

export type ReairingClockDeps = {
  /** The show's times and the moment its broadcast went live; null for an unknown show. */
  showOf: (slug: string) => Promise<{ show: ShowTimes; liveAt: Date | null } | null>;
  now?: () => number;
  /** How long a slug's answer is kept: every viewer's playlist reload must not be a query. */
  ttlMs?: number;
};

/** The re-airing clock of a show at the time of the call (null outside its re-airings), cached. */
export function createReairingClocks(deps: ReairingClockDeps) {
  const now = deps.now ?? Date.now;
  const ttl = deps.ttlMs ?? 1000;
  const cache = new Map<string, { at: number; clock: Promise<ReairingClock | null> }>();
  return (slug: string): Promise<ReairingClock | null> => {
    const t = now();
    const hit = cache.get(slug);
    if (hit && t - hit.at < ttl) return hit.clock;
    const clock = deps.showOf(slug).then((found) => {
      const w = found ? reairingAt(found.show, new Date(t)) : undefined;
      return found && w ? { start: w.start, origin: found.liveAt?.getTime() ?? null } : null;
    });
    clock.catch(() => cache.delete(slug));
    cache.set(slug, { at: t, clock });
    return clock;
  };
}
