import { ActiveChannels, Channel, ClientConfig } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createShow, createUser, login } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';

let t: TestContext;
let headers: Record<string, string>;
beforeAll(async () => {
  // No show cache here, so that each test sees the shows it just made.
  t = await createTestContext({ SHOWS_CACHE_MS: '0' });
  const user = await createUser(t.db);
  headers = auth(await login(t.app, user.email));
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, h: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: h });

describe('GET /thor/channels/{id}/', () => {
  it('200 answers the show with its status and doors_open_at', async () => {
    const show = await createShow(t.db, { startIn: 10, enterIn: -5 });
    const res = await get(`/thor/channels/${show.channel_id}/`, headers);
    expect(res.statusCode).toBe(200);
    const channel = Channel.parse(res.json());
    expect(channel).toMatchObject({
      slug: show.slug,
      paid_event_name: show.paid_event_name,
      paid_event_id: show.paid_event_id,
      channel_id: show.channel_id,
      status: 'open',
      doors_open_at: show.event_enter_time?.toISOString(),
    });
    expect(channel.ticketing.map((v) => v.id)).toEqual(['encore', 'ticketshop']);
    expect(channel.event.event_start_time).toBe(show.event_start_time.toISOString());
  });

  it('status follows the clock: upcoming, open (30 minutes before without an enter time), live, ended', async () => {
    const cases = [
      [await createShow(t.db, { startIn: 45 }), 'upcoming'],
      [await createShow(t.db, { startIn: 20 }), 'open'],
      [await createShow(t.db, { startIn: -10 }), 'live'],
      [await createShow(t.db, { startIn: -200, duration: 100 }), 'ended'],
    ] as const;
    for (const [show, status] of cases) {
      const res = await get(`/thor/channels/${show.channel_id}/`, headers);
      expect(res.json().status, show.slug).toBe(status);
    }
    const [upcoming] = cases[0];
    const doors = new Date(upcoming.event_start_time.getTime() - 30 * 60_000).toISOString();
    expect((await get(`/thor/channels/${upcoming.channel_id}/`, headers)).json().doors_open_at).toBe(doors);
  });

  it('400 VIDEO_NOT_FOUND for an unknown or malformed id; 401 UNAUTHORIZED without a token', async () => {
    for (const id of ['999999', 'abc', '0', '-1']) {
      const res = await get(`/thor/channels/${id}/`, headers);
      expect(res.statusCode, id).toBe(400);
      expect(res.json().code).toBe('VIDEO_NOT_FOUND');
    }
    const show = await createShow(t.db);
    const anonymous = await get(`/thor/channels/${show.channel_id}/`);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('UNAUTHORIZED');
  });
});

describe('listed shows', () => {
  it('GET /thor/channels/active/ lists shows not yet ended, by start time, in results', async () => {
    const later = await createShow(t.db, { startIn: 300 });
    const ended = await createShow(t.db, { startIn: -200, duration: 100 });
    const live = await createShow(t.db, { startIn: -30, duration: 60 });
    const res = await get('/thor/channels/active/');
    expect(res.statusCode).toBe(200);
    const { results } = ActiveChannels.parse(res.json());
    const slugs = results.map((r) => r.slug);
    expect(slugs).toContain(later.slug);
    expect(slugs).toContain(live.slug);
    expect(slugs).not.toContain(ended.slug);
    expect(slugs.indexOf(live.slug)).toBeLessThan(slugs.indexOf(later.slug));
    const starts = results.map((r) => Date.parse(r.event.event_start_time));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(results.find((r) => r.slug === live.slug)?.status).toBe('live');
  });

  it('/config.json lists the shows until their end time; the current show is the first not yet ended', async () => {
    const endingSoon = await createShow(t.db, { startIn: -600, duration: 601 });
    const ended = await createShow(t.db, { startIn: -300, duration: 299 });
    const res = await get('/config.json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const config = ClientConfig.parse(res.json());
    const slugs = config.shows.map((s) => s.slug);
    expect(slugs).toContain(endingSoon.slug);
    expect(slugs).not.toContain(ended.slug);
    // The earliest-starting show still on is the current one.
    expect(config.shows[0]?.slug).toBe(endingSoon.slug);
    expect(config.shows[0]).toMatchObject({
      paid_event_name: endingSoon.paid_event_name,
      event: { event_end_time: endingSoon.event_end_time.toISOString(), event_enter_time: null },
      streams: { stream4k: { hls: { url: '/media/stream4k/index.m3u8' } } },
    });
  });
});

describe('OpenAPI', () => {
  it('documents the shows, ticket and import calls', async () => {
    const paths = Object.keys((await get('/docs/json')).json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/thor/channels/{id}/',
        '/thor/channels/active/',
        '/thor/ticket/validate/',
        '/thor/host/shows/{slug}/ticket-codes',
      ]),
    );
  });
});

describe('show cache', () => {
  it('a node keeps the show list for SHOWS_CACHE_MS; a single channel is still found at once', async () => {
    const cached = await createTestContext({ SHOWS_CACHE_MS: '60000' });
    try {
      const before = await createShow(cached.db);
      const first = (await cached.app.inject({ method: 'GET', url: '/config.json' })).json() as ClientConfig;
      expect(first.shows.map((s) => s.slug)).toEqual([before.slug]);
      const added = await createShow(cached.db);
      const second = (await cached.app.inject({ method: 'GET', url: '/config.json' })).json() as ClientConfig;
      expect(second.shows.map((s) => s.slug)).toEqual([before.slug]);
      const user = await createUser(cached.db);
      const channel = await cached.app.inject({
        method: 'GET',
        url: `/thor/channels/${added.channel_id}/`,
        headers: auth(await login(cached.app, user.email)),
      });
      expect(channel.statusCode).toBe(200);
    } finally {
      await cached.close();
    }
  });
});
