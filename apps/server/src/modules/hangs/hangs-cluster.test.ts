import { randomUUID } from 'node:crypto';
import { HangStatusResponse, hangChannel, type ServerFrame, showChannel } from '@encore/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createShow, createUser, joinedFan, login } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { connectAs, isEvent, realtimeUrl } from '../../../test/realtime-client.ts';

/**
 * Two nodes of one deployment: two apps on the same PostgreSQL database and Redis. Without
 * TEST_REDIS_URL each node has its own in-process bus and presence, so nothing could cross; without
 * TEST_DATABASE_URL the nodes would share an in-process PGlite rather than the production database.
 * The suite is skipped then (CI runs it with both).
 */
const clustered = Boolean(process.env.TEST_REDIS_URL && process.env.TEST_DATABASE_URL);

let t: TestContext;
let nodeA: FastifyInstance;
let nodeB: FastifyInstance;
beforeAll(async () => {
  if (!clustered) return;
  t = await createTestContext({ REALTIME_TICK_MS: '10', CHAT_USER_BUDGET: '4' });
  nodeA = t.app;
  nodeB = await t.peer();
});
afterAll(async () => {
  await t?.close();
});

async function fanOn(app: FastifyInstance, showId: number) {
  const show = await t.db.selectFrom('shows').selectAll().where('id', '=', showId).executeTakeFirstOrThrow();
  return { ...(await joinedFan(app, t.db, show)), show };
}

const tossText = (f: ServerFrame) =>
  f.type === 'event' && f.event.kind === 'toss' ? f.event.toss.toss_text : null;

function toss(app: FastifyInstance, f: Awaited<ReturnType<typeof fanOn>>, text: string) {
  return app.inject({
    method: 'POST',
    url: `/thor/hangs/${f.hang.id}/${f.hang.session_id}/toss/`,
    headers: f.headers,
    payload: {
      hang_id: f.hang.id,
      toss_type: 'chat',
      toss_id: randomUUID(),
      toss_text: text,
      paid_event_name: f.show.paid_event_name,
    },
  });
}

describe.skipIf(!clustered)(
  'chat on two nodes sharing PostgreSQL and Redis (skipped unless TEST_DATABASE_URL and TEST_REDIS_URL are set)',
  () => {
    it('a toss sent on one node reaches a fan connected to the other; presence counts both', async () => {
      const show = await createShow(t.db, { startIn: 10 });
      const a = await fanOn(nodeA, show.id);
      const b = await fanOn(nodeB, show.id);
      expect(b.hang.id).toBe(a.hang.id);
      expect(b.hang.number_active).toBe(2);
      const { socket } = await connectAs(await realtimeUrl(nodeB), b.key);
      socket.send({ type: 'subscribe', channels: [{ channel: hangChannel(a.hang.pubnubForHang) }] });
      socket.send({ type: 'ping' });
      await socket.waitFor((f) => f.type === 'pong');
      expect((await toss(nodeA, a, 'hello from node A')).statusCode).toBe(200);
      await socket.waitFor((f) => tossText(f) === 'hello from node A');

      const status = await nodeA.inject({
        method: 'GET',
        url: `/thor/hangs/hang_status/?hang_id=${a.hang.id}`,
        headers: a.headers,
      });
      expect(HangStatusResponse.parse(status.json()).number_active).toBe(2);
      await socket.close();
    });

    it('resume on the other node after a reconnect loses nothing', async () => {
      const show = await createShow(t.db, { startIn: 10 });
      const a = await fanOn(nodeA, show.id);
      const b = await fanOn(nodeA, show.id);
      const channel = hangChannel(a.hang.pubnubForHang);
      const first = (await connectAs(await realtimeUrl(nodeA), b.key)).socket;
      first.send({ type: 'subscribe', channels: [{ channel }] });
      first.send({ type: 'ping' });
      await first.waitFor((f) => f.type === 'pong');
      await toss(nodeA, a, 'one');
      const seen = await first.waitFor((f) => tossText(f) === 'one');
      await first.close();
      await toss(nodeB, a, 'two');
      await toss(nodeA, a, 'three');
      const second = (await connectAs(await realtimeUrl(nodeB), b.key)).socket;
      second.send({
        type: 'subscribe',
        channels: [{ channel, last_seq: seen.type === 'event' ? seen.seq : 0 }],
      });
      await second.waitFor((f) => tossText(f) === 'three');
      expect(second.frames.map(tossText).filter(Boolean)).toEqual(['two', 'three']);
      await second.close();
    });

    it('the per-fan budget is shared by the nodes; host alerts reach viewers on either node', async () => {
      const show = await createShow(t.db, { startIn: 10 });
      const a = await fanOn(nodeA, show.id);
      const codes = [];
      for (let i = 0; i < 5; i++) codes.push((await toss(i % 2 ? nodeB : nodeA, a, `m${i}`)).statusCode);
      expect(codes).toEqual([200, 200, 200, 200, 500]);

      const { socket } = await connectAs(await realtimeUrl(nodeB), a.key);
      socket.send({ type: 'subscribe', channels: [{ channel: showChannel(show.slug) }] });
      socket.send({ type: 'ping' });
      await socket.waitFor((f) => f.type === 'pong');
      const host = await createUser(t.db, { role: 'host' });
      const res = await nodeA.inject({
        method: 'POST',
        url: `/thor/host/shows/${show.slug}/alerts`,
        headers: auth(await login(nodeA, host.email)),
        payload: { type: 'chat', display_code: 0 },
      });
      expect(res.statusCode).toBe(202);
      await socket.waitFor(isEvent('alert', (e) => (e.alert as { type: string }).type === 'chat'));
      await socket.close();
    });
  },
);
