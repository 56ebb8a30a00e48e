import { Hang, HangStatusResponse, HangsListResponse, MonikersResponse } from '@encore/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createShow, createTicket, createUser, login, showEntity } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { createShowsRepo } from '../shows/shows.repo.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ CHAT_HANG_CAPACITY: '2' });
});
afterAll(async () => {
  await t?.close();
});

/** A fan with a ticket for a show whose doors are open. */
async function fan(showId?: number) {
  const show = showId
    ? await t.db.selectFrom('shows').selectAll().where('id', '=', showId).executeTakeFirstOrThrow()
    : await createShow(t.db, { startIn: 10 });
  const user = await createUser(t.db);
  await createTicket(t.db, { userId: user.id, showId: show.id });
  const key = await login(t.app, user.email);
  return { show, user, key, headers: auth(key) };
}

async function featured(headers: Record<string, string>, query = 'filter=featured_hangs') {
  return t.app.inject({ method: 'GET', url: `/thor/hangs/get_hangs_list/?${query}`, headers });
}

async function featuredHang(headers: Record<string, string>, channelId: number): Promise<Hang> {
  const res = await featured(headers, `filter=featured_hangs&channel_id=${channelId}`);
  expect(res.statusCode).toBe(200);
  const hang = HangsListResponse.parse(res.json()).hang_category_list[0]?.hangs[0];
  if (!hang) throw new Error('no featured hang');
  return hang;
}

function join(headers: Record<string, string>, payload: unknown) {
  return t.app.inject({ method: 'PUT', url: '/thor/hangs/join_hang/', headers, payload: payload as object });
}

describe('GET /thor/hangs/get_hangs_list/', () => {
  it('answers one featured hang per show in hang_category_list, with its realtime suffix', async () => {
    const { show, headers } = await fan();
    const res = await featured(headers, `filter=featured_hangs&channel_id=${show.channel_id}`);
    expect(res.statusCode).toBe(200);
    const body = HangsListResponse.parse(res.json());
    expect(body.hang_category_list).toHaveLength(1);
    const hang = body.hang_category_list[0]?.hangs[0];
    expect(hang).toMatchObject({
      rank: 1,
      channel_id: show.channel_id,
      paid_event_name: show.paid_event_name,
      slug: show.slug,
      session_id: '',
      tosses: [],
      toss_list: ['chat', 'sticker'],
      chat_enabled: true,
      permissions: { chat: true, sticker: true, wall_reaction: true },
    });
    expect(hang?.pubnubForHang).toMatch(/^[\w-]{8,}$/);
    // Without a show, every show that is not over is listed.
    const all = HangsListResponse.parse((await featured(headers)).json());
    expect(all.hang_category_list.map((c) => c.hangs[0]?.id)).toContain(hang?.id);
  });

  it('400 BAD_REQUEST for another filter or an unknown show; 401 without a token', async () => {
    const { headers } = await fan();
    expect((await featured(headers, 'filter=popular')).statusCode).toBe(400);
    const unknown = await featured(headers, 'filter=featured_hangs&channel_id=99999999');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'BAD_REQUEST' });
    expect((await featured({})).statusCode).toBe(401);
  });

  it('404 USER_NOT_FOUND for an account without a chat nickname', async () => {
    const user = await createUser(t.db, { username: '' });
    const headers = auth(await login(t.app, user.email));
    const res = await featured(headers);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'USER_NOT_FOUND' });
    const show = await createShow(t.db, { startIn: 10 });
    await createTicket(t.db, { userId: user.id, showId: show.id });
    const hang = await featuredHang(auth(await login(t.app, (await fan()).user.email)), show.channel_id);
    expect((await join(headers, { hang_id: hang.id, session_id: 'new' })).json()).toMatchObject({
      code: 'USER_NOT_FOUND',
    });
  });
});

