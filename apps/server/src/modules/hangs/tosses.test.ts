import { randomUUID } from 'node:crypto';
import { hangChannel, type ServerFrame, showChannel, TossResponse } from '@encore/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createShow, createUser, joinedFan, login } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { connectAs, isEvent, realtimeUrl } from '../../../test/realtime-client.ts';
import { chatBlocklistSize, hasBannedChatWord } from '../../platform/profanity.ts';
import { seedDemoStickers } from '../../seed/demo-stickers.ts';

let t: TestContext;
let url: string;
beforeAll(async () => {
  t = await createTestContext({ REALTIME_TICK_MS: '10', CHAT_USER_BUDGET: '5', CHAT_HANG_BUDGET: '12' });
  url = await realtimeUrl(t.app);
  await seedDemoStickers(t.db, new Date());
});
afterAll(async () => {
  await t?.close();
});

type Fan = Awaited<ReturnType<typeof fanIn>>;

/** A fan with a ticket who joined the show's chat. */
async function fanIn(showId?: number, app: FastifyInstance = t.app) {
  const show = showId
    ? await t.db.selectFrom('shows').selectAll().where('id', '=', showId).executeTakeFirstOrThrow()
    : await createShow(t.db, { startIn: 10 });
  return { ...(await joinedFan(app, t.db, show)), show };
}

function toss(f: Fan, body: Record<string, unknown> = {}, app: FastifyInstance = t.app) {
  return app.inject({
    method: 'POST',
    url: `/thor/hangs/${f.hang.id}/${f.hang.session_id}/toss/`,
    headers: f.headers,
    payload: {
      hang_id: f.hang.id,
      toss_type: 'chat',
      toss_id: randomUUID(),
      toss_text: 'hello',
      toss_data: null,
      paid_event_name: f.show.paid_event_name,
      ...body,
    },
  });
}

const tossText = (f: ServerFrame) =>
  f.type === 'event' && f.event.kind === 'toss' ? f.event.toss.toss_text : null;

async function subscribed(f: Fan, channel = hangChannel(f.hang.pubnubForHang)) {
  const { socket } = await connectAs(url, f.key);
  socket.send({ type: 'subscribe', channels: [{ channel }] });
  // A ping answered means the subscribe before it was handled (frames are handled in order).
  socket.send({ type: 'ping' });
  await socket.waitFor((x) => x.type === 'pong');
  return socket;
}

