import type { ChannelEvent } from '@encore/contract';
import type { FastifyBaseLogger } from 'fastify';

/**
 * The bus carries channel events between the code that publishes them (after its transaction
 * commits) and the realtime gateway of every node (DESIGN.md sections 2 and 5). In-process on one
 * node; Redis pub/sub when REDIS_URL is set. Both number each channel's events in order and keep a
 * bounded history of them, so a client that reconnects, to any node, gets what it missed. The
 * Redis implementation is in redis-bus.ts; buildApp picks one.
 */

/** One published event as every subscriber sees it: serialized once by the publisher (`json`). */
export type BusMessage = { channel: string; seq: number; event: ChannelEvent; json: string };
export type BusHandler = (message: BusMessage) => void;

export type Bus = {
  publish(channel: string, event: ChannelEvent): Promise<void>;
  /** Local delivery of the channel's events to `handler`; the returned function ends it. */
  subscribe(channel: string, handler: BusHandler): () => void;
  /** Resolves once this node's subscription to the channel is live (at once in-process). */
  ready(channel: string): Promise<void>;
  /**
   * The channel's latest sequence number and the retained messages after `afterSeq`, oldest first.
   * Read after subscribe(), it misses nothing: every later event is in it or is delivered live.
   */
  history(channel: string, afterSeq: number): Promise<{ seq: number; messages: BusMessage[] }>;
  /** False while the bus cannot carry events (Redis unreachable): callers refuse at once instead. */
  available(): boolean;
  close(): Promise<void>;
};

/** Frames kept per channel for resuming clients (DESIGN.md section 5). */
export const HISTORY_LIMIT = 200;

export type BusLogger = Pick<FastifyBaseLogger, 'warn' | 'error'>;

export function deliver(handlers: Set<BusHandler> | undefined, message: BusMessage, log: BusLogger): void {
  if (!handlers) return;
  // A copy: a handler may unsubscribe (a socket closing) while the loop runs.
  for (const handler of [...handlers]) {
    try {
      handler(message);
    } catch (err) {
      log.error({ err, channel: message.channel }, 'bus handler failed');
    }
  }
}

type ChannelLog = { seq: number; history: BusMessage[] };

/**
 * A channel's numbering starts at the clock in microseconds, as on the Redis bus: a restarted node
 * (or an evicted channel log) numbers above everything it numbered before, so a client's last_seq
 * from before is always recognisably older, never mistaken for one of the new numbers. This holds
 * while a channel publishes less than one event per microsecond, which no channel comes near.
 */
export const clockEpoch = (): number => Math.floor((performance.timeOrigin + performance.now()) * 1000);

/**
 * The one-node bus. Channel logs are kept for the most recently published `maxChannels` channels
 * (user channels are many and mostly quiet); a channel with subscribers is never dropped.
 */
export function createMemoryBus(opts: {
  log: BusLogger;
  historyLimit?: number;
  maxChannels?: number;
  /** Where a channel's numbering starts, less one: the clock in microseconds (see epochStart). */
  epochStart?: () => number;
}): Bus {
  const epochStart = opts.epochStart ?? clockEpoch;
  const limit = opts.historyLimit ?? HISTORY_LIMIT;
  const maxChannels = opts.maxChannels ?? 100_000;
  const handlers = new Map<string, Set<BusHandler>>();
  // Insertion order is publish recency: a publish moves its channel to the end.
  const logs = new Map<string, ChannelLog>();

  function evictQuietest(): void {
    for (const channel of logs.keys()) {
      if (logs.size <= maxChannels) return;
      if (!handlers.has(channel)) logs.delete(channel);
    }
  }

  return {
    async publish(channel, event) {
      const log = logs.get(channel) ?? { seq: epochStart(), history: [] };
      logs.delete(channel);
      logs.set(channel, log);
      if (logs.size > maxChannels) evictQuietest();
      log.seq += 1;
      const message: BusMessage = { channel, seq: log.seq, event, json: JSON.stringify(event) };
      log.history.push(message);
      if (log.history.length > limit) log.history.shift();
      deliver(handlers.get(channel), message, opts.log);
    },

    subscribe(channel, handler) {
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
      }
      set.add(handler);
      const mine = set;
      return () => {
        mine.delete(handler);
        if (mine.size === 0 && handlers.get(channel) === mine) handlers.delete(channel);
      };
    },

    async ready() {},

    available: () => true,

    async history(channel, afterSeq) {
      const log = logs.get(channel);
      if (!log) return { seq: 0, messages: [] };
      return { seq: log.seq, messages: log.history.filter((m) => m.seq > afterSeq) };
    },

    async close() {
      handlers.clear();
    },
  };
}
