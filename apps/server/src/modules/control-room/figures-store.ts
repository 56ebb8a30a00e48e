import { FIGURES_INTERVAL_MS, FIGURES_MAX_SAMPLES, type FiguresSample } from '@encore/contract';
import type { Redis } from '../../platform/redis.ts';

/** Error counters are kept in 10-second buckets; a minute is the last six. */
const BUCKET_MS = 10_000;
const BUCKETS_PER_MIN = 6;

export type ErrorKind = 'error' | 'refusal';

/**
 * Where a show's live figures are kept for the last hour, and the app's error counters. One
 * interface, two implementations (DESIGN.md section 2): in memory for one node, Redis for several,
 * where every node appends to and reads the same list, and a short lock per show and tick lets only
 * one node take each sample.
 */
export type FiguresStore = {
  /** Whether this node takes the sample of `showId` for the tick starting at `tick` (ms). */
  claim(showId: number, tick: number): Promise<boolean>;
  append(showId: number, sample: FiguresSample): Promise<void>;
  history(showId: number): Promise<FiguresSample[]>;
  countError(kind: ErrorKind, at: number): void;
  /** Errors of `kind` in the minute before `at`, on every node. */
  errorsPerMinute(kind: ErrorKind, at: number): Promise<number>;
};

export function createMemoryFiguresStore(): FiguresStore {
  const rings = new Map<number, FiguresSample[]>();
  const buckets = new Map<string, number>();
  return {
    async claim() {
      return true;
    },
    async append(showId, sample) {
      const ring = rings.get(showId) ?? [];
      rings.set(showId, ring);
      ring.push(sample);
      if (ring.length > FIGURES_MAX_SAMPLES) ring.splice(0, ring.length - FIGURES_MAX_SAMPLES);
    },
    async history(showId) {
      return [...(rings.get(showId) ?? [])];
    },
    countError(kind, at) {
      const key = `${kind}:${Math.floor(at / BUCKET_MS)}`;
      buckets.set(key, (buckets.get(key) ?? 0) + 1);
      // Old buckets go as new ones come: at most a few minutes of keys.
      if (buckets.size > 64) {
        const oldest = Math.floor(at / BUCKET_MS) - BUCKETS_PER_MIN * 2;
        for (const k of buckets.keys()) if (Number(k.split(':')[1]) < oldest) buckets.delete(k);
      }
    },
    async errorsPerMinute(kind, at) {
      const now = Math.floor(at / BUCKET_MS);
      let sum = 0;
      for (let b = now - BUCKETS_PER_MIN + 1; b <= now; b += 1) sum += buckets.get(`${kind}:${b}`) ?? 0;
      return sum;
    },
  };
}

export function createRedisFiguresStore(opts: { redis: Redis; prefix: string }): FiguresStore {
  const { redis } = opts;
  const key = (showId: number) => `${opts.prefix}figures:${showId}`;
  const errKey = (kind: ErrorKind, bucket: number) => `${opts.prefix}figures-err:${kind}:${bucket}`;
  return {
    async claim(showId, tick) {
      const ok = await redis.set(`${key(showId)}:tick:${tick}`, '1', 'PX', FIGURES_INTERVAL_MS * 2, 'NX');
      return ok === 'OK';
    },
    async append(showId, sample) {
      await redis
        .multi()
        .rpush(key(showId), JSON.stringify(sample))
        .ltrim(key(showId), -FIGURES_MAX_SAMPLES, -1)
        .pexpire(key(showId), FIGURES_INTERVAL_MS * FIGURES_MAX_SAMPLES)
        .exec();
    },
    async history(showId) {
      const rows = await redis.lrange(key(showId), 0, -1);
      return rows.map((r) => JSON.parse(r) as FiguresSample);
    },
    countError(kind, at) {
      const k = errKey(kind, Math.floor(at / BUCKET_MS));
      // Fire and forget: a lost count must never fail the answer it counts.
      redis
        .multi()
        .incr(k)
        .pexpire(k, BUCKET_MS * BUCKETS_PER_MIN * 2)
        .exec()
        .catch(() => {});
    },
    async errorsPerMinute(kind, at) {
      const now = Math.floor(at / BUCKET_MS);
      const keys = Array.from({ length: BUCKETS_PER_MIN }, (_, i) => errKey(kind, now - i));
      const values = await redis.mget(...keys);
      return values.reduce((sum, v) => sum + Number(v ?? 0), 0);
    },
  };
}
