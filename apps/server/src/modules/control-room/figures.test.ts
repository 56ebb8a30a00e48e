import { randomBytes } from 'node:crypto';
import { EnterEventResponse, FiguresHistory, hostChannel } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createShow, createTicket, createUser, login } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { connectAs, isEvent, realtimeUrl } from '../../../test/realtime-client.ts';
import { createRedis, redisReady } from '../../platform/redis.ts';
import { createFiguresRepo } from './figures.repo.ts';
import { createMemoryFiguresStore, createRedisFiguresStore } from './figures-store.ts';

let t: TestContext;
let url: string;
let hostKey: string;
beforeAll(async () => {
  t = await createTestContext({ REALTIME_TICK_MS: '10', SHOWS_CACHE_MS: '0' });
  url = await realtimeUrl(t.app);
  hostKey = await login(t.app, (await createUser(t.db, { role: 'host' })).email);
});
afterAll(async () => {
  await t?.close();
});

describe('live figures on host-<slug>', () => {
  it('a host receives a sample every 2 s with the viewers who entered; the last hour is readable', async () => {
    const show = await createShow(t.db, { startIn: 10, enterIn: -5 });
    const fan = await createUser(t.db);
    await createTicket(t.db, { userId: fan.id, showId: show.id });
    const headers = auth(await login(t.app, fan.email));
    const enter = await t.app.inject({ method: 'POST', url: `/thor/shows/${show.slug}/enter/`, headers });
    EnterEventResponse.parse(enter.json());

    const { socket } = await connectAs(url, hostKey);
    socket.send({ type: 'subscribe', channels: [{ channel: hostChannel(show.slug) }] });
    const frame = await socket.waitFor(
      isEvent('figures', (e) => e.slug === show.slug && (e.sample as { viewers: number }).viewers === 1),
    );
    expect(frame).toMatchObject({
      event: { sample: { viewers: 1, entries_per_min: 1, per_angle: { 'mix-stream1': 1 } } },
    });
    await socket.close();

    const history = await t.app.inject({
      url: `/thor/host/shows/${show.slug}/figures`,
      headers: auth(hostKey),
    });
    expect(history.statusCode).toBe(200);
    expect(FiguresHistory.parse(history.json()).samples.at(-1)?.viewers).toBe(1);
  });

  it('a fan may not subscribe to host-<slug> nor read the figures', async () => {
    const show = await createShow(t.db, { startIn: 10, enterIn: -5 });
    const fan = await createUser(t.db);
    await createTicket(t.db, { userId: fan.id, showId: show.id });
    const key = await login(t.app, fan.email);
    const { socket } = await connectAs(url, key);
    socket.send({ type: 'subscribe', channels: [{ channel: hostChannel(show.slug) }] });
    const refused = await socket.waitFor((f) => f.type === 'error');
    expect(refused).toMatchObject({ channel: hostChannel(show.slug) });
    await socket.close();
    const res = await t.app.inject({ url: `/thor/host/shows/${show.slug}/figures`, headers: auth(key) });
    expect(res.statusCode).toBe(403);
    const missing = await t.app.inject({ url: '/thor/host/shows/no-such/figures', headers: auth(hostKey) });
    expect(missing.statusCode).toBe(404);
  });
});

