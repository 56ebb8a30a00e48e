import { CHAT_TIMINGS_MS } from '@encore/contract';

/**
 * Outgoing tosses are sent debounced (viewing section 4, CHAT-43): each is echoed locally at once,
 * and the calls go 250 ms after the last send action, in the order typed, one at a time, so a burst
 * of taps is one short run of requests and the server stamps them in order.
 */
export class SendQueue<T> {
  private pending: T[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running = false;
  private closed = false;

  private readonly deliver: (item: T) => Promise<void>;
  private readonly debounceMs: number;

  constructor(deliver: (item: T) => Promise<void>, debounceMs: number = CHAT_TIMINGS_MS.sendDebounce) {
    this.deliver = deliver;
    this.debounceMs = debounceMs;
  }

  push(item: T): void {
    if (this.closed) return;
    this.pending.push(item);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), this.debounceMs);
  }

  private async flush(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      while (this.pending.length > 0 && !this.closed) {
        const item = this.pending.shift() as T;
        await this.deliver(item).catch(() => undefined);
      }
    } finally {
      this.running = false;
    }
  }

  /** Stops sending: what is still waiting is dropped with the chat. */
  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    this.pending = [];
  }
}
