import type { Redis } from '../../platform/redis.ts';
import { newCounters, type RoomCounters, retime, SLOWDOWN_DELAY_MS, takePlace } from './admission.ts';

export type RoomInit = { rate: number; paused: boolean };

/**
 * Where each window's line is kept (DESIGN.md section 2, one interface, two implementations): in the
 * node's memory on a single node, in Redis for a cluster, where every node reads and advances the same
 * counters atomically (one Lua script), so that there is one line per show and a node that dies loses
 * nobody's place: the counters are in Redis and each place is in its fan's token.
 */
export type RoomStore = {
  /** The window's counters (created on first use); freezes the pre-queue once doors are open. */
  read(key: string, doors: number, now: number, init: RoomInit): Promise<RoomCounters>;
  /** Hands out the next place. */
  join(
    key: string,
    doors: number,
    now: number,
    init: RoomInit,
  ): Promise<{ place: { k: 'p' | 'm'; n: number }; counters: RoomCounters }>;
  /** Applies a new effective rate or pause from now on. */
  retime(key: string, doors: number, now: number, to: RoomInit): Promise<RoomCounters>;
  markInside(key: string, userId: number): Promise<void>;
  isInside(key: string, userId: number): Promise<boolean>;
  /** Publishes this node's saturation factor; answers the cluster's (the lowest fresh one). */
  shareFactor(nodeId: string, factor: number, now: number): Promise<number>;
  /** Saves what must outlive the process (a single node's lines); Redis keeps them itself. */
  persist?(): Promise<void>;
};

/** A window's line is kept a day past its use: long enough for any show, then Redis forgets it. */
const TTL_SECONDS = 24 * 3600;
const FACTOR_FRESH_MS = 5000;

/** Where a single node keeps its lines across a restart (the database; waiting-room.repo.ts). */
export type RoomSaver = {
  load(key: string): Promise<RoomCounters | null>;
  save(lines: Map<string, RoomCounters>): Promise<void>;
};

export function createMemoryRoomStore(saver?: RoomSaver): RoomStore & { persist(): Promise<void> } {
  const rooms = new Map<string, RoomCounters>();
  const loading = new Map<string, Promise<RoomCounters>>();
  const dirty = new Set<string>();
  const inside = new Map<string, Set<number>>();
  // Created once per key: from the saved line when the node restarted, else new. Single-flight, so
  // two first requests of a window share one line.
  const room = async (key: string, doors: number, now: number, init: RoomInit) => {
    let c = rooms.get(key);
    if (!c) {
      let pending = loading.get(key);
      if (!pending) {
        pending = (saver ? saver.load(key) : Promise.resolve(null)).then((saved) => {
          const made = rooms.get(key) ?? saved ?? newCounters(doors, init.rate, init.paused);
          rooms.set(key, made);
          loading.delete(key);
          return made;
        });
        loading.set(key, pending);
      }
      c = await pending;
    }
    if (now >= doors && c.frozen === null) {
      c.frozen = c.pre;
      dirty.add(key);
    }
    return c;
  };
  return {
    async read(key, doors, now, init) {
      return { ...(await room(key, doors, now, init)) };
    },
    async join(key, doors, now, init) {
      const c = await room(key, doors, now, init);
      const place = takePlace(c, now, doors);
      dirty.add(key);
      return { place, counters: { ...c } };
    },
    async retime(key, doors, now, to) {
      const c = await room(key, doors, now, to);
      if (retime(c, now, doors, to.rate, to.paused)) dirty.add(key);
      return { ...c };
    },
    async markInside(key, userId) {
      let set = inside.get(key);
      if (!set) {
        set = new Set();
        inside.set(key, set);
      }
      set.add(userId);
    },
    async isInside(key, userId) {
      return inside.get(key)?.has(userId) ?? false;
    },
    async shareFactor(_nodeId, factor) {
      return factor;
    },
    /** Saves the lines changed since the last call (the service's tick, once a second). */
    async persist() {
      if (!saver || dirty.size === 0) return;
      const lines = new Map(
        [...dirty].flatMap((k) => (rooms.has(k) ? [[k, { ...rooms.get(k) }]] : [])) as [
          string,
          RoomCounters,
        ][],
      );
      dirty.clear();
      await saver.save(lines);
    },
  };
}

/**
 * The same rules as admission.ts, in Lua so that Redis applies each atomically: ARGV = op (read, join,
 * retime), now, doors, rate, paused (0/1), ttl, the slowdown's delay (ms). Numbers travel as strings (Redis would truncate a
 * Lua number to an integer).
 */
