import { OrderCreated, type ServerFrame, showChannel } from '@encore/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING, buyer, CARD, confirm, order, sellingShow } from '../../test/commerce-fixtures.ts';
import { auth, createShow, createTicket, createUser, login } from '../../test/factories.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import {
  chattingFan,
  type Fan,
  follow,
  hangOf,
  hostAndModerator,
  sendToss,
} from '../../test/moderation-fixtures.ts';
import type { TestSocket } from '../../test/realtime-client.ts';

/**
 * Issue 29: a ticket taken away (a host's revocation, a refund) ends the fan's open subscriptions
 * that rested on it, on every node, with an `unsubscribed` frame: before, the fan's open chat and
 * overlays kept coming although new subscriptions and video keys were refused.
 */

const tossText = (f: ServerFrame) =>
  f.type === 'event' && f.event.kind === 'toss' ? f.event.toss.toss_text : null;

const unsubscribed = (socket: TestSocket, channel: string) =>
  socket.waitFor((f) => f.type === 'unsubscribed' && f.channel === channel, 10_000);

async function hostHeaders(t: TestContext) {
  return auth(await login(t.app, (await createUser(t.db, { role: 'host' })).email));
}

function revoke(app: FastifyInstance, headers: Record<string, string>, slug: string, fan: Fan) {
  return app.inject({
    method: 'POST',
    url: `/thor/host/shows/${slug}/tickets/revoke`,
    headers,
    payload: { username: fan.user.username },
  });
}

/** A ping answered: every frame before it was handled, so nothing sent before it is still coming. */
async function settled(socket: TestSocket): Promise<void> {
  const pongs = socket.frames.filter((f) => f.type === 'pong').length;
  socket.send({ type: 'ping' });
  await socket.waitFor(() => socket.frames.filter((f) => f.type === 'pong').length > pongs);
}

/**
 * The revoked fan's socket (on `fanNode`) loses the hang and show channels; a chat message posted
 * on `postNode` afterwards reaches the other fan (on `fanNode`) and not the revoked one; subscribing
 * again is refused at once on the fan's node; the socket itself stays.
 */
async function expectRevokedOn(opts: {
  t: TestContext;
  fanNode: FastifyInstance;
  postNode: FastifyInstance;
}) {
  const { t, fanNode, postNode } = opts;
  const show = await createShow(t.db, { startIn: 10 });
  const fan = await chattingFan(t.app, t.db, show);
  const other = await chattingFan(t.app, t.db, show);
  expect(other.hang.id).toBe(fan.hang.id);
  const channels = [hangOf(fan), showChannel(show.slug)];
  const socket = await follow(fanNode, fan.key, channels);
  const witness = await follow(fanNode, other.key, [hangOf(other)]);
  // Both are live: a message before the revocation reaches the fan.
  expect((await sendToss(postNode, other, 'before')).statusCode).toBe(200);
  await socket.waitFor((f) => tossText(f) === 'before');

  const res = await revoke(postNode, await hostHeaders(t), show.slug, fan);
  expect(res.statusCode, res.body).toBe(200);
  for (const channel of channels) {
    expect(await unsubscribed(socket, channel)).toEqual({
      type: 'unsubscribed',
      channel,
      slug: show.slug,
      reason: 'access_revoked',
    });
  }

  expect((await sendToss(postNode, other, 'after')).statusCode).toBe(200);
  await witness.waitFor((f) => tossText(f) === 'after');
  await settled(socket);
  expect(socket.frames.some((f) => tossText(f) === 'after')).toBe(false);
  // The fan's node forgot the ticket it had read for the first subscribe.
  socket.send({ type: 'subscribe', channels: channels.map((channel) => ({ channel })) });
  await socket.waitFor((f) => f.type === 'error' && f.channel === showChannel(show.slug));
  const refusals = socket.frames.filter((f) => f.type === 'error');
  expect(refusals.map((f) => (f.type === 'error' ? [f.code, f.channel] : null))).toEqual(
    channels.map((c) => ['FORBIDDEN', c]),
  );
  expect(socket.ws.readyState).toBe(socket.ws.OPEN);
  await socket.close();
  await witness.close();
}