describe('viewers per angle', () => {
  it("counts each live session once, at its fan's last angle choice since that session began", async () => {
    const show = await createShow(t.db, { startIn: 10, enterIn: -5 });
    const now = Date.now();
    const at = (msAgo: number) => new Date(now - msAgo);
    const session = async (userId: number, opened: Date, ended = false) => {
      const ticket = await createTicket(t.db, { userId, showId: show.id });
      await t.db
        .insertInto('device_sessions')
        .values({
          id: crypto.randomUUID(),
          user_id: userId,
          show_id: show.id,
          ticket_id: ticket.id,
          created_at: opened,
          last_seen_at: at(1000),
          ended_at: ended ? at(500) : null,
          end_reason: ended ? 'left' : null,
        })
        .execute();
    };
    const pick = (userId: number, pip: number, when: Date) =>
      t.db
        .insertInto('analytics_events')
        .values({
          received_at: when,
          event_time: when,
          event_type: 'pipclick',
          event_category: 'player',
          user_id: userId,
          visitor_id: `v${userId}`,
          event_data: JSON.stringify({ pip_id: pip }),
        })
        .execute();
    const [a, b, c, d] = await Promise.all([1, 2, 3, 4].map(() => createUser(t.db)));
    if (!a || !b || !c || !d) throw new Error('fans not made');
    await session(a.id, at(60_000));
    await pick(a.id, 2, at(50_000));
    await pick(a.id, 3, at(40_000)); // a's last choice
    await session(b.id, at(30_000));
    await pick(b.id, 2, at(90_000)); // before b's session began: b is on the start view
    await session(c.id, at(60_000));
    await pick(c.id, 0, at(20_000)); // the mosaic
    await session(d.id, at(60_000), true); // left: not counted
    await pick(d.id, 2, at(10_000));
    const perAngle = await createFiguresRepo(t.db).perAngle(show.id, new Date(now), 'mix-stream1');
    expect(perAngle).toEqual({ 'mix-stream3': 1, 'mix-stream1': 1, multiview: 1 });
  });
});

describe('the memory figures store', () => {
  it('keeps at most an hour of samples and counts errors per minute in 10 s buckets', async () => {
    const store = createMemoryFiguresStore();
    const sample = (n: number) => ({
      t: n,
      viewers: n,
      per_angle: {},
      per_hang: {},
      entries_per_min: 0,
      chat_per_s: 0,
      cheers_per_s: 0,
      sticker_revenue: {},
      ticket_revenue: {},
      errors_per_min: 0,
      refusals_per_min: 0,
    });
    for (let i = 0; i < 1805; i += 1) await store.append(1, sample(i));
    const kept = await store.history(1);
    expect(kept).toHaveLength(1800);
    expect(kept[0]?.t).toBe(5);
    store.countError('error', 0);
    store.countError('error', 55_000);
    store.countError('error', 61_000);
    expect(await store.errorsPerMinute('error', 61_000)).toBe(2);
    expect(await store.errorsPerMinute('refusal', 61_000)).toBe(0);
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('the Redis figures store (TEST_REDIS_URL)', () => {
  it('two nodes share one hour of samples, one of them takes each slot, and errors add up', async () => {
    const prefix = `test-figures-${randomBytes(4).toString('hex')}:`;
    const a = createRedis(process.env.TEST_REDIS_URL as string);
    const b = createRedis(process.env.TEST_REDIS_URL as string);
    // Production clients refuse commands until connected (no offline queue): wait for both.
    expect(await redisReady(a, 5000)).toBe(true);
    expect(await redisReady(b, 5000)).toBe(true);
    try {
      const nodeA = createRedisFiguresStore({ redis: a, prefix });
      const nodeB = createRedisFiguresStore({ redis: b, prefix });
      expect(await nodeA.claim(7, 100)).toBe(true);
      expect(await nodeB.claim(7, 100)).toBe(false);
      expect(await nodeB.claim(7, 101)).toBe(true);
      const sample = {
        t: 1,
        viewers: 3,
        per_angle: {},
        per_hang: {},
        entries_per_min: 0,
        chat_per_s: 0,
        cheers_per_s: 0,
        sticker_revenue: {},
        ticket_revenue: {},
        errors_per_min: 0,
        refusals_per_min: 0,
      };
      await nodeA.append(7, sample);
      await nodeB.append(7, { ...sample, t: 2, viewers: 4 });
      expect((await nodeA.history(7)).map((s) => s.viewers)).toEqual([3, 4]);
      nodeA.countError('refusal', 50_000);
      nodeB.countError('refusal', 55_000);
      await expect.poll(() => nodeA.errorsPerMinute('refusal', 59_000)).toBe(2);
    } finally {
      const keys = await a.keys(`${prefix}*`);
      if (keys.length > 0) await a.del(...keys);
      await a.quit();
      await b.quit();
    }
  });
});