describe('POST /thor/hangs/{hangId}/{sessionId}/toss/', () => {
  it('stamps, stores and delivers a toss to every fan of the hang; a later join gets it back', async () => {
    const a = await fanIn();
    const b = await fanIn(a.show.id);
    const socket = await subscribed(b);
    const id = randomUUID();
    const res = await toss(a, { toss_id: id, toss_text: '  see you at the encore  ' });
    expect(res.statusCode).toBe(200);
    const body = TossResponse.parse(res.json());
    expect(body).toMatchObject({
      delivered: true,
      toss: {
        toss_id: id,
        toss_type: 'chat',
        toss_text: 'see you at the encore',
        toss_data: null,
        sender: { id: a.user.id, username: a.user.username, chat_monikers: [] },
      },
    });
    const frame = await socket.waitFor(
      isEvent('toss', (e) => (e.toss as { toss_id: string }).toss_id === id),
    );
    expect(frame).toMatchObject({ channel: hangChannel(a.hang.pubnubForHang), event: { toss: body.toss } });
    const later = await fanIn(a.show.id);
    expect(later.hang.tosses.map((x) => x.toss_id)).toContain(id);
    await socket.close();
  });

  it('holds a toss with a banned word (whole words, any case, any language, reserved words): answered, never delivered', async () => {
    const a = await fanIn();
    const b = await fanIn(a.show.id);
    const socket = await subscribed(b);
    for (const text of ['you are a FUCKING star', 'i am the admin here', '바보 ㅅㅂ 씨발', 'Operator']) {
      const body = TossResponse.parse((await toss(a, { toss_text: text })).json());
      expect(body).toMatchObject({ delivered: false, reason: 'profanity', toss: { toss_text: text } });
    }
    // Only whole words count: "classic" contains a listed word and passes; so do the ordinary lines
    // a cross-language substring list held (issue 14).
    const c = await fanIn(a.show.id); // a's budget (5 per 10 s here) goes on the held ones
    for (const text of [
      'biggest fan here',
      'the fan wall is amazing',
      'mama mia',
      'I am crying this is so beautiful',
    ]) {
      expect(TossResponse.parse((await toss(c, { toss_text: text })).json()).delivered, text).toBe(true);
      await socket.waitFor((f) => tossText(f) === text);
    }
    const ok = TossResponse.parse((await toss(a, { toss_text: 'a classic assassination song' })).json());
    expect(ok.delivered).toBe(true);
    await socket.waitFor((f) => tossText(f) === 'a classic assassination song');
    const texts = socket.frames.map(tossText).filter(Boolean);
    expect(texts).toEqual([
      'biggest fan here',
      'the fan wall is amazing',
      'mama mia',
      'I am crying this is so beautiful',
      'a classic assassination song',
    ]);
    const held = await t.db
      .selectFrom('tosses')
      .select('held_reason')
      .where('user_id', '=', a.user.id)
      .execute();
    expect(held.filter((r) => r.held_reason === 'profanity')).toHaveLength(4);
    await socket.close();
  });

  it('the lists are per language plus reserved words, matched per word (chat-filter.test.ts measures them)', () => {
    expect(chatBlocklistSize()).toBeGreaterThan(1000);
    expect(hasBannedChatWord('hello ADMIN')).toBe(true);
    expect(hasBannedChatWord('administration team')).toBe(false);
    expect(hasBannedChatWord('fuck')).toBe(true);
    expect(hasBannedChatWord('biggest fan here')).toBe(false);
  });

  it('a chat toss with toss_data {}, null or none is accepted (tossData is optional, viewing section 4)', async () => {
    const a = await fanIn();
    for (const extra of [{ toss_data: {} }, { toss_data: null }, { toss_data: undefined }]) {
      const res = await toss(a, { toss_text: 'see you at the encore', ...extra });
      expect(res.statusCode, JSON.stringify(extra)).toBe(200);
      expect(TossResponse.parse(res.json())).toMatchObject({ delivered: true, toss: { toss_data: null } });
    }
    // A sticker toss still needs its sticker.
    const sticker = await toss(a, { toss_type: 'sticker', toss_text: '', toss_data: {} });
    expect(sticker.statusCode).toBe(400);
  });

  it("500 OVER_CAPACITY once the fan spent their budget (5 per 10 s here), saying it is the fan's own limit", async () => {
    const a = await fanIn();
    for (let i = 0; i < 5; i++) expect((await toss(a, { toss_text: `msg ${i}` })).statusCode).toBe(200);
    const res = await toss(a, { toss_text: 'one too many' });
    expect(res.statusCode).toBe(500);
    // Issue 26: not the room's fault; the client tells the fan it is their own sending limit.
    expect(res.json()).toMatchObject({ code: 'OVER_CAPACITY', capacity: 'sender' });
    expect(res.json().message).toContain('too quickly');
  });

  it("500 OVER_CAPACITY once the hang's budget per second is spent (12 here), whoever sends", async () => {
    const fans: Fan[] = [await fanIn()];
    for (let i = 0; i < 3; i++) fans.push(await fanIn(fans[0]?.show.id));
    const answers = await Promise.all(
      fans.flatMap((f) => [0, 1, 2, 3].map((i) => toss(f, { toss_text: `burst ${i}` }))),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(12);
    expect(codes.filter((c) => c === 500)).toHaveLength(4);
    for (const r of answers.filter((a) => a.statusCode === 500)) {
      expect(r.json()).toMatchObject({ code: 'OVER_CAPACITY', capacity: 'room' });
    }
  });

  it('stores many concurrent tosses (written in batches) and delivers each once, in sequence order', async () => {
    const fans: Fan[] = [await fanIn()];
    for (let i = 0; i < 2; i++) fans.push(await fanIn(fans[0]?.show.id));
    const listener = await fanIn(fans[0]?.show.id);
    const socket = await subscribed(listener);
    const results = await Promise.all(
      fans.flatMap((f) => [0, 1, 2, 3].map((i) => toss(f, { toss_text: `wave ${i}` }))),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const ids = results.map((r) => TossResponse.parse(r.json()).toss.toss_id);
    const stored = await t.db.selectFrom('tosses').select('id').where('id', 'in', ids).execute();
    expect(stored).toHaveLength(12);
    await socket.waitFor(() => socket.frames.filter((f) => tossText(f)?.startsWith('wave')).length === 12);
    const seqs = socket.frames.flatMap((f) => (f.type === 'event' && f.event.kind === 'toss' ? [f.seq] : []));
    expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
    expect(new Set(seqs).size).toBe(seqs.length);
    await socket.close();
  });

  it('a sticker toss only for a sticker the fan owns; receivers get its image', async () => {
    const a = await fanIn();
    const b = await fanIn(a.show.id);
    await t.db
      .insertInto('orders')
      .values({
        sub_order_id: `t-${a.user.id}`,
        order_id: `t-${a.user.id}`,
        user_id: a.user.id,
        item_id: 'pack-encore-starter',
        status: 'fulfilled',
        total_charges: 0,
        currency: 'USD',
      })
      .execute();
    const socket = await subscribed(b);
    const sent = await toss(a, {
      toss_type: 'sticker',
      toss_text: '',
      toss_data: { sticker_id: 'stk-heart' },
    });
    expect(sent.statusCode).toBe(200);
    const body = TossResponse.parse(sent.json());
    expect(body.toss.toss_data).toEqual({
      sticker_id: 'stk-heart',
      display_image: '/thor/pg/sticker-images/heart.svg',
    });
    await socket.waitFor(isEvent('toss', (e) => (e.toss as { toss_type: string }).toss_type === 'sticker'));
    // In the paid pack, not owned; and b owns nothing.
    const notOwned = await toss(a, {
      toss_type: 'sticker',
      toss_text: '',
      toss_data: { sticker_id: 'stk-crown' },
    });
    expect(notOwned.statusCode).toBe(403);
    expect(notOwned.json()).toMatchObject({ code: 'STICKER_NOT_OWNED' });
    expect(
      (await toss(b, { toss_type: 'sticker', toss_text: '', toss_data: { sticker_id: 'stk-heart' } }))
        .statusCode,
    ).toBe(403);
    await socket.close();
  });

  it('400 for a bad body (empty text, no sticker, wrong hang or show); 412 without a session of the hang; 401', async () => {
    const a = await fanIn();
    for (const body of [
      { toss_text: '   ' },
      { toss_type: 'sticker', toss_text: '' },
      { toss_id: 'not-a-uuid' },
      { hang_id: a.hang.id + 1 },
      { paid_event_name: 'OTHER_SHOW' },
      { toss_text: 'x'.repeat(501) },
    ]) {
      const res = await toss(a, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const b = await fanIn(a.show.id);
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/thor/hangs/${a.hang.id}/${a.hang.session_id}/toss/`,
      headers: b.headers,
      payload: {
        hang_id: a.hang.id,
        toss_type: 'chat',
        toss_id: randomUUID(),
        toss_text: 'hi',
        paid_event_name: a.show.paid_event_name,
      },
    });
    expect(foreign.statusCode).toBe(412);
    expect((await toss({ ...a, headers: {} } as unknown as Fan)).statusCode).toBe(401);
  });

  it("any other failure is 503 'chat send error', never a 500 (which the client reads as OVER_CAPACITY)", async () => {
    const a = await fanIn();
    await sql`alter table tosses rename to tosses_away`.execute(t.db);
    try {
      const res = await toss(a, { toss_text: 'lost in the void' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ code: 'CHAT_SEND_ERROR', message: 'chat send error' });
    } finally {
      await sql`alter table tosses_away rename to tosses`.execute(t.db);
    }
  });

  it('while the host has chat off, tosses are answered but held; back on, they are delivered', async () => {
    const a = await fanIn();
    const host = await createUser(t.db, { role: 'host' });
    const hostHeaders = auth(await login(t.app, host.email));
    const alert = (display_code: number) =>
      t.app.inject({
        method: 'POST',
        url: `/thor/host/shows/${a.show.slug}/alerts`,
        headers: hostHeaders,
        payload: { type: 'chat', display_code },
      });
    expect((await alert(0)).statusCode).toBe(202);
    expect(TossResponse.parse((await toss(a, { toss_text: 'anyone there' })).json())).toMatchObject({
      delivered: false,
      reason: 'chat_disabled',
    });
    expect((await alert(1)).statusCode).toBe(202);
    expect(TossResponse.parse((await toss(a, { toss_text: 'back again' })).json()).delivered).toBe(true);
  });
});

describe('realtime channels of the chat', () => {
  it('refuses hang and show channels to a fan without a ticket for the show; hosts may follow them', async () => {
    const a = await fanIn();
    const stranger = await createUser(t.db);
    const { socket } = await connectAs(url, await login(t.app, stranger.email));
    socket.send({
      type: 'subscribe',
      channels: [{ channel: hangChannel(a.hang.pubnubForHang) }, { channel: showChannel(a.show.slug) }],
    });
    await socket.waitFor(() => socket.frames.filter((f) => f.type === 'error').length === 2);
    expect(socket.frames.filter((f) => f.type === 'error').map((f) => f.type === 'error' && f.code)).toEqual([
      'FORBIDDEN',
      'FORBIDDEN',
    ]);
    await socket.close();

    const host = await createUser(t.db, { role: 'host' });
    const hostSocket = (await connectAs(url, await login(t.app, host.email))).socket;
    hostSocket.send({ type: 'subscribe', channels: [{ channel: hangChannel(a.hang.pubnubForHang) }] });
    hostSocket.send({ type: 'ping' });
    await hostSocket.waitFor((f) => f.type === 'pong');
    await toss(a, { toss_text: 'the host can read this' });
    await hostSocket.waitFor((f) => tossText(f) === 'the host can read this');
    expect(hostSocket.frames.some((f) => f.type === 'error')).toBe(false);
    await hostSocket.close();
  });

  it('a fan who reconnects with last_seq gets every toss sent meanwhile, in order, none twice', async () => {
    const a = await fanIn();
    const b = await fanIn(a.show.id);
    const channel = hangChannel(a.hang.pubnubForHang);
    const first = await subscribed(b);
    await toss(a, { toss_text: 'before 1' });
    await toss(a, { toss_text: 'before 2' });
    const seen = await first.waitFor((f) => tossText(f) === 'before 2');
    const lastSeq = seen.type === 'event' ? seen.seq : 0;
    await first.close();
    await toss(a, { toss_text: 'during 1' });
    await toss(a, { toss_text: 'during 2' });

    const { socket } = await connectAs(url, b.key);
    socket.send({ type: 'subscribe', channels: [{ channel, last_seq: lastSeq }] });
    await socket.waitFor((f) => tossText(f) === 'during 2');
    await toss(a, { toss_text: 'after' });
    await socket.waitFor((f) => tossText(f) === 'after');
    expect(socket.frames.map(tossText).filter(Boolean)).toEqual(['during 1', 'during 2', 'after']);
    await socket.close();
  });

  it('number_active changes reach the hang channel', async () => {
    const a = await fanIn();
    const socket = await subscribed(a);
    await fanIn(a.show.id);
    await socket.waitFor(isEvent('presence', (e) => e.number_active === 2 && e.hang_id === a.hang.id));
    await socket.close();
  });
});
