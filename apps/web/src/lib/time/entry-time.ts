import { doorsOpenAt, type ShowTimes } from '@encore/contract';

/**
 * When this fan's Enter button unlocks: doors open plus the fan's skew (LAND-19). The server admits at
 * the doors time; the skew spreads a full house's first clicks over a minute.
 */
export function entryOpensAt(show: ShowTimes, skewSeconds: number): number {
  return doorsOpenAt(show).getTime() + skewSeconds * 1000;
}

/** Enter is possible from the fan's entry time until the show ends. */
export function isEntryOpen(show: ShowTimes, skewSeconds: number, now: number): boolean {
  return now >= entryOpensAt(show, skewSeconds) && now < new Date(show.event.event_end_time).getTime();
}
