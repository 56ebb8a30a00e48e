import { Channel, type Show } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING, buyer, order, ticketItem } from '../../../test/commerce-fixtures.ts';
import { auth, createUser, login, showEntity } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';

/** The Setup editor's sale window and light-stick songs (issue 13): stored, served and enforced. */
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

const MIN = 60_000;
const inMinutes = (m: number) => new Date(Date.now() + m * MIN).toISOString();
/** A new show (POST /thor/host/shows; 201). */
const put = (show: Show, headers = host) =>
  t.app.inject({ method: 'POST', url: '/thor/host/shows', headers, payload: show });
/** An edit of the show at `version` (PUT; 200). */
const edit = (show: Show, version: number) =>
  t.app.inject({
    method: 'PUT',
    url: `/thor/host/shows/${show.slug}`,
    headers: host,
    payload: { ...show, version },
  });
const channel = async (show: Show) =>
  Channel.parse(
    (await t.app.inject({ method: 'GET', url: `/thor/channels/${show.channel_id}/`, headers: host })).json(),
  );

/** A show selling one ticket, with its sale window `from`/`until` minutes from now (null: not set). */
function sellingWith(from: number | null, until: number | null): Show {
  const show = showEntity({ startIn: 600 });
  return {
    ...show,
    ticket_items: [ticketItem(`${show.slug}-hd`)],
    event: {
      ...show.event,
      sale_start_time: from === null ? null : inMinutes(from),
      sale_end_time: until === null ? null : inMinutes(until),
    },
  };
}

describe('the ticket sale window', () => {
  it('is stored and served to fans as the show sets it; a show without one reads back without it', async () => {
    const show = sellingWith(60, 300);
    expect((await put(show)).statusCode).toBe(201);
    const read = await channel(show);
    expect(read.event.sale_start_time).toBe(show.event.sale_start_time);
    expect(read.event.sale_end_time).toBe(show.event.sale_end_time);

    const plain = showEntity();
    expect((await put(plain)).statusCode).toBe(201);
    const event = (await channel(plain)).event;
    expect('sale_start_time' in event || 'sale_end_time' in event).toBe(false);
  });

  it('400 names the field: the sale ends before it starts, or starts after the show ends', async () => {
    const backwards = sellingWith(120, 60);
    const ends = await put(backwards);
    expect(ends.statusCode).toBe(400);
    expect(ends.json()).toMatchObject({
      field: 'event.sale_end_time',
      message: 'Ticket sales must end after they start.',
    });
    const late = sellingWith(24 * 60, null);
    const starts = await put(late);
    expect(starts.statusCode).toBe(400);
    expect(starts.json()).toMatchObject({
      field: 'event.sale_start_time',
      message: 'Ticket sales must start before the show ends.',
    });
    const notIso = { ...late, event: { ...late.event, sale_start_time: 'tomorrow' } };
    expect((await put(notIso)).statusCode).toBe(400);
  });

  it('orders are refused (404 with the reason) before the sale opens and after it closes, taken inside it', async () => {
    const { headers } = await buyer(t.app, t.db);
    const line = (show: Show) => ({
      item_list: [{ item_id: show.ticket_items?.[0]?.item_id, quantity: 1 }],
      billing: BILLING,
    });
    const early = sellingWith(30, null);
    await put(early);
    const before = await order(t.app, headers, line(early));
    expect(before.statusCode).toBe(404);
    expect(before.json()).toMatchObject({
      code: 'NOT_FOUND',
      message: `Tickets are on sale from ${early.event.sale_start_time}.`,
    });

    const over = sellingWith(-120, -5);
    await put(over);
    const after = await order(t.app, headers, line(over));
    expect(after.statusCode).toBe(404);
    expect(after.json().message).toBe('The ticket sale for this show has ended.');

    const open = sellingWith(-5, 60);
    await put(open);
    expect((await order(t.app, headers, line(open))).statusCode).toBe(200);
  });
});

describe('light-stick songs per show', () => {
  const opening = {
    title: 'Opening Light',
    version: 'live',
    bpm: 126,
    start: 200,
    duration: 180,
    gradient: true,
  };
  const slow = { title: 'Slow Glow', version: 'ballad', bpm: 70, start: 0, duration: 240, gradient: false };
  const songs = [opening, slow];

  it('are stored with the show and served in its order; a show without songs has none', async () => {
    const show = { ...showEntity(), lightstick_songs: songs };
    expect((await put(show)).statusCode).toBe(201);
    const got = await t.app.inject({ method: 'GET', url: `/thor/host/shows/${show.slug}`, headers: host });
    expect(got.json().lightstick_songs).toEqual(songs);
    const edited = { ...show, lightstick_songs: [slow, opening] };
    expect(
      (await edit(edited, got.json().version)).json().lightstick_songs.map((s: { title: string }) => s.title),
    ).toEqual(['Slow Glow', 'Opening Light']);
    const plain = showEntity();
    await put(plain);
    expect((await channel(plain)).lightstick_songs).toBeUndefined();
  });

  it('400 for two songs of one title, a tempo out of 40..240 or an empty title; 403 for a fan', async () => {
    const show = showEntity();
    const twice = await put({
      ...show,
      lightstick_songs: [opening, { ...slow, title: 'opening light' }],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({
      field: 'lightstick_songs.1.title',
      message: 'Two light-stick songs share the title opening light.',
    });
    expect((await put({ ...show, lightstick_songs: [{ ...opening, bpm: 500 }] })).statusCode).toBe(400);
    expect((await put({ ...show, lightstick_songs: [{ ...opening, title: '' }] })).statusCode).toBe(400);
    expect((await put({ ...show, lightstick_songs: songs }, fan)).statusCode).toBe(403);
  });
});
