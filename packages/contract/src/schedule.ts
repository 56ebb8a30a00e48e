import { DEFAULT_DOORS_BEFORE_START_MS } from './constants.ts';

/** A show's schedule rules, Zod-free so that the browser can use them (see index.ts). */

export type ShowStatusValue = 'upcoming' | 'open' | 'live' | 'ended';

/** A re-airing's times (shows.ts `Reairing`): doors and end are optional, as for the main show. */
export type ReairingTimes = {
  event_start_time: string;
  event_enter_time?: string | null | undefined;
  event_end_time?: string | null | undefined;
};

export type ShowTimes = {
  event: {
    event_start_time: string;
    event_enter_time?: string | null | undefined;
    event_end_time: string;
    reairings?: readonly ReairingTimes[] | undefined;
  };
};

/** One time a show is open to fans: the main show or a re-airing (doors <= t < end; live from start). */
export type ShowWindow = { doors: number; start: number; end: number; reairing: boolean };

/** Doors open at event_enter_time, or 30 minutes before the start without one (DESIGN.md section 10). */
export function doorsOpenAt(show: { event: Omit<ShowTimes['event'], 'event_end_time'> }): Date {
  const enter = show.event.event_enter_time;
  if (enter) return new Date(enter);
  return new Date(new Date(show.event.event_start_time).getTime() - DEFAULT_DOORS_BEFORE_START_MS);
}

/**
 * Minutes between a show's doors and its start, for the notices that say when entry opens
 * (CONST-01, decisions.md): 30 without an event_enter_time, 60 for a show whose doors open an hour
 * before; never negative.
 */
export function doorsMinutesBefore(show: { event: Omit<ShowTimes['event'], 'event_end_time'> }): number {
  const start = new Date(show.event.event_start_time).getTime();
  return Math.max(0, Math.round((start - doorsOpenAt(show).getTime()) / 60_000));
}

/**
 * A show's open windows (decisions.md, "Re-airing windows"): the main one, then each re-airing's,
 * whose doors are its event_enter_time (or 30 minutes before its start, as for the main show) and whose
 * end is its event_end_time (or its start plus the main show's length).
 */
export function showWindows(show: ShowTimes): ShowWindow[] {
  const start = Date.parse(show.event.event_start_time);
  const end = Date.parse(show.event.event_end_time);
  const main: ShowWindow = { doors: doorsOpenAt(show).getTime(), start, end, reairing: false };
  const reairings = (show.event.reairings ?? []).map((r): ShowWindow => {
    const rStart = Date.parse(r.event_start_time);
    return {
      doors: r.event_enter_time ? Date.parse(r.event_enter_time) : rStart - DEFAULT_DOORS_BEFORE_START_MS,
      start: rStart,
      end: r.event_end_time ? Date.parse(r.event_end_time) : rStart + Math.max(0, end - start),
      reairing: true,
    };
  });
  return [main, ...reairings.sort((a, b) => a.start - b.start)];
}

/**
 * The window a fan is in at `now`, if any: entry and chat are open inside it. Where windows overlap,
 * the one already live wins (the main show before a re-airing whose doors opened early).
 */
export function openWindowAt(show: ShowTimes, now: Date): ShowWindow | undefined {
  const t = now.getTime();
  const open = showWindows(show).filter((w) => t >= w.doors && t < w.end);
  return open.find((w) => t >= w.start) ?? open[0];
}

/** The re-airing a fan is in at `now` (doors or playing), unless the main show is on. */
export function reairingAt(show: ShowTimes, now: Date): ShowWindow | undefined {
  const w = openWindowAt(show, now);
  return w?.reairing ? w : undefined;
}

/** When the show's last window ends: it stays listed until then. */
export function lastEndOf(show: ShowTimes): number {
  return Math.max(...showWindows(show).map((w) => w.end));
}

/**
 * upcoming before the main doors; open/live inside any window (doors/after its start); ended after the
 * main show, between re-airings too (the viewer then plays the replay).
 */
export function showStatus(show: ShowTimes, now: Date): ShowStatusValue {
  const w = openWindowAt(show, now);
  if (w) return now.getTime() >= w.start ? 'live' : 'open';
  return now.getTime() < doorsOpenAt(show).getTime() ? 'upcoming' : 'ended';
}

/**
 * A show is listed until its last window (main show or re-airing) ends, by the start of its next
 * window still to end; the current show is the first of them (LAND-23/24).
 */
export function listedShows<T extends ShowTimes>(shows: readonly T[], now: Date): T[] {
  return listedBy(shows, (s) => s, now);
}

/** listedShows over items that carry a show (the server's catalog entries). */
export function listedBy<T>(items: readonly T[], showOf: (item: T) => ShowTimes, now: Date): T[] {
  const t = now.getTime();
  const nextStart = (s: ShowTimes) =>
    showWindows(s).find((w) => w.end > t)?.start ?? Number.POSITIVE_INFINITY;
  return items
    .filter((i) => lastEndOf(showOf(i)) > t)
    .sort((a, b) => nextStart(showOf(a)) - nextStart(showOf(b)));
}

export function currentShow<T extends ShowTimes>(shows: readonly T[], now: Date): T | undefined {
  return listedShows(shows, now)[0];
}

export function hasStream4k(show: { streams: Record<string, unknown> }): boolean {
  return show.streams.stream4k !== undefined;
}
