import { TIMINGS_MS } from '@encore/contract';

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/**
 * Whole days, hours, minutes and seconds left. Seconds round up, so the display reaches 0 exactly at
 * the target instead of showing 0 for the last second before it.
 */
export function splitCountdown(remainingMs: number): CountdownParts {
  const total = Math.max(0, Math.ceil(remainingMs / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

/** LAND-15: the countdown is 'almost over' while under 10 minutes remain (and it has not ended). */
export function isAlmostOver(remainingMs: number): boolean {
  return remainingMs > 0 && remainingMs < TIMINGS_MS.almostOverUnder;
}

/** LAND-14: the countdown hides once nothing is left. */
export function isCountdownOver(remainingMs: number): boolean {
  return remainingMs <= 0;
}
