import {
  AlertPublished,
  HangStatusResponse,
  HangsListResponse,
  showChannel,
  userChannel,
} from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createShow, createTicket, createUser, login } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { connectAs, isEvent, realtimeUrl } from '../../../test/realtime-client.ts';

let t: TestContext;
let url: string;
let hostHeaders: Record<string, string>;
beforeAll(async () => {
  t = await createTestContext({ REALTIME_TICK_MS: '10' });
  url = await realtimeUrl(t.app);
  const host = await createUser(t.db, { role: 'host' });
  hostHeaders = auth(await login(t.app, host.email));
});
afterAll(async () => {
  await t?.close();
});

async function viewer(showId: number) {
  const user = await createUser(t.db);
  await createTicket(t.db, { userId: user.id, showId });
  const key = await login(t.app, user.email);
  return { user, key, headers: auth(key) };
}

async function following(key: string, channel: string) {
  const { socket } = await connectAs(url, key);
  socket.send({ type: 'subscribe', channels: [{ channel }] });
  socket.send({ type: 'ping' });
  await socket.waitFor((f) => f.type === 'pong');
  return socket;
}

const post = (slug: string, payload: unknown, headers = hostHeaders) =>
  t.app.inject({
    method: 'POST',
    url: `/thor/host/shows/${slug}/alerts`,
    headers,
    payload: payload as object,
  });

describe('POST /thor/host/shows/{slug}/alerts', () => {
  it('publishes overlay text, slate and light-stick cues to every viewer of the show, %u kept', async () => {
    const show = await createShow(t.db, { startIn: 10 });
    const a = await viewer(show.id);
    const b = await viewer(show.id);
    const sockets = [
      await following(a.key, showChannel(show.slug)),
      await following(b.key, showChannel(show.slug)),
    ];
    const ud = { type: 'ud', msg: 'Thank you %u!', placement: 'top-left', d: 30 };
    const res = await post(show.slug, ud);
    expect(res.statusCode).toBe(202);
    expect(AlertPublished.parse(res.json())).toEqual({
      channel: showChannel(show.slug),
      alert: { ...ud, display_code: 1 },
      cue: { id: expect.any(String), at: expect.any(String) },
    });
    await post(show.slug, {
      type: 'slate',
      url: '/slates/end.png',
      link: 'https://example.test',
      es: true,
      d: -1,
    });
    await post(show.slug, {
      type: 'lightstick',
      action: 'start',
      song_title: 'Encore',
      tempo: '78',
      gradient: true,
    });
    await post(show.slug, { type: 'ls', display_code: 1, d: 15 });
    for (const s of sockets) {
      await s.waitFor(isEvent('alert', (e) => (e.alert as { type: string }).type === 'ls'));
      const alerts = s.frames.flatMap((f) =>
        f.type === 'event' && f.event.kind === 'alert' ? [f.event.alert] : [],
      );
      expect(alerts.map((x) => x.type)).toEqual(['ud', 'slate', 'lightstick', 'ls']);
      expect(alerts[0]).toMatchObject({ msg: 'Thank you %u!', placement: 'top-left', d: 30 });
      expect(alerts[1]).toMatchObject({
        url: '/slates/end.png',
        link: 'https://example.test',
        es: true,
        d: -1,
      });
      await s.close();
    }
  });

  it('an alert with f goes to that one username only', async () => {
    const show = await createShow(t.db, { startIn: 10 });
    const a = await viewer(show.id);
    const b = await viewer(show.id);
    const sa = await following(a.key, showChannel(show.slug));
    const sb = await following(b.key, showChannel(show.slug));
    const res = await post(show.slug, {
      type: 'ud',
      msg: 'Just for you, %u',
      f: a.user.username.toUpperCase(),
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ channel: userChannel(a.user.id) });
    await sa.waitFor(
      isEvent('alert', (e) => (e.alert as { f?: string }).f === a.user.username.toUpperCase()),
    );
    // b hears the next show-wide alert and never the targeted one before it.
    await post(show.slug, { type: 'ud', msg: 'Everyone' });
    await sb.waitFor(isEvent('alert', (e) => (e.alert as { msg: string }).msg === 'Everyone'));
    expect(sb.frames.some((f) => f.type === 'event' && f.event.kind === 'alert' && f.event.alert.f)).toBe(
      false,
    );
    await sa.close();
    await sb.close();
  });

  it('chat off is stored for late joiners and hang_status; on again restores it', async () => {
    const show = await createShow(t.db, { startIn: 10 });
    const a = await viewer(show.id);
    expect((await post(show.slug, { type: 'chat', display_code: 0 })).statusCode).toBe(202);
    const list = await t.app.inject({
      method: 'GET',
      url: `/thor/hangs/get_hangs_list/?filter=featured_hangs&channel_id=${show.channel_id}`,
      headers: a.headers,
    });
    const hang = HangsListResponse.parse(list.json()).hang_category_list[0]?.hangs[0];
    expect(hang).toMatchObject({ chat_enabled: false, permissions: { chat: false } });
    await post(show.slug, { type: 'chat', display_code: 1 });
    const status = await t.app.inject({
      method: 'GET',
      url: `/thor/hangs/hang_status/?hang_id=${hang?.id}`,
      headers: a.headers,
    });
    expect(HangStatusResponse.parse(status.json()).chat_enabled).toBe(true);
  });

  it('400 for a bad alert or an unknown show; 401 without a token; 403 for a fan; 404 for an unknown f', async () => {
    const show = await createShow(t.db, { startIn: 10 });
    const fan = await viewer(show.id);
    for (const body of [
      { type: 'party' },
      { type: 'ls' },
      { type: 'lightstick', action: 'dance' },
      { type: 'ud' },
    ]) {
      const res = await post(show.slug, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await post('no-such-show', { type: 'chat', display_code: 0 })).statusCode).toBe(400);
    expect((await post(show.slug, { type: 'chat', display_code: 0 }, {})).statusCode).toBe(401);
    expect((await post(show.slug, { type: 'chat', display_code: 0 }, fan.headers)).statusCode).toBe(403);
    const unknown = await post(show.slug, { type: 'ud', msg: 'hi', f: 'nobody-like-this' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'USER_NOT_FOUND' });
  });
});
