import { type ShowTimes, showWindows } from '@encore/contract';

/**
 * When this fan's Enter button unlocks: the doors of the show's window in progress or next (the main
 * show, or a re-airing: the contract's showWindows rule) plus the fan's skew (LAND-19). The server
 * admits at the doors time; the skew spreads a full house's first clicks over a minute.
 */
export function entryOpensAt(show: ShowTimes, skewSeconds: number, now: number = Date.now()): number {
  const windows = showWindows(show);
  const window = windows.find((w) => w.end > now) ?? windows[0];
  return (window?.doors ?? 0) + skewSeconds * 1000;
}

/** Enter is possible from the fan's entry time until the end of that window (main show or re-airing). */
export function isEntryOpen(show: ShowTimes, skewSeconds: number, now: number): boolean {
  return showWindows(show).some((w) => now >= w.doors + skewSeconds * 1000 && now < w.end);
}
