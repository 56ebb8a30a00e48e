import { CHEER_TIMINGS_MS } from '@encore/contract';

export interface CheerSenderDeps {
  /** Takes the unsent taps (and resets the session count); 0 when there are none. */
  take: () => number;
  /** Sends a count; false when it was not counted. */
  send: (count: number) => Promise<boolean>;
  /** Gives back the taps of a send that failed. */
  restore: (count: number) => void;
  firstSendMs?: number;
  intervalMs?: number;
}

/**
 * Sends the cheer count on a timer (CHR-08, CHR-09): first 10 s after start, then every 10 s, and
 * only while the count is above zero. One send at a time; a failed one is retried with the next.
 * Answers a stop function.
 */
export function startCheerSender(deps: CheerSenderDeps): () => void {
  const first = deps.firstSendMs ?? CHEER_TIMINGS_MS.firstSend;
  const interval = deps.intervalMs ?? CHEER_TIMINGS_MS.sendInterval;
  let busy = false;
  let stopped = false;
  let repeat: ReturnType<typeof setInterval> | undefined;

  const tick = () => {
    if (busy || stopped) return;
    const count = deps.take();
    if (count <= 0) return;
    busy = true;
    deps
      .send(count)
      .catch(() => false)
      .then((ok) => {
        if (!ok) deps.restore(count);
      })
      .finally(() => {
        busy = false;
      });
  };
  const start = setTimeout(() => {
    tick();
    repeat = setInterval(tick, interval);
  }, first);
  return () => {
    stopped = true;
    clearTimeout(start);
    if (repeat !== undefined) clearInterval(repeat);
  };
}
