import type { ChannelEvent } from '@encore/contract';
import type { Redis } from '../platform/redis.ts';
import { type Bus, type BusHandler, type BusLogger, type BusMessage, deliver, HISTORY_LIMIT } from './bus.ts';

/** A resuming client is minutes behind at most; a day covers a laptop lid closed through a show. */
const HISTORY_TTL_SEC = 24 * 3600;
/** Sequence numbers outlive the history, so that a channel's numbering rarely starts over. */
const SEQ_TTL_SEC = 7 * 24 * 3600;

/**
 * One script per publish: number the event, append it to the channel's capped history and publish
 * it, atomically. Every node then sees the same sequence numbers in the same order, and a history
 * read never misses an event that was published before it. The two keys share a hash tag, so the
 * script also runs on Redis Cluster.
 *
 * A channel's numbering starts at Redis's clock in microseconds (an epoch), not at 1: when Redis
 * restarts empty, or the key expires, the new numbering is above every number of the old one, so
 * open sockets keep receiving (issue 12: they dropped every event as already seen). Numbers stay
 * below 2^53. The jump between epochs is a gap: clients resynchronise from history (gateway.ts).
 * Numbers are formatted with %.0f: Lua's default number-to-string would write 1.7e+15.
 */
const PUBLISH_LUA = `
local seq = redis.call('INCR', KEYS[1])
if seq == 1 then
  local t = redis.call('TIME')
  seq = tonumber(t[1]) * 1000000 + tonumber(t[2])
  redis.call('SET', KEYS[1], string.format('%.0f', seq))
end
redis.call('EXPIRE', KEYS[1], ARGV[5])
local msg = string.format('%.0f', seq) .. ':' .. ARGV[2]
redis.call('RPUSH', KEYS[2], msg)
redis.call('LTRIM', KEYS[2], -tonumber(ARGV[3]), -1)
redis.call('EXPIRE', KEYS[2], ARGV[4])
redis.call('PUBLISH', ARGV[1], msg)
return seq
`;

type PublishingRedis = Redis & {
  encorePublish(
    seqKey: string,
    historyKey: string,
    topic: string,
    json: string,
    limit: number,
    historyTtl: number,
    seqTtl: number,
  ): Promise<number>;
};

/**
 * The multi-node bus on Redis pub/sub. Publishing uses the app's shared client; receiving uses a
 * connection of its own (a subscribed Redis connection can do nothing else). Each channel is one
 * Redis SUBSCRIBE per node however many local sockets follow it: the node fans out locally.
 */
export function createRedisBus(opts: {
  redis: Redis;
  prefix: string;
  log: BusLogger;
  historyLimit?: number;
}): Bus {
  const limit = opts.historyLimit ?? HISTORY_LIMIT;
  const redis = opts.redis as PublishingRedis;
  redis.defineCommand('encorePublish', { numberOfKeys: 2, lua: PUBLISH_LUA });
  // Unlike the shared client, the subscriber queues its SUBSCRIBEs while disconnected: they are sent,
  // and every channel resubscribed, when Redis is back.
  const sub = opts.redis.duplicate({ enableOfflineQueue: true, commandTimeout: undefined });
  sub.on('error', (err: Error) => opts.log.warn({ err }, 'redis bus subscriber error'));

  const topicPrefix = `${opts.prefix}rt:`;
  const topic = (channel: string) => `${topicPrefix}${channel}`;
  const seqKey = (channel: string) => `${opts.prefix}rt:{${channel}}:seq`;
  const historyKey = (channel: string) => `${opts.prefix}rt:{${channel}}:hist`;

  const handlers = new Map<string, Set<BusHandler>>();
  // The SUBSCRIBE acknowledgement per channel: a history read waits for it (see Bus.history).
  const subscribed = new Map<string, Promise<void>>();

  function decode(channel: string, raw: string): BusMessage | undefined {
    const colon = raw.indexOf(':');
    const seq = Number(raw.slice(0, colon));
    const json = raw.slice(colon + 1);
    try {
      // Parsed once per node, not per socket; the gateway writes `json` as it came.
      return { channel, seq, json, event: JSON.parse(json) as ChannelEvent };
    } catch (err) {
      opts.log.warn({ err, channel }, 'undecodable bus message');
      return undefined;
    }
  }

  sub.on('message', (name: string, raw: string) => {
    if (!name.startsWith(topicPrefix)) return;
    const channel = name.slice(topicPrefix.length);
    const set = handlers.get(channel);
    if (!set) return;
    const message = decode(channel, raw);
    if (message) deliver(set, message, opts.log);
  });

  return {
    async publish(channel, event) {
      await redis.encorePublish(
        seqKey(channel),
        historyKey(channel),
        topic(channel),
        JSON.stringify(event),
        limit,
        HISTORY_TTL_SEC,
        SEQ_TTL_SEC,
      );
    },

    subscribe(channel, handler) {
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        const ack = sub.subscribe(topic(channel)).then(
          () => undefined,
          (err: unknown) => opts.log.error({ err, channel }, 'redis bus subscribe failed'),
        );
        subscribed.set(channel, ack);
      }
      set.add(handler);
      const mine = set;
      return () => {
        mine.delete(handler);
        if (mine.size > 0 || handlers.get(channel) !== mine) return;
        handlers.delete(channel);
        subscribed.delete(channel);
        // Commands on one connection run in order: a quick re-subscribe after this still wins.
        sub.unsubscribe(topic(channel)).catch(() => undefined);
      };
    },

    async ready(channel) {
      await subscribed.get(channel);
    },

    async history(channel, afterSeq) {
      await subscribed.get(channel);
      const results = await redis.multi().get(seqKey(channel)).lrange(historyKey(channel), 0, -1).exec();
      const [seqResult, listResult] = results ?? [];
      if (seqResult?.[0]) throw seqResult[0];
      if (listResult?.[0]) throw listResult[0];
      const seq = Number(seqResult?.[1] ?? 0);
      const raw = (listResult?.[1] ?? []) as string[];
      const messages: BusMessage[] = [];
      for (const item of raw) {
        const message = decode(channel, item);
        if (message && message.seq > afterSeq) messages.push(message);
      }
      return { seq, messages };
    },

    // Both connections: a publish while the subscriber is still resubscribing would pass this node by.
    available: () => redis.status === 'ready' && sub.status === 'ready',

    async close() {
      handlers.clear();
      subscribed.clear();
      await sub.quit().catch(() => undefined);
    },
  };
}
