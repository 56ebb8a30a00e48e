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

/** Within this of its next change, the show card ticks every second; otherwise every 30 s. */
export const SHOW_CARD_SOON_MS = 60_000;

/**
 * How often the landing's show card needs the time (issue 14): every second while its countdown runs
 * or one of its changes is under a minute away (a window's doors, this fan's entry, its start, its
 * end), every 30 s otherwise. Each tick re-renders the card: every second for a show that is simply
 * live kept the main thread from ever going quiet (Lighthouse's time to interactive and blocking
 * time on the landing page). A 30 s tick always comes before a change gets within 30 s.
 */
export function showCardTickMs(show: ShowTimes, skewSeconds: number, now: number, counting: boolean): number {
  if (counting) return 1000;
  const skew = skewSeconds * 1000;
  const soon = showWindows(show).some((w) =>
    [w.doors, w.doors + skew, w.start, w.end].some((t) => t > now && t - now <= SHOW_CARD_SOON_MS),
  );
  return soon ? 1000 : 30_000;
}
