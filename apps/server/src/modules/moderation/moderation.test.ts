import {
  AuditPage,
  ChatPolicy,
  ModeratedShows,
  ModerationFeed,
  QueueResponse,
  type ServerFrame,
  showChannel,
  TossResponse,
  userChannel,
} from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createShow, createUser, login, showEntity } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import {
  chattingFan,
  follow,
  hangOf,
  hostAndModerator,
  rejoin,
  sendToss,
} from '../../../test/moderation-fixtures.ts';
import { isEvent } from '../../../test/realtime-client.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ REALTIME_TICK_MS: '10', CHAT_USER_BUDGET: '100' });
});
afterAll(async () => {
  await t?.close();
});

async function setup() {
  const show = await createShow(t.db, { startIn: 10 });
  const staff = await hostAndModerator(t.app, t.db, show.slug);
  const m = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    rest: string,
    payload?: object,
    headers: Record<string, string> = staff.modHeaders,
  ) =>
    t.app.inject({
      method,
      url: `/thor/host/shows/${show.slug}/moderation/${rest}`,
      headers,
      ...(payload ? { payload } : {}),
    });
  return { show, ...staff, m };
}

const tossTexts = (frames: ServerFrame[]) =>
  frames.flatMap((f) => (f.type === 'event' && f.event.kind === 'toss' ? [f.event.toss.toss_text] : []));