describe('a ticket taken away ends the subscriptions it opened (one node)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ REALTIME_TICK_MS: '10', SHOWS_CACHE_MS: '0' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a host’s revocation: the hang and show channels end with `unsubscribed`; the socket stays', async () => {
    await expectRevokedOn({ t, fanNode: t.app, postNode: t.app });
  });

  it('a refund: the show channel ends with `unsubscribed`', async () => {
    const fan = await buyer(t.app, t.db);
    const sale = await sellingShow(t.db);
    const created = OrderCreated.parse(
      (
        await order(t.app, fan.headers, {
          item_list: [{ item_id: sale.items[0]?.item_id, quantity: 1 }],
          billing: BILLING,
        })
      ).json(),
    );
    const paid = await confirm(t.app, 'payment', created.client_secret as string, {
      card: CARD('4242424242424242'),
    });
    expect(paid.statusCode).toBe(200);
    const channel = showChannel(sale.show.slug);
    const key = fan.headers.authorization?.replace('Token ', '') ?? '';
    const socket = await follow(t.app, key, [channel]);
    expect(socket.frames.filter((f) => f.type === 'error')).toEqual([]);

    const refund = await t.app.inject({
      method: 'DELETE',
      url: `/thor/pg/order/?order_id=${created.order_id}`,
      headers: fan.headers,
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(await unsubscribed(socket, channel)).toMatchObject({ slug: sale.show.slug });
    await socket.close();
  });

  it('a dismissed moderator (no ticket) loses the hang; one who also holds a ticket keeps it', async () => {
    const show = await createShow(t.db, { startIn: 10 });
    const fan = await chattingFan(t.app, t.db, show);
    const { hostHeaders: headers, modUser, modKey } = await hostAndModerator(t.app, t.db, show.slug);
    const socket = await follow(t.app, modKey, [hangOf(fan)]);
    expect(socket.frames.filter((f) => f.type === 'error')).toEqual([]);
    const dismiss = (username: string) =>
      t.app.inject({
        method: 'DELETE',
        url: `/thor/host/shows/${show.slug}/moderators/${username}`,
        headers,
      });
    expect((await dismiss(modUser.username)).statusCode).toBe(200);
    expect(await unsubscribed(socket, hangOf(fan))).toMatchObject({ slug: show.slug });
    await socket.close();

    const second = await hostAndModerator(t.app, t.db, show.slug);
    await createTicket(t.db, { userId: second.modUser.id, showId: show.id });
    const kept = await follow(t.app, second.modKey, [hangOf(fan)]);
    expect((await dismiss(second.modUser.username)).statusCode).toBe(200);
    expect((await sendToss(t.app, fan, 'still here')).statusCode).toBe(200);
    await kept.waitFor((f) => tossText(f) === 'still here');
    expect(kept.frames.some((f) => f.type === 'unsubscribed')).toBe(false);
    await kept.close();
  });
});

/** Two nodes on one database and Redis (see hangs-cluster.test.ts); skipped without both. */
const clustered = Boolean(process.env.TEST_REDIS_URL && process.env.TEST_DATABASE_URL);

describe.skipIf(!clustered)('a ticket revoked on node A ends the fan’s subscriptions on node B', () => {
  let t: TestContext;
  let nodeB: FastifyInstance;
  beforeAll(async () => {
    t = await createTestContext({ REALTIME_TICK_MS: '10' });
    nodeB = await t.peer();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the fan on B hears `unsubscribed` and no more chat; B refuses the channels again at once', async () => {
    await expectRevokedOn({ t, fanNode: nodeB, postNode: t.app });
  });
});
