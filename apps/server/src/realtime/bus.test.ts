import { randomBytes } from 'node:crypto';
import type { ChannelEvent } from '@encore/contract';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { type Bus, type BusMessage, clockEpoch, createMemoryBus } from './bus.ts';
import { type Batch, createChannelHub } from './channel-hub.ts';
import { createRedisBus } from './redis-bus.ts';

const log = { warn() {}, error() {} };
const redisUrl = process.env.TEST_REDIS_URL;
const clients: Redis[] = [];
const prefixes: string[] = [];
afterAll(async () => {
  const admin = clients[0];
  for (const prefix of prefixes) {
    const keys = admin ? await admin.keys(`${prefix}*`) : [];
    if (admin && keys.length > 0) await admin.del(...keys);
  }
  for (const c of clients) await c.quit();
});

function redisBus(prefix: string, historyLimit?: number): Bus {
  const redis = new Redis(redisUrl as string, { maxRetriesPerRequest: 2 });
  clients.push(redis);
  if (!prefixes.includes(prefix)) prefixes.push(prefix);
  return createRedisBus({ redis, prefix, log, ...(historyLimit ? { historyLimit } : {}) });
}

const count = (n: number): ChannelEvent => ({ kind: 'devices', paid_event_name: 'SHOW', count: n });