describe('PUT /thor/hangs/join_hang/', () => {
  it("200: 'new' opens a session; joining again with it keeps the same session and hang", async () => {
    const { show, headers } = await fan();
    const hang = await featuredHang(headers, show.channel_id);
    const res = await join(headers, { hang_id: hang.id, session_id: 'new' });
    expect(res.statusCode).toBe(200);
    const joined = Hang.parse(res.json());
    expect(joined.session_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(joined).toMatchObject({ id: hang.id, number_active: 1, pubnubForHang: hang.pubnubForHang });
    const again = Hang.parse(
      (await join(headers, { hang_id: hang.id, session_id: joined.session_id })).json(),
    );
    expect(again).toMatchObject({ id: hang.id, session_id: joined.session_id, number_active: 1 });
  });

  it('places fans in hangs of bounded capacity: the third fan of a 2-fan hang opens the next one', async () => {
    const first = await fan();
    const hang = await featuredHang(first.headers, first.show.channel_id);
    const second = await fan(first.show.id);
    const third = await fan(first.show.id);
    const a = Hang.parse((await join(first.headers, { hang_id: hang.id, session_id: 'new' })).json());
    const b = Hang.parse((await join(second.headers, { hang_id: hang.id, session_id: 'new' })).json());
    const c = Hang.parse((await join(third.headers, { hang_id: hang.id, session_id: 'new' })).json());
    expect([a.id, b.id]).toEqual([hang.id, hang.id]);
    expect(b.number_active).toBe(2);
    expect(c.id).not.toBe(hang.id);
    expect(c).toMatchObject({ rank: 2, number_active: 1, channel_id: first.show.channel_id });
    expect(c.pubnubForHang).not.toBe(hang.pubnubForHang);
    // A reload keeps its room even when full.
    const back = Hang.parse(
      (await join(first.headers, { hang_id: hang.id, session_id: a.session_id })).json(),
    );
    expect(back.id).toBe(hang.id);
  });

  it('202 NO_TICKET without a ticket for the show', async () => {
    const { show, headers } = await fan();
    const hang = await featuredHang(headers, show.channel_id);
    const stranger = await createUser(t.db);
    const res = await join(auth(await login(t.app, stranger.email)), { hang_id: hang.id, session_id: 'new' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ code: 'NO_TICKET' });
  });

  it('206 VIDEO_UNAVAILABLE when the show has no stream to play', async () => {
    const entity = showEntity({ startIn: 10 });
    const show = await createShowsRepo(t.db).insert({ ...entity, streams: {} });
    const { headers } = await fan(show.id);
    const hang = await featuredHang(headers, show.channel_id);
    const res = await join(headers, { hang_id: hang.id, session_id: 'new' });
    expect(res.statusCode).toBe(206);
    expect(res.json()).toMatchObject({ code: 'VIDEO_UNAVAILABLE' });
  });

  it('400 BAD_REQUEST for a bad body or an unknown hang', async () => {
    const { headers } = await fan();
    for (const payload of [
      {},
      { hang_id: 'x', session_id: 'new' },
      { hang_id: 1 },
      { hang_id: 99999999, session_id: 'new' },
    ]) {
      const res = await join(headers, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'BAD_REQUEST' });
    }
  });

  it('403 EVENT_NOT_OPEN before doors and after the end', async () => {
    const early = await createShow(t.db, { startIn: 120 });
    const { headers } = await fan(early.id);
    const hang = await featuredHang(headers, early.channel_id);
    const res = await join(headers, { hang_id: hang.id, session_id: 'new' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'EVENT_NOT_OPEN' });
  });

  it("412 NOT_ALLOWED with another fan's session; a stale session of one's own starts anew", async () => {
    const a = await fan();
    const hang = await featuredHang(a.headers, a.show.channel_id);
    const mine = Hang.parse((await join(a.headers, { hang_id: hang.id, session_id: 'new' })).json());
    const b = await fan(a.show.id);
    const res = await join(b.headers, { hang_id: hang.id, session_id: mine.session_id });
    expect(res.statusCode).toBe(412);
    expect(res.json()).toMatchObject({ code: 'NOT_ALLOWED' });
    const unknown = Hang.parse((await join(b.headers, { hang_id: hang.id, session_id: 'gone-123' })).json());
    expect(unknown.session_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('409 NOT_ACTIVE for a closed hang', async () => {
    const { show, headers } = await fan();
    const hang = await featuredHang(headers, show.channel_id);
    await t.db.updateTable('hangs').set({ active: false }).where('id', '=', hang.id).execute();
    // Hangs are cached per node for a few seconds; another node or a new app reads the change at once.
    const peer = await t.peer();
    const res = await peer.inject({
      method: 'PUT',
      url: '/thor/hangs/join_hang/',
      headers,
      payload: { hang_id: hang.id, session_id: 'new' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'NOT_ACTIVE' });
  });

  it('401 without a token', async () => {
    expect((await join({}, { hang_id: 1, session_id: 'new' })).statusCode).toBe(401);
  });

  it('5xx INTERNAL_SERVER_ERROR when the server fails, its details hidden', async () => {
    const { show, headers } = await fan();
    const hang = await featuredHang(headers, show.channel_id);
    // The recent tosses cannot be read while their table is away.
    await sql`alter table tosses rename to tosses_away`.execute(t.db);
    try {
      const res = await join(headers, { hang_id: hang.id, session_id: 'new' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        code: 'INTERNAL_SERVER_ERROR',
        message: 'Something went wrong on our side. Please try again.',
      });
    } finally {
      await sql`alter table tosses_away rename to tosses`.execute(t.db);
    }
  });
});

describe('leave_hang and hang_status', () => {
  it('leave 200 (again 200), and the fan no longer counts; 400 bad body; 404 HANG_NOT_EXISTS', async () => {
    const a = await fan();
    const b = await fan(a.show.id);
    const hang = await featuredHang(a.headers, a.show.channel_id);
    const ja = Hang.parse((await join(a.headers, { hang_id: hang.id, session_id: 'new' })).json());
    await join(b.headers, { hang_id: hang.id, session_id: 'new' });
    const status = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/thor/hangs/hang_status/?hang_id=${hang.id}&channel_id=${a.show.channel_id}&session_id=${ja.session_id}`,
        headers: b.headers,
      });
      expect(res.statusCode).toBe(200);
      return HangStatusResponse.parse(res.json());
    };
    expect(await status()).toMatchObject({ hang_id: hang.id, number_active: 2, chat_enabled: true });

    const leave = (headers: Record<string, string>, payload: object) =>
      t.app.inject({ method: 'PUT', url: '/thor/hangs/leave_hang', headers, payload });
    const left = await leave(a.headers, { hang_id: hang.id, session_id: ja.session_id });
    expect(left.statusCode).toBe(200);
    expect(left.json()).toEqual({ hang_id: hang.id, session_id: ja.session_id, left: true });
    expect((await leave(a.headers, { hang_id: hang.id, session_id: ja.session_id })).statusCode).toBe(200);
    expect((await status()).number_active).toBe(1);

    expect((await leave(a.headers, { hang_id: hang.id })).statusCode).toBe(400);
    const other = await leave(b.headers, { hang_id: hang.id, session_id: ja.session_id });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ code: 'HANG_NOT_EXISTS' });
    const noHang = await leave(a.headers, { hang_id: 99999999, session_id: ja.session_id });
    expect(noHang.json()).toMatchObject({ code: 'HANG_NOT_EXISTS' });
  });

  it('hang_status: 400 without hang_id, 404 HANG_NOT_EXISTS for an unknown hang', async () => {
    const { headers } = await fan();
    const bad = await t.app.inject({ method: 'GET', url: '/thor/hangs/hang_status/', headers });
    expect(bad.statusCode).toBe(400);
    const missing = await t.app.inject({
      method: 'GET',
      url: '/thor/hangs/hang_status/?hang_id=99999999',
      headers,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'HANG_NOT_EXISTS' });
  });
});

describe('GET /thor/chats/monikers/', () => {
  it('lists the monikers, verified first among them', async () => {
    const { headers, user } = await fan();
    await t.db.insertInto('user_monikers').values({ user_id: user.id, moniker: 'artist' }).execute();
    const res = await t.app.inject({ method: 'GET', url: '/thor/chats/monikers/', headers });
    expect(res.statusCode).toBe(200);
    const { monikers } = MonikersResponse.parse(res.json());
    expect(monikers.map((m) => m.value)).toEqual(expect.arrayContaining(['verified', 'artist']));
    expect(monikers.find((m) => m.value === 'verified')?.display_name).toBe('Verified');
  });
});
