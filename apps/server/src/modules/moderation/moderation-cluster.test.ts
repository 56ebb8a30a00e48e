import { TossResponse, userChannel } from '@encore/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShow } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import {
  chattingFan,
  follow,
  hangOf,
  hostAndModerator,
  rejoin,
  sendToss,
} from '../../../test/moderation-fixtures.ts';
import { isEvent } from '../../../test/realtime-client.ts';

/**
 * Moderation on two nodes of one deployment (same PostgreSQL and Redis prefix): a deletion made on
 * one node reaches fans connected to the other, and a restriction or slow mode set on one is enforced
 * by the other. Skipped without TEST_DATABASE_URL and TEST_REDIS_URL, like hangs-cluster.test.ts.
 */
const clustered = Boolean(process.env.TEST_REDIS_URL && process.env.TEST_DATABASE_URL);

let t: TestContext;
let nodeA: FastifyInstance;
let nodeB: FastifyInstance;
beforeAll(async () => {
  if (!clustered) return;
  t = await createTestContext({ REALTIME_TICK_MS: '10', CHAT_USER_BUDGET: '100' });
  nodeA = t.app;
  nodeB = await t.peer();
});
afterAll(async () => {
  await t?.close();
});

describe.skipIf(!clustered)('moderation on two nodes sharing PostgreSQL and Redis', () => {
  it('a message deleted on node A disappears for a fan connected to node B, and from its history', async () => {
    const show = await createShow(t.db, { startIn: 10 });
    const { modHeaders } = await hostAndModerator(nodeA, t.db, show.slug);
    const a = await chattingFan(nodeA, t.db, show);
    const b = await chattingFan(nodeB, t.db, show);
    const socket = await follow(nodeB, b.key, [hangOf(a)]);
    const sent = TossResponse.parse((await sendToss(nodeB, a, 'soon gone')).json());
    await socket.waitFor(
      isEvent('toss', (e) => (e.toss as { toss_id: string }).toss_id === sent.toss.toss_id),
    );
    const res = await nodeA.inject({
      method: 'DELETE',
      url: `/thor/host/shows/${show.slug}/moderation/tosses/${sent.toss.toss_id}`,
      headers: modHeaders,
    });
    expect(res.statusCode).toBe(200);
    await socket.waitFor(isEvent('toss_deleted', (e) => e.toss_id === sent.toss.toss_id));
    await socket.close();
    expect((await rejoin(nodeB, b)).tosses.map((x) => x.toss_id)).not.toContain(sent.toss.toss_id);
  });

  it('a timeout and slow mode set on node A are enforced on node B', async () => {
    const show = await createShow(t.db, { startIn: 10 });
    const { modHeaders } = await hostAndModerator(nodeA, t.db, show.slug);
    const fan = await chattingFan(nodeB, t.db, show);
    const other = await chattingFan(nodeB, t.db, show);
    // Node B has read the show's moderation state (the joins) and caches it.
    const own = await follow(nodeB, fan.key, [userChannel(fan.user.id)]);
    const policy = await nodeA.inject({
      method: 'PUT',
      url: `/thor/host/shows/${show.slug}/moderation/policy`,
      headers: modHeaders,
      payload: { slow_mode_seconds: 60 },
    });
    expect(policy.statusCode).toBe(200);
    const timeout = await nodeA.inject({
      method: 'POST',
      url: `/thor/host/shows/${show.slug}/moderation/restrictions`,
      headers: modHeaders,
      payload: { username: fan.user.username, kind: 'timeout', duration_seconds: 300 },
    });
    expect(timeout.statusCode).toBe(201);
    // Node B has heard of the change once the fan's own event, published after it, reaches it.
    await own.waitFor(isEvent('chat_restriction'));
    await own.close();
    const held = TossResponse.parse((await sendToss(nodeB, fan, 'from B')).json());
    expect(held).toMatchObject({ delivered: false, restriction: { kind: 'timeout' } });
    // The slow-mode window is shared through Redis: one node's toss counts on the other.
    expect((await sendToss(nodeA, other, 'first')).statusCode).toBe(200);
    const second = await sendToss(nodeB, other, 'second');
    expect(second.statusCode).toBe(429);
    expect(second.json().code).toBe('SLOW_MODE');
  });
});