/** Collects a subscription's messages; `until(n)` resolves once n have come. */
function collect(bus: Bus, channel: string) {
  const got: BusMessage[] = [];
  let wake = () => {};
  const stop = bus.subscribe(channel, (m) => {
    got.push(m);
    wake();
  });
  return {
    got,
    stop,
    until: (n: number) =>
      new Promise<BusMessage[]>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${got.length} of ${n} messages`)), 5000);
        wake = () => {
          if (got.length >= n) {
            clearTimeout(timer);
            resolve(got);
          }
        };
        wake();
      }),
  };
}

type Make = (historyLimit?: number) => Bus;
const implementations: Array<[string, Make | null]> = [
  ['in-process', (historyLimit) => createMemoryBus({ log, ...(historyLimit ? { historyLimit } : {}) })],
  // Without TEST_REDIS_URL there is no Redis to talk to; the suite runs with it in the second run.
  [
    'Redis (needs TEST_REDIS_URL)',
    redisUrl ? (limit) => redisBus(`encore-bus-test:${randomBytes(4).toString('hex')}:`, limit) : null,
  ],
];

describe.each(implementations)('the %s bus', (_name, make) => {
  it.skipIf(!make)('numbers each channel in order and delivers to every subscriber', async () => {
    const bus = (make as Make)();
    const a = collect(bus, 'user-1');
    const b = collect(bus, 'user-1');
    const other = collect(bus, 'user-2');
    await bus.history('user-1', 0); // subscriptions are live once a history read returns
    await bus.history('user-2', 0);
    for (const n of [1, 2, 3]) await bus.publish('user-1', count(n));
    await bus.publish('user-2', count(9));
    const got = await a.until(3);
    // Numbering starts at an epoch (the clock), then counts one by one.
    const base = (got[0]?.seq ?? 0) - 1;
    expect(base).toBeGreaterThan(Date.UTC(2024, 0) * 1000);
    expect(got.map((m) => [m.seq - base, m.event])).toEqual([
      [1, count(1)],
      [2, count(2)],
      [3, count(3)],
    ]);
    expect(got[0]?.json).toBe(JSON.stringify(count(1)));
    expect((await b.until(3)).map((m) => m.seq - base)).toEqual([1, 2, 3]);
    expect((await other.until(1)).map((m) => m.channel)).toEqual(['user-2']);
    await bus.close();
  });

  it.skipIf(!make)('an unsubscribed handler hears nothing more', async () => {
    const bus = (make as Make)();
    const a = collect(bus, 'user-3');
    const b = collect(bus, 'user-3');
    await bus.history('user-3', 0);
    await bus.publish('user-3', count(1));
    await a.until(1);
    a.stop();
    await bus.publish('user-3', count(2));
    await b.until(2);
    expect(a.got).toHaveLength(1);
    await bus.close();
  });

  it.skipIf(!make)('keeps a bounded history for resuming clients', async () => {
    const bus = (make as Make)(5);
    for (let n = 1; n <= 8; n++) await bus.publish('user-4', count(n));
    const all = await bus.history('user-4', 0);
    const base = all.seq - 8;
    expect(all.messages.map((m) => m.seq - base)).toEqual([4, 5, 6, 7, 8]);
    expect((await bus.history('user-4', base + 6)).messages.map((m) => m.event)).toEqual([
      count(7),
      count(8),
    ]);
    expect(await bus.history('user-never', 0)).toEqual({ seq: 0, messages: [] });
    await bus.close();
  });
});

describe('numbering across a restart of the bus', () => {
  it('a new in-process bus (a restarted node) numbers above everything the old one numbered', async () => {
    const before = createMemoryBus({ log });
    for (let n = 0; n < 50; n++) await before.publish('user-8', count(n));
    const last = (await before.history('user-8', 0)).seq;
    await before.close();
    // The one assumption: less than one event per microsecond (a restart takes far longer than 50 µs).
    while (clockEpoch() <= last) await new Promise((resolve) => setImmediate(resolve));
    const after = createMemoryBus({ log });
    await after.publish('user-8', count(1));
    expect((await after.history('user-8', 0)).seq).toBeGreaterThan(last);
    await after.close();
  });
});

describe('the Redis bus across nodes', () => {
  it.skipIf(!redisUrl)(
    'two nodes on one prefix share numbering and deliveries; other prefixes are apart',
    async () => {
      const prefix = `encore-bus-test:${randomBytes(4).toString('hex')}:`;
      const nodeA = redisBus(prefix);
      const nodeB = redisBus(prefix);
      const stranger = redisBus(`encore-bus-test:${randomBytes(4).toString('hex')}:`);
      const onA = collect(nodeA, 'user-5');
      const onB = collect(nodeB, 'user-5');
      const onStranger = collect(stranger, 'user-5');
      await Promise.all([
        nodeA.history('user-5', 0),
        nodeB.history('user-5', 0),
        stranger.history('user-5', 0),
      ]);
      await nodeA.publish('user-5', count(1));
      await nodeB.publish('user-5', count(2));
      await stranger.publish('user-5', count(99));
      const gotA = await onA.until(2);
      const base = (gotA[0]?.seq ?? 0) - 1;
      expect(gotA.map((m) => [m.seq - base, m.event])).toEqual([
        [1, count(1)],
        [2, count(2)],
      ]);
      expect((await onB.until(2)).map((m) => m.seq - base)).toEqual([1, 2]);
      expect((await onStranger.until(1)).map((m) => m.event)).toEqual([count(99)]);
      expect((await nodeB.history('user-5', base + 1)).messages.map((m) => m.event)).toEqual([count(2)]);
      for (const bus of [nodeA, nodeB, stranger]) await bus.close();
    },
  );
});

describe('the channel hub', () => {
  it('gathers a tick per channel, encodes it once and writes the same bytes to every subscriber', async () => {
    const bus = createMemoryBus({ log, epochStart: () => 0 });
    const hub = createChannelHub({ bus, tickMs: 20, log, chunkSize: 100 });
    const batches: Batch[][] = [];
    let arrived = 0;
    const done = new Promise<void>((resolve) => {
      for (let i = 0; i < 250; i++) {
        const mine: Batch[] = [];
        batches.push(mine);
        hub.attach('user-6', {
          deliver(batch) {
            mine.push(batch);
            arrived += 1;
            if (arrived === 250) resolve();
          },
        });
      }
    });
    for (const n of [1, 2, 3]) await bus.publish('user-6', count(n));
    await done;
    const first = batches[0]?.[0];
    expect(batches.every((b) => b.length === 1 && b[0] === first)).toBe(true);
    expect(first?.messages.map((m) => m.seq)).toEqual([1, 2, 3]);
    const frames = JSON.parse(first?.bytes.toString() ?? '');
    expect(frames).toEqual(
      [1, 2, 3].map((n) => ({ type: 'event', channel: 'user-6', seq: n, event: count(n) })),
    );
    hub.close();
  });

  it('one bus subscription per channel, dropped with the last subscriber', async () => {
    const bus = createMemoryBus({ log });
    const hub = createChannelHub({ bus, tickMs: 5, log });
    const s1 = { deliver() {} };
    const s2 = { deliver() {} };
    hub.attach('user-7', s1);
    hub.attach('user-7', s2);
    expect(hub.channelCount()).toBe(1);
    hub.detach('user-7', s1);
    expect(hub.channelCount()).toBe(1);
    hub.detach('user-7', s2);
    expect(hub.channelCount()).toBe(0);
    hub.close();
  });
});
