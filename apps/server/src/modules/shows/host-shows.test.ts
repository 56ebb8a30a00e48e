import { Channel } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createShow, createUser, login, showEntity } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';

let t: TestContext;
let host: Record<string, string>;
let fan: Record<string, string>;
beforeAll(async () => {
  t = await createTestContext({ SHOWS_CACHE_MS: '0' });
  host = auth(await login(t.app, (await createUser(t.db, { role: 'host' })).email));
  fan = auth(await login(t.app, (await createUser(t.db)).email));
});
afterAll(async () => {
  await t?.close();
});

const put = (slug: string, payload: unknown, headers: Record<string, string> = host) =>
  t.app.inject({ method: 'PUT', url: `/thor/host/shows/${slug}`, headers, payload: payload as object });

describe('PUT /thor/host/shows/{slug}', () => {
  it('200 creates a show, which /thor/channels/{id}/ then answers', async () => {
    const show = showEntity({ startIn: 5, enterIn: -1 });
    const res = await put(show.slug, show);
    expect(res.statusCode).toBe(200);
    expect(Channel.parse(res.json())).toMatchObject({ slug: show.slug, status: 'open' });
    const read = await t.app.inject({
      method: 'GET',
      url: `/thor/channels/${show.channel_id}/`,
      headers: fan,
    });
    expect(read.statusCode).toBe(200);
    expect(read.json().paid_event_name).toBe(show.paid_event_name);
  });

  it('200 moves the doors of an existing show: the status follows', async () => {
    const show = showEntity({ startIn: 90 });
    expect((await put(show.slug, show)).json().status).toBe('upcoming');
    const now = new Date().toISOString();
    const moved = { ...show, event: { ...show.event, event_enter_time: now } };
    const res = await put(show.slug, moved);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'open', doors_open_at: now });
  });

  it('400 when the slug differs from the path, the end is not after the start, or doors open after the start', async () => {
    const show = showEntity();
    const mismatch = await put('another-slug', show);
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().field).toBe('slug');

    const backwards = { ...show, event: { ...show.event, event_end_time: show.event.event_start_time } };
    const ends = await put(show.slug, backwards);
    expect(ends.statusCode).toBe(400);
    expect(ends.json().field).toBe('event.event_end_time');

    const late = new Date(Date.parse(show.event.event_start_time) + 60_000).toISOString();
    const doors = await put(show.slug, { ...show, event: { ...show.event, event_enter_time: late } });
    expect(doors.statusCode).toBe(400);
    expect(doors.json().field).toBe('event.event_enter_time');

    const invalid = await put(show.slug, { slug: show.slug });
    expect(invalid.statusCode).toBe(400);
  });

  it('409 when another show already uses the paid event name', async () => {
    const existing = await createShow(t.db);
    const show = showEntity();
    const res = await put(show.slug, { ...show, paid_event_name: existing.paid_event_name });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('SHOW_CONFLICT');
  });

  it('403 for a fan, 401 without a token; nothing is stored', async () => {
    const show = showEntity();
    expect((await put(show.slug, show, fan)).statusCode).toBe(403);
    expect((await put(show.slug, show, {})).statusCode).toBe(401);
    const read = await t.app.inject({
      method: 'GET',
      url: `/thor/channels/${show.channel_id}/`,
      headers: fan,
    });
    expect(read.statusCode).toBe(400);
  });
});
