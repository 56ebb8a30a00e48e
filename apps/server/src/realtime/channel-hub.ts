import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { deliveredEvents, deliveries, fanOutDuration, tickLag } from '../platform/instruments.ts';
import type { Bus, BusLogger, BusMessage } from './bus.ts';
import { encodeEvents } from './frames.ts';

/** A tick's events of one channel, encoded once: the same bytes go to every subscriber. */
export type Batch = {
  channel: string;
  messages: BusMessage[];
  firstSeq: number;
  lastSeq: number;
  bytes: Buffer;
};

export type HubSubscriber = { deliver(batch: Batch): void };

type ChannelState = {
  subscribers: Set<HubSubscriber>;
  pending: BusMessage[];
  timer: NodeJS.Timeout | null;
  /** When the scheduled tick is due (its lateness is a metric). */
  dueAt: number;
  flushing: boolean;
  unsubscribe: () => void;
};

/**
 * The node's local fan-out. One bus subscription per channel however many sockets follow it; each
 * channel's events are gathered for `tickMs`, encoded once per tick, and written to the subscribers
 * in chunks of `chunkSize` with a yield to the event loop between chunks: one synchronous loop over
 * 10k sockets would stall every other request for over 100 ms (DESIGN.md section 8).
 */
export function createChannelHub(opts: { bus: Bus; tickMs: number; log: BusLogger; chunkSize?: number }) {
  const chunkSize = opts.chunkSize ?? 500;
  const channels = new Map<string, ChannelState>();
  let closed = false;

  function schedule(channel: string, state: ChannelState): void {
    if (state.timer || state.flushing || closed) return;
    state.dueAt = performance.now() + opts.tickMs;
    state.timer = setTimeout(() => {
      state.timer = null;
      tickLag.observe(Math.max(0, performance.now() - state.dueAt) / 1000);
      flush(channel, state).catch((err: unknown) => opts.log.error({ err, channel }, 'fan-out failed'));
    }, opts.tickMs);
  }

  async function flush(channel: string, state: ChannelState): Promise<void> {
    const messages = state.pending;
    if (messages.length === 0) return;
    state.pending = [];
    const first = messages[0] as BusMessage;
    const last = messages[messages.length - 1] as BusMessage;
    const batch: Batch = {
      channel,
      messages,
      firstSeq: first.seq,
      lastSeq: last.seq,
      bytes: Buffer.from(encodeEvents(messages)),
    };
    state.flushing = true;
    const started = performance.now();
    let n = 0;
    try {
      // Flushes of one channel never overlap, so every socket gets the ticks in order.
      const targets = state.subscribers.size > chunkSize ? [...state.subscribers] : state.subscribers;
      for (const subscriber of targets) {
        subscriber.deliver(batch);
        n += 1;
        if (n % chunkSize === 0) await yieldToLoop();
      }
    } finally {
      deliveries.inc(n);
      deliveredEvents.inc(n * messages.length);
      fanOutDuration.observe((performance.now() - started) / 1000);
      state.flushing = false;
      if (state.pending.length > 0) schedule(channel, state);
    }
  }

  return {
    attach(channel: string, subscriber: HubSubscriber): void {
      let state = channels.get(channel);
      if (!state) {
        const created: ChannelState = {
          subscribers: new Set(),
          pending: [],
          timer: null,
          dueAt: 0,
          flushing: false,
          unsubscribe: () => undefined,
        };
        created.unsubscribe = opts.bus.subscribe(channel, (message) => {
          created.pending.push(message);
          schedule(channel, created);
        });
        channels.set(channel, created);
        state = created;
      }
      state.subscribers.add(subscriber);
    },

    /** Resolves once the node receives the channel's events (a Redis SUBSCRIBE acknowledged). */
    ready(channel: string): Promise<void> {
      return opts.bus.ready(channel);
    },

    detach(channel: string, subscriber: HubSubscriber): void {
      const state = channels.get(channel);
      if (!state) return;
      state.subscribers.delete(subscriber);
      if (state.subscribers.size > 0) return;
      channels.delete(channel);
      state.unsubscribe();
      if (state.timer) clearTimeout(state.timer);
    },

    /** Channels followed on this node (for tests and metrics). */
    channelCount(): number {
      return channels.size;
    },

    close(): void {
      closed = true;
      for (const state of channels.values()) {
        if (state.timer) clearTimeout(state.timer);
        state.unsubscribe();
      }
      channels.clear();
    },
  };
}

export type ChannelHub = ReturnType<typeof createChannelHub>;
