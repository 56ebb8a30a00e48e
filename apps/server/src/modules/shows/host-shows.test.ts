import { Channel, HostShowList } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  createBookingCode,
  createShow,
  createUser,
  login,
  showEntity,
} from '../../../test/factories.ts';
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

/** A new show (POST), or with `version` an edit of the show at that version (PUT). */
const put = (slug: string, payload: unknown, headers: Record<string, string> = host, version?: number) =>
  version === undefined
    ? t.app.inject({ method: 'POST', url: '/thor/host/shows', headers, payload: payload as object })
    : t.app.inject({
        method: 'PUT',
        url: `/thor/host/shows/${slug}`,
        headers,
        payload: { ...(payload as object), version },
      });

describe('POST /thor/host/shows and PUT /thor/host/shows/{slug}', () => {
  it('201 creates a show, which /thor/channels/{id}/ then answers', async () => {
    const show = showEntity({ startIn: 5, enterIn: -1 });
    const res = await put(show.slug, show);
    expect(res.statusCode).toBe(201);
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
    const made = (await put(show.slug, show)).json();
    expect(made.status).toBe('upcoming');
    const now = new Date().toISOString();
    const moved = { ...show, event: { ...show.event, event_enter_time: now } };
    const res = await put(show.slug, moved, host, made.version);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'open', doors_open_at: now });
  });

  it('400 when the slug differs from the path, the end is not after the start, or doors open after the start', async () => {
    const show = showEntity();
    const mismatch = await put('another-slug', show, host, 1);
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

  it('409 naming the field when another show already uses the paid event name', async () => {
    const existing = await createShow(t.db);
    const show = showEntity();
    const res = await put(show.slug, { ...show, paid_event_name: existing.paid_event_name });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'SHOW_ID_TAKEN',
      field: 'paid_event_name',
      taken: existing.paid_event_name,
    });
    expect(res.json().message).toContain(existing.slug);
  });

  it('409 SHOW_SLUG_TAKEN for a create with a slug in use, naming it; the other show is untouched (issue 25)', async () => {
    const first = showEntity({ startIn: 60 });
    expect((await put(first.slug, first)).statusCode).toBe(201);
    const before = (
      await t.app.inject({ method: 'GET', url: `/thor/host/shows/${first.slug}`, headers: host })
    ).json();
    // Another show (own ids) under the same slug: refused, never a silent replacement.
    const other = { ...showEntity({ startIn: 90 }), slug: first.slug, event_name: 'Someone else’s show' };
    const res = await put(first.slug, other);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'SHOW_SLUG_TAKEN', field: 'slug', taken: first.slug });
    const after = (
      await t.app.inject({ method: 'GET', url: `/thor/host/shows/${first.slug}`, headers: host })
    ).json();
    expect(after).toEqual(before);
    const channel = await t.app.inject({
      method: 'GET',
      url: `/thor/channels/${other.channel_id}/`,
      headers: fan,
    });
    expect(channel.statusCode).not.toBe(200);
  });

  it('409 SHOW_STALE for a save based on an older version, with the current one; nothing changes (issue 25)', async () => {
    const show = showEntity({ startIn: 60 });
    const made = (await put(show.slug, show)).json();
    const saved = await put(show.slug, { ...show, event_name: 'Saved first' }, host, made.version);
    expect(saved.statusCode).toBe(200);
    const current = (
      await t.app.inject({ method: 'GET', url: `/thor/host/shows/${show.slug}`, headers: host })
    ).json();
    expect(current.version).toBeGreaterThan(made.version);
    // A tab still holding the first version saves over it: refused, and the show stays as it was.
    const stale = await put(show.slug, { ...show, event_name: 'From a stale tab' }, host, made.version);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'SHOW_STALE', current_version: current.version });
    const after = (
      await t.app.inject({ method: 'GET', url: `/thor/host/shows/${show.slug}`, headers: host })
    ).json();
    expect(after).toEqual(current);
    expect(after.event_name).toBe('Saved first');
  });

  it('keeps the latency mode set in Setup through a create and a save; a save without it is standard again (issue 24)', async () => {
    const show = { ...showEntity({ startIn: 60 }), latency_mode: 'low' as const };
    const made = await put(show.slug, show);
    expect(made.statusCode).toBe(201);
    expect(made.json().latency_mode).toBe('low');
    const read = async () =>
      (await t.app.inject({ method: 'GET', url: `/thor/host/shows/${show.slug}`, headers: host })).json();
    expect((await read()).latency_mode).toBe('low');
    const lite = await put(
      show.slug,
      { ...show, latency_mode: 'reduced_bandwidth' },
      host,
      made.json().version,
    );
    expect(lite.statusCode).toBe(200);
    expect((await read()).latency_mode).toBe('reduced_bandwidth');
    const { latency_mode: _m, ...standard } = show;
    expect((await put(show.slug, standard, host, lite.json().version)).statusCode).toBe(200);
    expect((await read()).latency_mode).toBeUndefined();
    // Not a mode of the contract: refused, and the show keeps its own.
    const bad = await put(show.slug, { ...show, latency_mode: 'ultra' }, host, (await read()).version);
    expect(bad.statusCode).toBe(400);
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

const get = (url: string, headers: Record<string, string> = host) => t.app.inject({ url, headers });

describe('GET /thor/host/shows and /thor/host/shows/{slug}', () => {
  it('200 lists every show with its state and codes, latest start first', async () => {
    const later = await createShow(t.db, { startIn: 600 });
    const now = await createShow(t.db, { startIn: -5 });
    await createBookingCode(t.db, { showId: later.id });
    const res = await get('/thor/host/shows');
    expect(res.statusCode).toBe(200);
    const list = HostShowList.parse(res.json()).results;
    const a = list.findIndex((s) => s.slug === later.slug);
    const b = list.findIndex((s) => s.slug === now.slug);
    expect(a).toBeGreaterThanOrEqual(0);
    expect(a).toBeLessThan(b);
    expect(list[a]).toMatchObject({ status: 'upcoming', codes: { total: 1, redeemed: 0 } });
    expect(list[b]).toMatchObject({ status: 'live' });
  });

  it('200 answers one show with its state; 404 for an unknown slug', async () => {
    const show = await createShow(t.db, { startIn: 5 });
    const res = await get(`/thor/host/shows/${show.slug}`);
    expect(res.statusCode).toBe(200);
    expect(Channel.parse(res.json())).toMatchObject({ slug: show.slug, event_name: show.event_name });
    const missing = await get('/thor/host/shows/no-such-show');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('VIDEO_NOT_FOUND');
  });

  it('403 for a fan and 401 without a token on every host read', async () => {
    const show = await createShow(t.db);
    for (const url of ['/thor/host/shows', `/thor/host/shows/${show.slug}`]) {
      expect((await get(url, fan)).statusCode).toBe(403);
      expect((await get(url, {})).statusCode).toBe(401);
    }
  });
});

describe('PUT /thor/host/shows/{slug}: the stream rules', () => {
  it('400 naming base_video when the start view has no stream, and the angle without its stream', async () => {
    const show = showEntity();
    const base = await put(show.slug, { ...show, base_video: 'mix-stream9' });
    expect(base.statusCode).toBe(400);
    expect(base.json().field).toBe('base_video');
    const angles = { ...show, pips: { sinks: [...show.pips.sinks, { id: 7, label: 'CAM 7' }] } };
    const angle = await put(show.slug, angles);
    expect(angle.statusCode).toBe(400);
    expect(angle.json().field).toBe('pips.sinks.2.id');
  });
});

describe('POST /thor/host/shows/{slug}/duplicate', () => {
  const dup = (slug: string, payload: object, headers: Record<string, string> = host) =>
    t.app.inject({ method: 'POST', url: `/thor/host/shows/${slug}/duplicate`, headers, payload });

  // Refusals first: a copy takes the next free ids, which the factory's next show would also pick.
  it('409 for a slug in use, 400 for a bad slug, 404 for an unknown source, 403 for a fan', async () => {
    const a = await createShow(t.db);
    const b = await createShow(t.db);
    expect((await dup(a.slug, { slug: b.slug })).statusCode).toBe(409);
    const bad = await dup(a.slug, { slug: 'Not A Slug' });
    expect(bad.statusCode).toBe(400);
    expect((await dup('no-such-show', { slug: 'fresh-slug-x' })).statusCode).toBe(404);
    expect((await dup(a.slug, { slug: 'fresh-slug-y' }, fan)).statusCode).toBe(403);
  });
  it('201 copies every field under a new slug with new ids and its own ticket items', async () => {
    const source = showEntity();
    const withItems = {
      ...source,
      ticket_items: [
        {
          item_id: `${source.slug}-hd`,
          display_name: { en: 'HD' },
          display_description: { en: 'HD pass' },
          price: 2500,
          currency: 'USD',
          sale_currency_symbol: '$',
          ticket_attributes: { mview: 4 },
        },
      ],
    };
    expect((await put(source.slug, withItems)).statusCode).toBe(201);
    const slug = `${source.slug}-copy`;
    const res = await dup(source.slug, { slug, event_name: 'Second night' });
    expect(res.statusCode).toBe(201);
    const copy = Channel.parse(res.json());
    expect(copy).toMatchObject({
      slug,
      event_name: 'Second night',
      artist_name: source.artist_name,
      event_config: source.event_config,
      pips: source.pips,
    });
    expect(copy.channel_id).not.toBe(source.channel_id);
    expect(copy.paid_event_id).not.toBe(source.paid_event_id);
    expect(copy.ticket_items?.[0]?.item_id).not.toBe(withItems.ticket_items[0]?.item_id);
    expect(copy.ticket_items?.[0]?.price).toBe(2500);
    expect((await get(`/thor/host/shows/${slug}`)).statusCode).toBe(200);
  });
});
