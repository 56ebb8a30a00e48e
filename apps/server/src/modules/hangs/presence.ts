import type { Redis } from 'ioredis';

/**
 * Who is in which hang (number_active), counted across nodes: a Redis sorted set per hang (member:
 * hang session, score: last seen) when Redis is configured, else a map in this process. A member
 * not seen for `idleMs` (join, a toss, a hang_status poll) no longer counts, so a closed tab drops
 * out by itself.
 */
export type Presence = {
  touch(hangId: number, member: string, at: number): Promise<void>;
  leave(hangId: number, member: string): Promise<void>;
  /** Members seen within the idle window, per hang. */
  counts(hangIds: readonly number[], at: number): Promise<Map<number, number>>;
};

export function createMemoryPresence(opts: { idleMs: number }): Presence {
  const hangs = new Map<number, Map<string, number>>();
  return {
    async touch(hangId, member, at) {
      let members = hangs.get(hangId);
      if (!members) {
        members = new Map();
        hangs.set(hangId, members);
      }
      members.set(member, at);
    },
    async leave(hangId, member) {
      hangs.get(hangId)?.delete(member);
    },
    async counts(hangIds, at) {
      const out = new Map<number, number>();
      const cutoff = at - opts.idleMs;
      for (const id of hangIds) {
        const members = hangs.get(id);
        let n = 0;
        if (members) {
          for (const [member, seen] of members) {
            if (seen > cutoff) n += 1;
            else members.delete(member);
          }
        }
        out.set(id, n);
      }
      return out;
    },
  };
}

export function createRedisPresence(opts: { redis: Redis; prefix: string; idleMs: number }): Presence {
  const key = (hangId: number) => `${opts.prefix}presence:hang:${hangId}`;
  // A hang nobody touches for a while disappears with its key.
  const ttlSec = Math.ceil((opts.idleMs * 2) / 1000);
  return {
    async touch(hangId, member, at) {
      await opts.redis.multi().zadd(key(hangId), at, member).expire(key(hangId), ttlSec).exec();
    },
    async leave(hangId, member) {
      await opts.redis.zrem(key(hangId), member);
    },
    async counts(hangIds, at) {
      const out = new Map<number, number>();
      if (hangIds.length === 0) return out;
      const pipeline = opts.redis.pipeline();
      for (const id of hangIds) {
        pipeline.zremrangebyscore(key(id), '-inf', at - opts.idleMs);
        pipeline.zcard(key(id));
      }
      const results = (await pipeline.exec()) ?? [];
      hangIds.forEach((id, i) => {
        const [err, n] = results[i * 2 + 1] ?? [null, 0];
        if (err) throw err;
        out.set(id, Number(n));
      });
      return out;
    },
  };
}