describe('the moderator role', () => {
  it('a host appoints a moderator by username; the moderator moderates that show only', async () => {
    const { show, hostHeaders, modUser, modHeaders, m } = await setup();
    const list = await t.app.inject({
      method: 'GET',
      url: `/thor/host/shows/${show.slug}/moderators`,
      headers: hostHeaders,
    });
    expect(list.json().moderators.map((x: { username: string }) => x.username)).toEqual([modUser.username]);
    expect((await m('GET', 'feed')).statusCode).toBe(200);
    const mine = await t.app.inject({ method: 'GET', url: '/thor/mod/shows', headers: modHeaders });
    expect(ModeratedShows.parse(mine.json()).shows).toEqual([
      { slug: show.slug, event_name: show.event_name, role: 'moderator' },
    ]);
    const other = await createShow(t.db, { startIn: 10 });
    const elsewhere = await t.app.inject({
      method: 'GET',
      url: `/thor/host/shows/${other.slug}/moderation/feed`,
      headers: modHeaders,
    });
    expect(elsewhere.statusCode).toBe(403);
  });

  it('refuses fans on moderation calls, and moderators on host-only calls (shows, codes, alerts, moderators)', async () => {
    const { show, modHeaders, m } = await setup();
    const fan = await chattingFan(t.app, t.db, show);
    for (const [method, rest] of [
      ['GET', 'feed'],
      ['GET', 'queue'],
      ['GET', 'audit'],
      ['PUT', 'policy'],
    ] as const) {
      const res = await m(method, rest, method === 'PUT' ? { slow_mode_seconds: 5 } : undefined, fan.headers);
      expect(res.statusCode, `${method} ${rest}`).toBe(403);
    }
    const hostOnly = [
      { method: 'PUT', url: `/thor/host/shows/${show.slug}`, payload: { ...showEntity(), version: 1 } },
      { method: 'POST', url: '/thor/host/shows', payload: showEntity() },
      {
        method: 'POST',
        url: `/thor/host/shows/${show.slug}/alerts`,
        payload: { type: 'chat', display_code: 0 },
      },
      {
        method: 'POST',
        url: `/thor/host/shows/${show.slug}/moderators`,
        payload: { username: fan.user.username },
      },
      { method: 'GET', url: `/thor/host/shows/${show.slug}/moderators` },
    ] as const;
    for (const call of hostOnly) {
      for (const headers of [modHeaders, fan.headers]) {
        const res = await t.app.inject({ ...call, headers });
        expect(res.statusCode, `${call.method} ${call.url}`).toBe(403);
      }
    }
    const codes = await t.app.inject({
      method: 'POST',
      url: `/thor/host/shows/${show.slug}/ticket-codes`,
      headers: { ...modHeaders, 'content-type': 'text/csv' },
      payload: 'code,email,vendor,attributes\n',
    });
    expect(codes.statusCode).toBe(403);
    expect((await m('GET', 'feed', undefined, {})).statusCode).toBe(401);
  });

  it('a moderator reads every hang of the show without a ticket; a dismissed one no longer can', async () => {
    const { show, hostHeaders, modUser, modKey, m } = await setup();
    const fan = await chattingFan(t.app, t.db, show);
    const feed = ModerationFeed.parse((await m('GET', 'feed')).json());
    expect(feed.hangs.map((h) => h.id)).toEqual([fan.hang.id]);
    const socket = await follow(t.app, modKey, [hangOf(fan)]);
    await sendToss(t.app, fan, 'hello mods');
    await socket.waitFor((f) => tossTexts([f]).includes('hello mods'));
    await socket.close();
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/thor/host/shows/${show.slug}/moderators/${modUser.username}`,
      headers: hostHeaders,
    });
    expect(gone.statusCode).toBe(200);
    expect((await m('GET', 'feed')).statusCode).toBe(403);
  });
});

describe('delete a message for everyone', () => {
  it('removes it from every screen and from the history a later join returns', async () => {
    const { show, m } = await setup();
    const a = await chattingFan(t.app, t.db, show);
    const b = await chattingFan(t.app, t.db, show);
    const socket = await follow(t.app, b.key, [hangOf(a)]);
    const sent = TossResponse.parse((await sendToss(t.app, a, 'delete me')).json());
    await sendToss(t.app, a, 'keep me');
    const del = await m('DELETE', `tosses/${sent.toss.toss_id}`);
    expect(del.json()).toEqual({ toss_id: sent.toss.toss_id, deleted: true });
    await socket.waitFor(isEvent('toss_deleted', (e) => e.toss_id === sent.toss.toss_id));
    await socket.close();
    const history = (await rejoin(t.app, b)).tosses.map((x) => x.toss_text);
    expect(history).toEqual(['keep me']);
    const feed = ModerationFeed.parse((await m('GET', 'feed')).json());
    expect(feed.tosses.map((x) => x.toss_text)).toEqual(['keep me']);
    expect((await m('DELETE', `tosses/${sent.toss.toss_id}`)).statusCode).toBe(404);
    const other = await createShow(t.db, { startIn: 10 });
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/thor/host/shows/${other.slug}/moderation/tosses/${sent.toss.toss_id}`,
      headers: auth(await login(t.app, (await createUser(t.db, { role: 'host' })).email)),
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('timeouts and bans', () => {
  it('a timed-out fan is held (chat_disabled) and others see nothing; the fan is told and a reload keeps it', async () => {
    const { show, modUser, m } = await setup();
    const fan = await chattingFan(t.app, t.db, show);
    const other = await chattingFan(t.app, t.db, show);
    const watcher = await follow(t.app, other.key, [hangOf(fan)]);
    const own = await follow(t.app, fan.key, [userChannel(fan.user.id)]);
    const res = await m('POST', 'restrictions', {
      username: fan.user.username,
      kind: 'timeout',
      duration_seconds: 300,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ username: fan.user.username, kind: 'timeout' });
    await own.waitFor(
      isEvent('chat_restriction', (e) => (e.restriction as { kind?: string } | null)?.kind === 'timeout'),
    );

    const held = TossResponse.parse((await sendToss(t.app, fan, 'can anyone hear me')).json());
    expect(held).toMatchObject({
      delivered: false,
      reason: 'chat_disabled',
      restriction: { kind: 'timeout' },
    });
    // An instant with its zone (issue 25): the fan's page shows it in the fan's zone, KST beside it.
    expect(held.restriction?.until).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
    const until = Date.parse(held.restriction?.until ?? '');
    expect(until - Date.now()).toBeGreaterThan(290_000);
    await sendToss(t.app, other, 'after');
    await watcher.waitFor((f) => tossTexts([f]).includes('after'));
    expect(tossTexts(watcher.frames)).toEqual(['after']);
    expect((await rejoin(t.app, fan)).chat_restriction).toMatchObject({ kind: 'timeout' });

    const lifted = await m('DELETE', `restrictions/${fan.user.username}`);
    expect(lifted.statusCode).toBe(200);
    await own.waitFor(isEvent('chat_restriction', (e) => e.restriction === null));
    expect(TossResponse.parse((await sendToss(t.app, fan, 'back')).json()).delivered).toBe(true);
    await watcher.close();
    await own.close();
    expect(modUser.username).toBeTruthy();
  });

  it('a timeout ends by itself; a ban lasts across a restart (a new node) and covers every hang', async () => {
    const { show, m } = await setup();
    const fan = await chattingFan(t.app, t.db, show);
    await m('POST', 'restrictions', { username: fan.user.username, kind: 'timeout', duration_seconds: 3600 });
    expect(TossResponse.parse((await sendToss(t.app, fan, 'x')).json()).delivered).toBe(false);
    // Its end comes: the server stops holding within the cache's second.
    await t.db
      .updateTable('chat_restrictions')
      .set({ until: new Date(Date.now() - 1000) })
      .where('user_id', '=', fan.user.id)
      .execute();
    let delivered = false;
    for (let i = 0; i < 50 && !delivered; i++) {
      delivered = TossResponse.parse((await sendToss(t.app, fan, `try ${i}`)).json()).delivered;
      if (!delivered) await new Promise((r) => setTimeout(r, 100));
    }
    expect(delivered).toBe(true);

    await m('POST', 'restrictions', { username: fan.user.username, kind: 'ban' });
    const restarted = await t.peer();
    const res = await sendToss(restarted, fan, 'banned?');
    expect(TossResponse.parse(res.json())).toMatchObject({
      delivered: false,
      restriction: { kind: 'ban', until: null },
    });
    const list = (await m('GET', 'restrictions')).json().restrictions;
    expect(list).toMatchObject([{ username: fan.user.username, kind: 'ban', until: null }]);
  });

  it('refuses bad restrictions with 400 and unknown fans with 404', async () => {
    const { m, modUser } = await setup();
    const fan = await createUser(t.db);
    expect((await m('POST', 'restrictions', { username: fan.username, kind: 'timeout' })).statusCode).toBe(
      400,
    );
    expect(
      (await m('POST', 'restrictions', { username: fan.username, kind: 'timeout', duration_seconds: 60 }))
        .statusCode,
    ).toBe(400);
    expect((await m('POST', 'restrictions', { username: fan.username, kind: 'mute' })).statusCode).toBe(400);
    expect((await m('POST', 'restrictions', { username: 'nobody-at-all', kind: 'ban' })).statusCode).toBe(
      404,
    );
    expect((await m('POST', 'restrictions', { username: modUser.username, kind: 'ban' })).statusCode).toBe(
      400,
    );
    const host = await createUser(t.db, { role: 'host' });
    expect((await m('POST', 'restrictions', { username: host.username, kind: 'ban' })).statusCode).toBe(400);
  });

  it("the host's per-fan chat off silences that fan for others, survives a reload, and chat on lifts it", async () => {
    const { show, hostHeaders } = await setup();
    const fan = await chattingFan(t.app, t.db, show);
    const alert = (display_code: number) =>
      t.app.inject({
        method: 'POST',
        url: `/thor/host/shows/${show.slug}/alerts`,
        headers: hostHeaders,
        payload: { type: 'chat', display_code, f: fan.user.username },
      });
    expect((await alert(0)).statusCode).toBe(202);
    expect(TossResponse.parse((await sendToss(t.app, fan, 'hello?')).json())).toMatchObject({
      delivered: false,
      reason: 'chat_disabled',
      restriction: { kind: 'chat_off', until: null },
    });
    expect((await rejoin(t.app, fan)).chat_restriction).toEqual({ kind: 'chat_off', until: null });
    expect((await alert(1)).statusCode).toBe(202);
    expect(TossResponse.parse((await sendToss(t.app, fan, 'hello!')).json()).delivered).toBe(true);
    expect((await rejoin(t.app, fan)).chat_restriction).toBeNull();
  });
});

describe('slow mode, blocked terms, the queue and reports', () => {
  it('slow mode allows one message per N seconds per fan, shown to fans on join and on the show channel', async () => {
    const { show, m } = await setup();
    const a = await chattingFan(t.app, t.db, show);
    const b = await chattingFan(t.app, t.db, show);
    const socket = await follow(t.app, a.key, [showChannel(show.slug)]);
    const res = await m('PUT', 'policy', { slow_mode_seconds: 30 });
    expect(ChatPolicy.parse(res.json())).toEqual({ slow_mode_seconds: 30, blocked_terms: [] });
    await socket.waitFor(isEvent('chat_policy', (e) => e.slow_mode_seconds === 30));
    await socket.close();
    expect((await sendToss(t.app, a, 'one')).statusCode).toBe(200);
    const second = await sendToss(t.app, a, 'two');
    expect(second.statusCode).toBe(429);
    expect(second.json().code).toBe('SLOW_MODE');
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(0);
    expect((await sendToss(t.app, b, 'mine')).statusCode).toBe(200);
    expect((await rejoin(t.app, a)).slow_mode_seconds).toBe(30);
    await m('PUT', 'policy', { slow_mode_seconds: 0 });
    expect((await sendToss(t.app, a, 'three')).statusCode).toBe(200);
    expect((await m('PUT', 'policy', { slow_mode_seconds: 99_999 })).statusCode).toBe(400);
    expect((await m('PUT', 'policy', {})).statusCode).toBe(400);
  });

  it('blocked terms hold whole words like the global filter; a held message is approved into the room or discarded', async () => {
    const { show, m } = await setup();
    const a = await chattingFan(t.app, t.db, show);
    const b = await chattingFan(t.app, t.db, show);
    expect((await m('PUT', 'policy', { blocked_terms: ['two words'] })).statusCode).toBe(400);
    const set = await m('PUT', 'policy', { blocked_terms: ['Spoiler', ' setlist '] });
    expect(ChatPolicy.parse(set.json()).blocked_terms).toEqual(['setlist', 'spoiler']);
    const held = TossResponse.parse((await sendToss(t.app, a, 'big SPOILER ahead')).json());
    expect(held).toMatchObject({ delivered: false, reason: 'profanity' });
    expect(TossResponse.parse((await sendToss(t.app, a, 'no spoilers please')).json()).delivered).toBe(true);
    const other = TossResponse.parse((await sendToss(t.app, a, 'the setlist is out')).json());
    const queue = QueueResponse.parse((await m('GET', 'queue')).json());
    expect(queue.items.map((i) => [i.toss.toss_text, i.held_reason])).toEqual([
      ['big SPOILER ahead', 'blocked_term'],
      ['the setlist is out', 'blocked_term'],
    ]);
    const socket = await follow(t.app, b.key, [hangOf(a)]);
    expect((await m('POST', `queue/${held.toss.toss_id}/approve`)).json()).toEqual({
      toss_id: held.toss.toss_id,
      outcome: 'approved',
    });
    await socket.waitFor((f) => tossTexts([f]).includes('big SPOILER ahead'));
    await socket.close();
    expect((await m('POST', `queue/${other.toss.toss_id}/discard`)).statusCode).toBe(200);
    expect(QueueResponse.parse((await m('GET', 'queue')).json()).items).toEqual([]);
    const history = (await rejoin(t.app, b)).tosses.map((x) => x.toss_text);
    expect(history).toContain('big SPOILER ahead');
    expect(history).not.toContain('the setlist is out');
  });

  it("fans' reports land in the queue; discarding a reported message deletes it for everyone", async () => {
    const { show, m } = await setup();
    const a = await chattingFan(t.app, t.db, show);
    const b = await chattingFan(t.app, t.db, show);
    const sent = TossResponse.parse((await sendToss(t.app, a, 'rude thing')).json());
    const report = (headers: Record<string, string>, tossId = sent.toss.toss_id) =>
      t.app.inject({ method: 'POST', url: `/thor/hangs/${a.hang.id}/tosses/${tossId}/report`, headers });
    expect((await report(b.headers)).statusCode).toBe(202);
    expect((await report(b.headers)).statusCode).toBe(202);
    const stranger = await createUser(t.db);
    expect((await report(auth(await login(t.app, stranger.email)))).statusCode).toBe(403);
    expect((await report(b.headers, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const queue = QueueResponse.parse((await m('GET', 'queue')).json());
    expect(queue.items).toMatchObject([{ toss: { toss_text: 'rude thing' }, held_reason: null, reports: 1 }]);
    const socket = await follow(t.app, b.key, [hangOf(a)]);
    expect((await m('POST', `queue/${sent.toss.toss_id}/discard`)).statusCode).toBe(200);
    await socket.waitFor(isEvent('toss_deleted', (e) => e.toss_id === sent.toss.toss_id));
    await socket.close();
    expect(QueueResponse.parse((await m('GET', 'queue')).json()).items).toEqual([]);
    // A fan cannot flood the queue: 20 reports a minute.
    const kept = TossResponse.parse((await sendToss(t.app, a, 'fine words')).json());
    const codes = [];
    for (let i = 0; i < 20; i++) codes.push((await report(b.headers, kept.toss.toss_id)).statusCode);
    expect(codes.filter((c) => c === 429)).toHaveLength(2);
  });
});

describe('the audit log', () => {
  it('lists every host and moderator action, newest first, in pages', async () => {
    const { show, hostHeaders, modUser, host, m } = await setup();
    const fan = await chattingFan(t.app, t.db, show);
    const sent = TossResponse.parse((await sendToss(t.app, fan, 'bye')).json());
    await m('DELETE', `tosses/${sent.toss.toss_id}`);
    await m('POST', 'restrictions', { username: fan.user.username, kind: 'timeout', duration_seconds: 300 });
    await m('PUT', 'policy', { slow_mode_seconds: 10 });
    await t.app.inject({
      method: 'POST',
      url: `/thor/host/shows/${show.slug}/alerts`,
      headers: hostHeaders,
      payload: { type: 'ud', msg: 'Encore!', placement: 'center' },
    });
    const first = AuditPage.parse((await m('GET', 'audit?limit=3')).json());
    // Instants with their zone (issue 25), like every time the server sends.
    for (const e of first.entries) expect(e.at).toMatch(/Z$/);
    expect(first.entries.map((e) => [e.actor, e.actor_role, e.action, e.target])).toEqual([
      [host.username, 'host', 'alert.ud', null],
      [modUser.username, 'moderator', 'policy.slow_mode', null],
      [modUser.username, 'moderator', 'fan.timeout', fan.user.username],
    ]);
    expect(first.next_before).not.toBeNull();
    const second = AuditPage.parse((await m('GET', `audit?limit=3&before=${first.next_before}`)).json());
    expect(second.entries.map((e) => e.action)).toEqual(['toss.delete', 'moderator.appoint']);
    expect(second.next_before).toBeNull();
    expect((await m('GET', 'audit?before=abc')).statusCode).toBe(400);
  });
});
