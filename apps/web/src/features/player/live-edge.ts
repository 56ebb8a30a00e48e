import { PLAYER } from './player-constants.ts';

/** At the live edge: closer to it than the threshold of 10 seconds (PLY-04). */
export const atLiveEdge = (distance: number) => distance < PLAYER.liveEdgeThreshold;

export type ToggleAction = 'pause' | 'live-edge' | 'play';

/** Toggle play (PLY-06): pause if playing; else go to the live edge if live; else play. */
export function toggleAction(playing: boolean, live: boolean): ToggleAction {
  if (playing) return 'pause';
  return live ? 'live-edge' : 'play';
}

export interface FragmentClock {
  /** Media time of the fragment's start, in seconds. */
  start: number;
  /** Its EXT-X-PROGRAM-DATE-TIME in ms since the epoch. */
  programDateTime: number | null;
}

/**
 * The media time of a wall-clock moment in a stream (the angle switch keeps the moment): every demo
 * stream shares one program-date-time clock, so the same date is the same picture on every angle.
 * Null when the playlist carries no program date time or the moment is outside it.
 */
export function positionForDate(fragments: readonly FragmentClock[], dateMs: number): number | null {
  const first = fragments[0];
  const last = fragments[fragments.length - 1];
  if (!first || !last || first.programDateTime === null || last.programDateTime === null) return null;
  if (dateMs < first.programDateTime) return null;
  let anchor = first;
  for (const f of fragments) {
    if (f.programDateTime !== null && f.programDateTime <= dateMs) anchor = f;
  }
  return anchor.start + (dateMs - (anchor.programDateTime ?? dateMs)) / 1000;
}
