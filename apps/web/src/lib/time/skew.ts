import { MAX_SKEW_SECONDS } from '@encore/contract';

/** A whole number of seconds from 0 to 60 inclusive (LAND-20). */
export function randomSkewSeconds(random: () => number = Math.random): number {
  return Math.min(MAX_SKEW_SECONDS, Math.floor(random() * (MAX_SKEW_SECONDS + 1)));
}

/** The stored skew when it is one of the values a skew can take, otherwise a fresh one. */
export function resolveSkew(stored: unknown, random: () => number = Math.random): number {
  if (typeof stored === 'number' && Number.isInteger(stored) && stored >= 0 && stored <= MAX_SKEW_SECONDS)
    return stored;
  return randomSkewSeconds(random);
}
