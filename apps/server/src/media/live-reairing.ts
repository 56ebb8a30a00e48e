import { reairingAt, type ShowTimes } from '@encore/contract';
import type { LiveDashIndex } from './live-dash-index.ts';
import type { LiveRung, LiveSegment } from './live-index.ts';

/**
 * Re-airing playlists (issue 11, docs/media.md "Re-airing playlists"): during a re-airing of a
 * live-ingest show, the closed recording plays again as a LIVE stream, for everyone at the same moment,
 * as if it had started at the re-airing's start. The segments and keys are the recording's; only the
 * playlist changes: a sliding window over the segments already "aired" on the re-airing's clock, their
 * program date-times shifted onto it (one shift for every stream and rung of the show, so an angle
 * switch still lands on the same moment), and no EXT-X-ENDLIST until the recording has played out.
 */

/**
 * The re-airing on now: its start, and the recording's moment that plays at that start (the replay
 * window's start: the host's trimmed start, else Go live); `end`, where the replay window ends (the
 * trimmed end, else End show), so a re-airing plays exactly what the replay plays (issue 27).
 */
export type ReairingClock = { start: number; origin: number | null; end?: number | null };

/** The replay window's rule (replay-window.ts): what starts at or after its start and ends by its end. */
function inWindow(startMs: number, endMs: number, origin: number, end: number | null | undefined): boolean {
  return startMs >= origin - 1 && (end == null || endMs <= end + 1);
}

export type ReairingView = { rung: LiveRung; listed: LiveSegment[]; ended: boolean };

/**
 * The segments of a recording on the re-airing's clock at `now`: `segments` (the show's, shifted),
 * `listed` (the sliding window of those already aired) and `ended` (all have aired); null while nothing
 * has aired yet (the doors: the origin answers "not on air" and players retry). `origin` is where the
 * replay window starts (Go live or the host's trim): segments that start before it (line checks during
 * the doors) are not the show and are left out, as are those that end after `end`; without one the recording's first segment is the origin. Generic so that the
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
    .filter((s) => inWindow(s.pdt, s.pdt + s.dur * 1000, origin, clock.end))
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

export type ReairingDash = { index: LiveDashIndex; shiftMs: number; ended: boolean };

/**
 * The DASH of a recording on the re-airing's clock at `now`, the twin of reairingView: the fragments
 * aired so far of the show's fragments (those inside the replay window), and `shiftMs`, the one offset
 * that lays the show clock on the re-airing's (re-airing start minus Go live, as for the HLS program
 * dates). The fragments and their decode times are the recording's, untouched: the MPD moves its
 * availabilityStartTime by `shiftMs` instead, so every presentation time is the night's (the epoch
 * rule, docs/media.md 9.1, still bounds the decode times) and a date on it is the re-airing's. The
 * window of the last seconds is renderLiveMpd's, from the last aired fragment. Null while nothing has
 * aired (the doors).
 */
export function reairingDash(index: LiveDashIndex, clock: ReairingClock, now: number): ReairingDash | null {
  const msOf = (ticks: number, timescale: number) => index.epoch + (ticks * 1000) / timescale;
  // Without a Go live the stream's first fragment is the origin, as its first HLS segment is for HLS.
  const firsts = index.runs.flatMap((run) =>
    run.reps.flatMap((r) => (r.segments[0] ? [msOf(r.segments[0].t, r.timescale)] : [])),
  );
  if (firsts.length === 0) return null;
  const origin = clock.origin ?? Math.min(...firsts);
  const shiftMs = clock.start - origin;
  let show = 0;
  let aired = 0;
  const runs = index.runs.map((run) => ({
    ...run,
    reps: run.reps.map((rep) => {
      const ends = (s: { t: number; d: number }) => msOf(s.t + s.d, rep.timescale);
      const ofShow = rep.segments.filter((s) =>
        inWindow(msOf(s.t, rep.timescale), ends(s), origin, clock.end),
      );
      const listed = ofShow.filter((s) => ends(s) + shiftMs <= now);
      show += ofShow.length;
      aired += listed.length;
      return { ...rep, segments: listed };
    }),
  }));
  if (aired === 0) return null;
  return { index: { ...index, runs }, shiftMs, ended: aired === show };
}

export type ReairingClockDeps = {
  /** The show's times and the moment its broadcast went live; null for an unknown show. */
  showOf: (
    slug: string,
  ) => Promise<{ show: ShowTimes; liveAt: Date | null; endAt?: Date | null | undefined } | null>;
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
      return found && w
        ? { start: w.start, origin: found.liveAt?.getTime() ?? null, end: found.endAt?.getTime() ?? null }
        : null;
    });
    clock.catch(() => cache.delete(slug));
    cache.set(slug, { at: t, clock });
    return clock;
  };
}
