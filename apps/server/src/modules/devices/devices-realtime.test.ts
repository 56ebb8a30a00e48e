import { EnterEventResponse, type ServerFrame, userChannel } from '@encore/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createShow, createTicket, createUser, login } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { connectAs, isEvent, realtimeUrl } from '../../../test/realtime-client.ts';

let t: TestContext;
let url: string;
beforeAll(async () => {
  t = await createTestContext({ REALTIME_TICK_MS: '10' });
  url = await realtimeUrl(t.app);
});
afterAll(async () => {
  await t?.close();
});

async function fanWithTicket() {
  const show = await createShow(t.db, { startIn: 10 });
  const user = await createUser(t.db);
  await createTicket(t.db, { userId: user.id, showId: show.id });
  const key = await login(t.app, user.email);
  return { show, user, key, headers: auth(key) };
}

async function enter(slug: string, headers: Record<string, string>, app: FastifyInstance = t.app) {
  const res = await app.inject({ method: 'POST', url: `/thor/shows/${slug}/enter/`, headers });
  return EnterEventResponse.parse(res.json());
}

const seqOf = (f: ServerFrame) => (f.type === 'event' ? f.seq : -1);

describe('device events on the user channel', () => {
  it('a third device logs out the oldest in real time; every device hears the new count', async () => {
    const { show, user, key, headers } = await fanWithTicket();
    const first = await enter(show.slug, headers);
    const second = await enter(show.slug, headers);
    const a = await connectAs(url, key, first.session_id);
    const b = await connectAs(url, key, second.session_id);
    expect(a.ready).toEqual({ type: 'ready', user_id: user.id, session_valid: true });
    expect(b.ready.type === 'ready' && b.ready.session_valid).toBe(true);
    for (const s of [a.socket, b.socket])
      s.send({ type: 'subscribe', channels: [{ channel: userChannel(user.id) }] });

    await enter(show.slug, headers);
    const logout = await a.socket.waitFor(isEvent('device_logout'));
    expect(logout).toMatchObject({
      channel: userChannel(user.id),
      event: { kind: 'device_logout', session_id: first.session_id, reason: 'too_many_devices' },
    });
    for (const s of [a.socket, b.socket]) {
      const devices = await s.waitFor(isEvent('devices', (e) => e.count === 2));
      expect(devices).toMatchObject({ event: { paid_event_name: show.paid_event_name, count: 2 } });
      expect(seqOf(devices)).toBeGreaterThan(seqOf(logout));
    }
    await a.socket.close();
    await b.socket.close();
  });

  it('a replaced session is reported expired when its tab reconnects', async () => {
    const { show, key, headers } = await fanWithTicket();
    const old = await enter(show.slug, headers);
    await enter(show.slug, headers);
    await enter(show.slug, headers);
    const { socket, ready } = await connectAs(url, key, old.session_id);
    expect(ready.type === 'ready' && ready.session_valid).toBe(false);
    expect(await socket.waitFor((f) => f.type === 'session_expired')).toEqual({
      type: 'session_expired',
      session_id: old.session_id,
    });
    await socket.close();
  });

  it('a socket keeps its session seen; one unseen for 10 minutes has expired', async () => {
    const { show, key, headers } = await fanWithTicket();
    const kept = await enter(show.slug, headers);
    const lapsed = await enter(show.slug, headers);
    const ago = (min: number) => new Date(Date.now() - min * 60_000);
    const setSeen = (id: string, at: Date) =>
      t.db.updateTable('device_sessions').set({ last_seen_at: at }).where('id', '=', id).execute();
    await setSeen(kept.session_id, ago(9));
    await setSeen(lapsed.session_id, ago(11));
    const seenOf = (id: string) =>
      t.db.selectFrom('device_sessions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

    const live = await connectAs(url, key, kept.session_id);
    expect(live.ready.type === 'ready' && live.ready.session_valid).toBe(true);
    expect((await seenOf(kept.session_id)).last_seen_at.getTime()).toBeGreaterThan(ago(1).getTime());

    const late = await connectAs(url, key, lapsed.session_id);
    expect(late.ready.type === 'ready' && late.ready.session_valid).toBe(false);
    await late.socket.waitFor((f) => f.type === 'session_expired');
    expect((await seenOf(lapsed.session_id)).end_reason).toBe('expired');
    await live.socket.close();
    await late.socket.close();
  });

  it('a leave publishes the new count', async () => {
    const { show, user, key, headers } = await fanWithTicket();
    const one = await enter(show.slug, headers);
    await enter(show.slug, headers);
    const { socket } = await connectAs(url, key, one.session_id);
    socket.send({ type: 'ping' });
    await socket.waitFor((f) => f.type === 'pong');
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/thor/shows/${show.slug}/enter/${one.session_id}/`,
      headers,
    });
    expect(res.statusCode).toBe(204);
    await socket.waitFor(isEvent('devices', (e) => e.count === 1));
    expect(
      socket.frames
        .filter((f) => f.type === 'event')
        .every((f) => f.type === 'event' && f.channel === userChannel(user.id)),
    ).toBe(true);
    await socket.close();
  });

  it('reconnecting with last_seq replays what was missed, in order and once', async () => {
    const { show, user, key, headers } = await fanWithTicket();
    const channel = userChannel(user.id);
    const { socket } = await connectAs(url, key);
    socket.send({ type: 'subscribe', channels: [{ channel }] });
    await enter(show.slug, headers);
    const seen = await socket.waitFor(isEvent('devices', (e) => e.count === 1));
    await socket.close();

    // Missed while away: the second device (count 2), then the third replacing the first.
    await enter(show.slug, headers);
    await enter(show.slug, headers);
    const back = await connectAs(url, key);
    back.socket.send({ type: 'subscribe', channels: [{ channel, last_seq: seqOf(seen) }] });
    await back.socket.waitFor(isEvent('device_logout'));
    await back.socket.waitFor((f) => seqOf(f) === seqOf(seen) + 3);
    // A later live event follows the replay without a gap or a repeat.
    await enter(show.slug, headers);
    await back.socket.waitFor((f) => seqOf(f) === seqOf(seen) + 5);
    const seqs = back.socket.frames.filter((f) => f.type === 'event').map(seqOf);
    expect(seqs).toEqual([1, 2, 3, 4, 5].map((n) => seqOf(seen) + n));
    const kinds = back.socket.frames.flatMap((f) => (f.type === 'event' ? [f.event.kind] : []));
    expect(kinds).toEqual(['devices', 'device_logout', 'devices', 'device_logout', 'devices']);
    await back.socket.close();
  });
});

describe('several nodes', () => {
  it.skipIf(!process.env.TEST_REDIS_URL)(
    'an entry on one node reaches the fan’s socket on another, and resume works across nodes (needs TEST_REDIS_URL)',
    async () => {
      const nodeB = await t.peer();
      const urlB = await realtimeUrl(nodeB);
      const { show, user, key, headers } = await fanWithTicket();
      const channel = userChannel(user.id);
      const first = await enter(show.slug, headers);
      const onB = await connectAs(urlB, key, first.session_id);
      expect(onB.ready.type === 'ready' && onB.ready.session_valid).toBe(true);
      onB.socket.send({ type: 'subscribe', channels: [{ channel }] });

      await enter(show.slug, headers, t.app); // node A
      const count2 = await onB.socket.waitFor(isEvent('devices', (e) => e.count === 2));
      await onB.socket.close();

      await enter(show.slug, headers, nodeB); // the third device, on node B, while the tab is away
      const onA = await connectAs(url, key);
      onA.socket.send({ type: 'subscribe', channels: [{ channel, last_seq: seqOf(count2) }] });
      const logout = await onA.socket.waitFor(isEvent('device_logout'));
      expect(logout).toMatchObject({ seq: seqOf(count2) + 1, event: { session_id: first.session_id } });
      await onA.socket.waitFor((f) => seqOf(f) === seqOf(count2) + 2);
      await onA.socket.close();
    },
  );
});
