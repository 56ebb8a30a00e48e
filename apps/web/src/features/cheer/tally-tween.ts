import { TALLY_TIMINGS_MS } from '@encore/contract';

/**
 * The global tally's count-up (CHR-21): the shown number is redrawn every 250 ms (update); a new
 * count runs up from the number shown to it over the tween (500 ms), and the tally stays lit for the
 * duration (1000 ms) after a rise.
 */
export interface TallyAnimation {
  from: number;
  to: number;
  startedAt: number;
}

export const settled = (n: number): TallyAnimation => ({ from: n, to: n, startedAt: 0 });

/** The number to show at `now`: whole, never past the target, the target itself once the tween ran. */
export function tallyValue(a: TallyAnimation, now: number, tweenMs = TALLY_TIMINGS_MS.tween): number {
  if (a.to <= a.from) return a.to;
  const share = tweenMs > 0 ? Math.min(1, Math.max(0, (now - a.startedAt) / tweenMs)) : 1;
  return Math.floor(a.from + (a.to - a.from) * share);
}

/** A new target: run up from what is shown now. */
export function retarget(a: TallyAnimation, target: number, now: number): TallyAnimation {
  if (target === a.to) return a;
  return { from: tallyValue(a, now), to: target, startedAt: now };
}

/** Whether the tally is still lit at `now` after the rise that started at `a.startedAt`. */
export const isLit = (a: TallyAnimation, now: number, durationMs = TALLY_TIMINGS_MS.duration): boolean =>
  a.startedAt > 0 && a.to > a.from && now - a.startedAt < durationMs;
