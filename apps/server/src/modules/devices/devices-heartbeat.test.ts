import { EnterEventResponse, userChannel } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createShow, createTicket, createUser, login } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { connectAs, isEvent, realtimeUrl } from '../../../test/realtime-client.ts';
import { parseConfig } from '../../config.ts';
import { DEVICE_LIVE_MS } from './devices.service.ts';

// Issue 26: a crashed device (its socket gone without a goodbye) frees its slot after the heartbeat
// window, here 1.5 s instead of the default minute; the sweep pings every 200 ms so that a live
// socket's session is marked seen every half second.
const LIVE_MS = 1500;
let t: TestContext;
let url: string;
beforeAll(async () => {
  t = await createTestContext({
    REALTIME_TICK_MS: '10',
    REALTIME_SWEEP_MS: '200',
    DEVICE_LIVE_MS: String(LIVE_MS),
  });
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

async function enter(slug: string, headers: Record<string, string>) {
  const res = await t.app.inject({ method: 'POST', url: `/thor/shows/${slug}/enter/`, headers });
  return EnterEventResponse.parse(res.json());
}

const sessionOf = (id: string) =>
  t.db.selectFrom('device_sessions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const waitMs = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('device heartbeat', () => {
  it('defaults to about a minute', () => {
    expect(DEVICE_LIVE_MS).toBe(60_000);
    const config = parseConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://encore.test' });
    expect(config.realtime.deviceLiveMs).toBe(60_000);
    // A live socket is marked seen at least three times per window (every sweep, 30 s by default,
    // marks it when its last mark is older than a third of the window).
    expect(config.realtime.sweepMs).toBeLessThanOrEqual(config.realtime.deviceLiveMs / 2);
  });

  it('a device whose connection dies without a goodbye frees its slot; the other device hears it; no third gets in', async () => {
    const { show, user, key, headers } = await fanWithTicket();
    const crashed = await enter(show.slug, headers);
    const kept = await enter(show.slug, headers);
    expect(kept.devices).toBe(2);
    expect(kept.chat_enabled).toBe(false);
    const a = await connectAs(url, key, crashed.session_id);
    const b = await connectAs(url, key, kept.session_id);
    b.socket.send({ type: 'subscribe', channels: [{ channel: userChannel(user.id) }] });
    b.socket.send({ type: 'ping' });
    await b.socket.waitFor((f) => f.type === 'pong');

    // While both sockets live, their heartbeat keeps both seen past the window: both hold a slot.
    await waitMs(LIVE_MS * 1.5);
    for (const id of [crashed.session_id, kept.session_id]) {
      const row = await sessionOf(id);
      expect(row.ended_at).toBeNull();
      expect(row.last_seen_at.getTime()).toBeGreaterThan(Date.now() - LIVE_MS);
    }
    expect(b.socket.frames.some(isEvent('devices', (e) => e.count === 1))).toBe(false);

    // The first device crashes: its socket is cut, no DELETE is sent.
    a.socket.ws.terminate();
    const freed = await b.socket.waitFor(
      isEvent('devices', (e) => e.count === 1),
      LIVE_MS + 5000,
    );
    expect(freed).toMatchObject({ event: { paid_event_name: show.paid_event_name, count: 1 } });

    // A new device takes the freed slot without displacing the live one; the crashed one is over.
    const next = await enter(show.slug, headers);
    expect(next.devices).toBe(2);
    expect((await sessionOf(kept.session_id)).ended_at).toBeNull();
    expect(await sessionOf(crashed.session_id)).toMatchObject({ end_reason: 'expired' });
    expect(b.socket.frames.some(isEvent('device_logout'))).toBe(false);

    // The crashed device coming back is not a third: its session is gone.
    const back = await connectAs(url, key, crashed.session_id);
    expect(back.ready.type === 'ready' && back.ready.session_valid).toBe(false);

    // Two live devices: a third still displaces the oldest, never three at once.
    const third = await enter(show.slug, headers);
    expect(third.devices).toBe(2);
    await b.socket.waitFor(isEvent('device_logout', (e) => e.session_id === kept.session_id));
    const open = await t.db
      .selectFrom('device_sessions')
      .select('id')
      .where('ticket_id', '=', (await sessionOf(kept.session_id)).ticket_id)
      .where('ended_at', 'is', null)
      .execute();
    expect(open.map((r) => r.id).sort()).toEqual([next.session_id, third.session_id].sort());
    await b.socket.close();
    await back.socket.close();
  });

  it('a reload (the socket back within the window) keeps the slot and tells nobody', async () => {
    const { show, user, key, headers } = await fanWithTicket();
    const one = await enter(show.slug, headers);
    const two = await enter(show.slug, headers);
    const a = await connectAs(url, key, one.session_id);
    const b = await connectAs(url, key, two.session_id);
    b.socket.send({ type: 'subscribe', channels: [{ channel: userChannel(user.id) }] });
    b.socket.send({ type: 'ping' });
    await b.socket.waitFor((f) => f.type === 'pong');
    a.socket.ws.terminate();
    const again = await connectAs(url, key, one.session_id);
    expect(again.ready.type === 'ready' && again.ready.session_valid).toBe(true);
    await waitMs(LIVE_MS + 2000);
    expect(b.socket.frames.some(isEvent('devices', (e) => e.count === 1))).toBe(false);
    expect((await sessionOf(one.session_id)).ended_at).toBeNull();
    await again.socket.close();
    await b.socket.close();
  });
});