const SCRIPT = `
local k = KEYS[1]
local op = ARGV[1]
local now = tonumber(ARGV[2])
local doors = tonumber(ARGV[3])
if redis.call('EXISTS', k) == 0 then
  redis.call('HSET', k, 'pre', 0, 'main', 0, 'anchorAt', doors, 'anchorMark', 0, 'rate', ARGV[4], 'paused', ARGV[5])
end
redis.call('EXPIRE', k, tonumber(ARGV[6]))
local v = redis.call('HMGET', k, 'pre', 'frozen', 'main', 'anchorAt', 'anchorMark', 'rate', 'paused')
local pre = tonumber(v[1])
local frozen = nil
if v[2] then frozen = tonumber(v[2]) end
local main = tonumber(v[3])
local anchorAt = tonumber(v[4])
local anchorMark = tonumber(v[5])
local rate = tonumber(v[6])
local paused = v[7]
local function raw(t)
  if paused == '1' or t <= anchorAt then return anchorMark end
  return anchorMark + rate * (t - anchorAt) / 1000
end
local kind = ''
local n = 0
if op == 'join' and now < doors and frozen == nil then
  pre = redis.call('HINCRBY', k, 'pre', 1)
  kind = 'p'
  n = pre
else
  if now >= doors and frozen == nil then
    frozen = pre
    redis.call('HSET', k, 'frozen', frozen)
  end
  if op == 'join' then
    local cap = frozen + main + math.floor(rate)
    if raw(now) > cap then
      anchorAt = now
      anchorMark = cap
      redis.call('HSET', k, 'anchorAt', tostring(now), 'anchorMark', tostring(cap))
    end
    main = redis.call('HINCRBY', k, 'main', 1)
    kind = 'm'
    n = main
  elseif op == 'retime' and (tonumber(ARGV[4]) ~= rate or ARGV[5] ~= paused) then
    local at = math.max(now, doors)
    if paused ~= '1' and (ARGV[5] == '1' or tonumber(ARGV[4]) < rate) then at = at + tonumber(ARGV[7]) end
    at = math.max(at, anchorAt)
    local total = (frozen or pre) + main
    anchorMark = math.min(total, raw(at))
    anchorAt = at
    rate = tonumber(ARGV[4])
    paused = ARGV[5]
    redis.call('HSET', k, 'anchorAt', tostring(at), 'anchorMark', tostring(anchorMark), 'rate', ARGV[4], 'paused', paused)
  end
end
return {kind, tostring(n), tostring(pre), tostring(frozen or -1), tostring(main), tostring(anchorAt), tostring(anchorMark), tostring(rate), paused}
`;

type Reply = [string, string, string, string, string, string, string, string, string];

const countersOf = (r: Reply): RoomCounters => ({
  pre: Number(r[2]),
  frozen: Number(r[3]) < 0 ? null : Number(r[3]),
  main: Number(r[4]),
  anchorAt: Number(r[5]),
  anchorMark: Number(r[6]),
  rate: Number(r[7]),
  paused: r[8] === '1',
});

export function createRedisRoomStore(opts: { redis: Redis; prefix: string }): RoomStore {
  const { redis, prefix } = opts;
  const keyOf = (key: string) => `${prefix}wr:${key}`;
  const run = async (op: string, key: string, doors: number, now: number, init: RoomInit) =>
    (await redis.eval(
      SCRIPT,
      1,
      keyOf(key),
      op,
      String(now),
      String(doors),
      String(init.rate),
      init.paused ? '1' : '0',
      String(TTL_SECONDS),
      String(SLOWDOWN_DELAY_MS),
    )) as Reply;
  const factorsKey = `${prefix}wr:factors`;
  return {
    async read(key, doors, now, init) {
      return countersOf(await run('read', key, doors, now, init));
    },
    async join(key, doors, now, init) {
      const r = await run('join', key, doors, now, init);
      return { place: { k: r[0] === 'p' ? 'p' : 'm', n: Number(r[1]) }, counters: countersOf(r) };
    },
    async retime(key, doors, now, to) {
      return countersOf(await run('retime', key, doors, now, to));
    },
    async markInside(key, userId) {
      const k = `${keyOf(key)}:in`;
      await redis.multi().sadd(k, String(userId)).expire(k, TTL_SECONDS).exec();
    },
    async isInside(key, userId) {
      return (await redis.sismember(`${keyOf(key)}:in`, String(userId))) === 1;
    },
    async shareFactor(nodeId, factor, now) {
      await redis.hset(factorsKey, nodeId, `${factor}:${now}`);
      const all = await redis.hgetall(factorsKey);
      let lowest = factor;
      for (const [node, value] of Object.entries(all)) {
        const [f, at] = value.split(':').map(Number);
        if (now - (at ?? 0) > FACTOR_FRESH_MS) {
          // A node gone (killed, scaled down) no longer holds the cluster's admission down.
          if (now - (at ?? 0) > 60_000) void redis.hdel(factorsKey, node).catch(() => undefined);
          continue;
        }
        if (f !== undefined && Number.isFinite(f)) lowest = Math.min(lowest, f);
      }
      return lowest;
    },
  };
}
