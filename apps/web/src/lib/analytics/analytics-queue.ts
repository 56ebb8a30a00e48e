import { ANALYTICS_BATCH_MAX, type AnalyticsEvent } from '@encore/contract';

export type SendBatch = (events: AnalyticsEvent[], options: { keepalive: boolean }) => Promise<void>;

export interface AnalyticsQueueOptions {
  send: SendBatch;
  /** How long an event may wait for others before its batch goes. */
  flushDelayMs?: number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (id: unknown) => void;
}

/**
 * Events wait briefly and go in batches of at most ANALYTICS_BATCH_MAX (POST /thor/event/ stores them
 * in batches): a burst of angle switches is one request, not ten. A failed batch is dropped, never
 * retried in a loop: analytics must not compete with the video for the fan's bandwidth.
 */
export function createAnalyticsQueue({
  send,
  flushDelayMs = 2000,
  setTimer = (fn, ms) => setTimeout(fn, ms),
  clearTimer = (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
}: AnalyticsQueueOptions) {
  let queue: AnalyticsEvent[] = [];
  let timer: unknown = null;

  const flush = (keepalive = false) => {
    if (timer !== null) clearTimer(timer);
    timer = null;
    while (queue.length > 0) {
      const batch = queue.slice(0, ANALYTICS_BATCH_MAX);
      queue = queue.slice(ANALYTICS_BATCH_MAX);
      send(batch, { keepalive }).catch(() => {});
    }
  };

  return {
    push(event: AnalyticsEvent) {
      queue.push(event);
      if (queue.length >= ANALYTICS_BATCH_MAX) flush();
      else if (timer === null) timer = setTimer(() => flush(), flushDelayMs);
    },
    /** Sends what waits now; `keepalive` when the page is going away. */
    flush,
    get size() {
      return queue.length;
    },
  };
}
