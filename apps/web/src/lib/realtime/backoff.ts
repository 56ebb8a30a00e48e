export const BACKOFF_BASE_MS = 500;
export const BACKOFF_MAX_MS = 30_000;

/**
 * Wait before reconnect attempt `attempt` (0-based): doubling from 0.5 s up to 30 s, each wait drawn
 * from its upper half ('equal jitter'). When a node restarts, its thousands of sockets then come back
 * spread out instead of all in the same second, and no client retries faster than the base.
 */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}
