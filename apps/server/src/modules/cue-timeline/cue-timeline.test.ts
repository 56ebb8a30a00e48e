import { AlertPublished, CueTimeline, showChannel } from '@encore/contract';
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

async function fan(showId: number | null) {
  const user = await createUser(t.db);
  if (showId !== null) await createTicket(t.db, { userId: user.id, showId });
  const key = await login(t.app, user.email);
  return { user, key, headers: auth(key) };
}

const post = (slug: string, payload: object, query = '') =>
  t.app.inject({
    method: 'POST',
    url: `/thor/host/shows/${slug}/alerts${query}`,
    headers: hostHeaders,
    payload,
  });
const timeline = async (slug: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/thor/host/shows/${slug}/cue-timeline`,
    headers: hostHeaders,
  });
  expect(res.statusCode).toBe(200);
  return CueTimeline.parse(res.json());
};

describe('the cue timeline (issue 27)', () => {
  it('stamps a show-wide cue with the show-clock moment it was sent, stores it and sends the stamp', async () => {
    const show = await createShow(t.db, { startIn: 10 });
    const a = await fan(show.id);
    const { socket } = await connectAs(url, a.key);
    socket.send({ type: 'subscribe', channels: [{ channel: showChannel(show.slug) }] });
    socket.send({ type: 'ping' });
    await socket.waitFor((f) => f.type === 'pong');
    const before = Date.now();
    const res = await post(show.slug, { type: 'ls', display_code: 1, d: 20 });
    const after = Date.now();
    expect(res.statusCode).toBe(202);
    const { cue } = AlertPublished.parse(res.json());
    expect(cue).not.toBeNull();
    const at = Date.parse(cue?.at ?? '');
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at).toBeLessThanOrEqual(after);
    const frame = await socket.waitFor(isEvent('alert'));
    expect(frame.type === 'event' && frame.event.kind === 'alert' && frame.event.cue).toEqual(cue);
    await socket.close();

    const list = await timeline(show.slug);
    expect(list.cues).toEqual([
      {
        id: cue?.id,
        at: cue?.at,
        sent_at: expect.any(String),
        alert: { type: 'ls', display_code: 1, d: 20 },
      },
    ]);
  });

  it('the chat switch and a cue for one fan stay immediate: no moment, not on the timeline', async () => {
    const show = await createShow(t.db, { startIn: 10 });
    const a = await fan(show.id);
    const chat = await post(show.slug, { type: 'chat', display_code: 0 });
    expect(AlertPublished.parse(chat.json()).cue).toBeNull();
    const one = await post(show.slug, { type: 'ud', msg: 'hi %u', f: a.user.username });
    expect(AlertPublished.parse(one.json()).cue).toBeNull();
    expect((await timeline(show.slug)).cues).toEqual([]);
    const placed = await post(
      show.slug,
      { type: 'chat', display_code: 1 },
      `?at=${new Date().toISOString()}`,
    );
    expect(placed.statusCode).toBe(400);
  });

  it('a host places a light-stick track at a chosen moment, within 30 s back and 6 h ahead', async () => {
    const show = await createShow(t.db, { startIn: 10 });
    const at = new Date(Date.now() + 45_000).toISOString();
    const track = { type: 'lightstick', action: 'start', song_title: 'Crown', tempo: '8c' };
    const res = await post(show.slug, track, `?at=${encodeURIComponent(at)}`);
    expect(res.statusCode).toBe(202);
    expect(Date.parse(AlertPublished.parse(res.json()).cue?.at ?? '')).toBe(Date.parse(at));
    const old = new Date(Date.now() - 31_000).toISOString();
    expect((await post(show.slug, track, `?at=${encodeURIComponent(old)}`)).statusCode).toBe(400);
    const far = new Date(Date.now() + 6 * 3600_000 + 60_000).toISOString();
    expect((await post(show.slug, track, `?at=${encodeURIComponent(far)}`)).statusCode).toBe(400);
    expect((await post(show.slug, track, '?at=tomorrow')).statusCode).toBe(400);
  });

  it('fans report their distance; the control room reads the median, 95th percentile and largest', async () => {
    const show = await createShow(t.db, { startIn: 10 });
    const report = (headers: Record<string, string>, behind_ms: number) =>
      t.app.inject({
        method: 'POST',
        url: `/thor/shows/${show.slug}/distance/`,
        headers,
        payload: { behind_ms },
      });
    expect((await timeline(show.slug)).distances).toEqual({
      reporting: 0,
      median_ms: null,
      p95_ms: null,
      max_ms: null,
    });
    for (const ms of [3000, 4000, 5000, 11000]) {
      const f = await fan(show.id);
      expect((await report(f.headers, ms)).statusCode).toBe(204);
    }
    const f = await fan(show.id);
    await report(f.headers, 20_000);
    await report(f.headers, 6000); // the latest report replaces the fan's earlier one
    expect((await timeline(show.slug)).distances).toEqual({
      reporting: 5,
      median_ms: 5000,
      p95_ms: 11000,
      max_ms: 11000,
    });
    const stranger = await fan(null);
    expect((await report(stranger.headers, 1000)).statusCode).toBe(403);
    expect((await report(f.headers, -1)).statusCode).toBe(400);
    const anon = await t.app.inject({
      method: 'POST',
      url: `/thor/shows/${show.slug}/distance/`,
      payload: { behind_ms: 1 },
    });
    expect(anon.statusCode).toBe(401);
  });
});
