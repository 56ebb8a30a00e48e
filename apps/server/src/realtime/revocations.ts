import { randomUUID } from 'node:crypto';
import type { Redis } from '../platform/redis.ts';
import type { BusLogger } from './bus.ts';

/**
 * A session ended (logout, password reset, later a ban): every node must stop serving it at once,
 * not when its caches expire (ASVS 3.3.1, 3.3.3; docs/decisions.md "Credentials and sessions").
 * `tokenId` names one login's token; null means every token of the user.
 */
export type SessionRevocation = { kind: 'session'; userId: number; tokenId: number | null };
/**
 * A user's entitlement to a show went (a host revoked the ticket or its code, a refund, a moderator
 * dismissed): every node forgets its cached ticket and ends the user's subscriptions that rested on
 * it (issue 29). `slug` is the show's, for the client's `unsubscribed` frame.
 */
export type EntitlementRevocation = { kind: 'entitlement'; userId: number; showId: number; slug: string };
export type Revocation = SessionRevocation | EntitlementRevocation;
export type RevocationHandler = (revocation: Revocation) => void;

export type Revocations = {
  /** Tells every node, this one included; resolves once published. */
  publish(revocation: Revocation): Promise<void>;
  /** Every revocation any node publishes, for as long as this node runs. */
  subscribe(handler: RevocationHandler): () => void;
  /** Resolves once this node hears revocations (the Redis subscription is acknowledged). */
  ready(): Promise<void>;
  close(): Promise<void>;
};

type Wire = { kind?: unknown; userId?: unknown; tokenId?: unknown; showId?: unknown; slug?: unknown };

/** A message of the topic; one without `kind` is a session's (the form before issue 29). */
function parse(raw: string): { revocation: Revocation; from: unknown } | null {
  try {
    const v = JSON.parse(raw) as Wire & { from?: unknown };
    const userId = v.userId;
    if (typeof userId !== 'number' || !Number.isSafeInteger(userId)) return null;
    if (v.kind === 'entitlement') {
      const { showId, slug } = v;
      if (typeof showId !== 'number' || !Number.isSafeInteger(showId) || typeof slug !== 'string')
        return null;
      return { revocation: { kind: 'entitlement', userId, showId, slug }, from: v.from };
    }
    if (v.kind !== undefined && v.kind !== 'session') return null;
    // Every token of the user only when the message says so (null), never by omission.
    const tokenId = v.tokenId;
    if (tokenId !== null && (typeof tokenId !== 'number' || !Number.isSafeInteger(tokenId))) return null;
    return { revocation: { kind: 'session', userId, tokenId }, from: v.from };
  } catch {
    return null;
  }
}

/**
 * Revocations travel on a control topic of their own, apart from the channel bus: they are not
 * numbered or kept for replay (a socket that reconnects later is refused by its dead token anyway).
 * In-process without Redis; Redis pub/sub with a connection of its own otherwise.
 */
export function createRevocations(opts: {
  redis?: Redis | undefined;
  prefix: string;
  log: BusLogger;
}): Revocations {
  const handlers = new Set<RevocationHandler>();
  const deliver = (r: Revocation) => {
    for (const handler of [...handlers]) {
      try {
        handler(r);
      } catch (err) {
        opts.log.error({ err }, 'revocation handler failed');
      }
    }
  };

  if (!opts.redis) {
    return {
      async publish(r) {
        deliver(r);
      },
      subscribe(handler) {
        handlers.add(handler);
        return () => handlers.delete(handler);
      },
      async ready() {},
      async close() {
        handlers.clear();
      },
    };
  }

  const redis = opts.redis;
  const topic = `${opts.prefix}ctl:revoke`;
  // This node delivers its own revocations at once; the echo from Redis is skipped.
  const nodeId = randomUUID();
  // Its own connection, with the offline queue the shared client turns off: SUBSCRIBE is sent as
  // soon as it connects, and ioredis subscribes again after each reconnect. Without the queue the
  // SUBSCRIBE, issued while the new connection was still opening, failed on every node, and no node
  // heard another's revocations (found by npm run cluster's log; the tests' client had the queue on).
  const sub = redis.duplicate({ enableOfflineQueue: true, commandTimeout: undefined });
  sub.on('error', (err: Error) => opts.log.warn({ err }, 'revocation subscriber error'));
  sub.on('message', (name: string, raw: string) => {
    if (name !== topic) return;
    const r = parse(raw);
    if (!r) opts.log.warn({ topic }, 'undecodable revocation');
    else if (r.from !== nodeId) deliver(r.revocation);
  });
  const subscribed = sub.subscribe(topic).then(
    () => undefined,
    (err: unknown) => opts.log.error({ err }, 'revocation subscribe failed'),
  );

  return {
    async publish(r) {
      // This node acts at once, whatever Redis does; the others hear it through Redis.
      deliver(r);
      try {
        await redis.publish(topic, JSON.stringify({ ...r, from: nodeId }));
      } catch (err) {
        opts.log.error({ err, userId: r.userId }, 'revocation not published to the other nodes');
      }
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    ready: () => subscribed,
    async close() {
      handlers.clear();
      await sub.quit().catch(() => undefined);
    },
  };
}
