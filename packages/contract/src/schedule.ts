import { DEFAULT_DOORS_BEFORE_START_MS } from './constants.ts';

/** A show's schedule rules, Zod-free so that the browser can use them (see index.ts). */

export type ShowStatusValue = 'upcoming' | 'open' | 'live' | 'ended';

export type ShowTimes = {
  event: { event_start_time: string; event_enter_time?: string | null | undefined; event_end_time: string };
};

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

export function showStatus(show: ShowTimes, now: Date): ShowStatusValue {
  const t = now.getTime();
  if (t >= new Date(show.event.event_end_time).getTime()) return 'ended';
  if (t >= new Date(show.event.event_start_time).getTime()) return 'live';
  if (t >= doorsOpenAt(show).getTime()) return 'open';
  return 'upcoming';
}

/** A show is listed until its end time, by start time; the current show is the first of them (LAND-23/24). */
export function listedShows<T extends ShowTimes>(shows: readonly T[], now: Date): T[] {
  return shows
    .filter((s) => new Date(s.event.event_end_time).getTime() > now.getTime())
    .sort(
      (a, b) => new Date(a.event.event_start_time).getTime() - new Date(b.event.event_start_time).getTime(),
    );
}

export function currentShow<T extends ShowTimes>(shows: readonly T[], now: Date): T | undefined {
  return listedShows(shows, now)[0];
}

export function hasStream4k(show: { streams: Record<string, unknown> }): boolean {
  return show.streams.stream4k !== undefined;
}
