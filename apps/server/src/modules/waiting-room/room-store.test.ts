import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedis } from '../../platform/redis.ts';
import { markAt, SLOWDOWN_DELAY_MS } from './admission.ts';
import { createMemoryRoomStore, createRedisRoomStore } from './room-store.ts';

/**
 * The Redis store's Lua keeps the rules of admission.ts: the same joins and changes of rate give
 * the same counters in both stores, a slower line included (it starts SLOWDOWN_DELAY_MS later).
 * Skipped without TEST_REDIS_URL.
 */
const url = process.env.TEST_REDIS_URL;
const redis = url ? createRedis(url) : null;
// The client queues nothing while it connects (enableOfflineQueue off, as in the server): wait for it.
beforeAll(async () => {
  if (redis && redis.status !== 'ready') await new Promise((resolve) => redis.once('ready', resolve));
});
afterAll(() => {
  redis?.disconnect();
});

describe.skipIf(!redis)('the Redis line against the memory line (skipped without TEST_REDIS_URL)', () => {
  it('hands out the same places and moves the same mark, a slowdown and a pause included', async () => {
    const stores = [
      createMemoryRoomStore(),
      createRedisRoomStore({
        redis: redis as NonNullable<typeof redis>,
        prefix: `t${randomBytes(4).toString('hex')}:`,
      }),
    ];
    const doors = 1_000_000;
    const key = 'show:1';
    const steps: [string, number, number, boolean][] = [
      ['join', doors + 10, 10, false],
      ['join', doors + 20, 10, false],
      ['retime', doors + 500, 4, false],
      ['join', doors + 600, 4, false],
      ['retime', doors + 700, 4, true],
      ['retime', doors + 900, 20, false],
      ['retime', doors + 5000, 20, true],
    ];
    const results = await Promise.all(
      stores.map(async (store) => {
        const seen = [];
        for (let i = 0; i < 30; i++) await store.join(key, doors, doors, { rate: 10, paused: false });
        for (const [op, at, rate, paused] of steps) {
          const c =
            op === 'join'
              ? (await store.join(key, doors, at, { rate, paused })).counters
              : await store.retime(key, doors, at, { rate, paused });
          seen.push({ ...c, mark: markAt(c, at + SLOWDOWN_DELAY_MS, doors) });
        }
        return seen;
      }),
    );
    expect(results[1]).toEqual(results[0]);
    // The slowdown at +500 ms took over a second later; the pause at +700 likewise (at +1.7 s), and
    // the speed-up at +900 waited for it; the pause at +5 s took over at +6 s.
    expect(results[0]?.[2]).toMatchObject({ anchorAt: doors + 500 + SLOWDOWN_DELAY_MS, rate: 4 });
    expect(results[0]?.[5]).toMatchObject({ anchorAt: doors + 1700, rate: 20, paused: false });
    expect(results[0]?.[6]).toMatchObject({ anchorAt: doors + 6000, paused: true });
  });
});
