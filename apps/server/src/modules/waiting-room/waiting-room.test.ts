import { InQueueBody, QueueStatus, type WaitingRoomSettings, WaitingRoomState } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createShow, createTicket, createUser, login } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';

/**
 * The waiting room through the HTTP app (issue 28): a fan over the admission rate gets a signed place
 * (429 IN_QUEUE), polls it without logging in, and enters with it once admitted; forged, altered and
 * borrowed places are refused; a fan inside is never queued again.
 */
let t: TestContext;
let hostHeaders: Record<string, string>;
beforeAll(async () => {
  t = await createTestContext();
  const host = await createUser(t.db, { role: 'host' });
  hostHeaders = auth(await login(t.app, host.email));
});
afterAll(async () => {
  await t?.close();
});

const SETTINGS: WaitingRoomSettings = {
  rate_per_second: 1,
  max_active: 1000,
  policy: 'arrival',
  paused: false,
  prequeue_minutes: 30,
};

async function showWithRoom(settings: Partial<WaitingRoomSettings> = {}) {
  const show = await createShow(t.db, { startIn: 10 });
  const res = await t.app.inject({
    method: 'PUT',
    url: `/thor/host/shows/${show.slug}/waiting-room`,
    headers: hostHeaders,
    payload: { ...SETTINGS, ...settings },
  });
  expect(res.statusCode, res.body).toBe(200);
  return show;
}

async function fanOf(showId: number) {
  const user = await createUser(t.db);
  await createTicket(t.db, { userId: user.id, showId });
  return { user, headers: auth(await login(t.app, user.email)) };
}

const enter = (slug: string, headers: Record<string, string>, queueToken?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/thor/shows/${slug}/enter/`,
    headers,
    payload: queueToken ? { queue_token: queueToken } : {},
  });

const poll = (slug: string, token: string) =>
  t.app.inject({ method: 'GET', url: `/thor/shows/${slug}/queue/?token=${encodeURIComponent(token)}` });

/** Re-signs nothing: swaps the payload's field and keeps the old signature (an altered place). */
function altered(token: string, change: (p: Record<string, unknown>) => void): string {
  const [payload, mac] = token.split('.') as [string, string];
  const p = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
  change(p);
  return `${Buffer.from(JSON.stringify(p)).toString('base64url')}.${mac}`;
}

async function untilAdmitted(slug: string, token: string, timeoutMs = 20_000): Promise<QueueStatus> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const s = QueueStatus.parse((await poll(slug, token)).json());
    if (s.admitted || Date.now() > until) return s;
    await new Promise((r) => setTimeout(r, Math.min(s.poll_after_ms, 200)));
  }
}

describe('the waiting room', () => {
  it('queues fans past the rate, in order, and lets each in with its place', {
    timeout: 40_000,
  }, async () => {
    // Paused: every arrival takes a place, deterministically, whatever the machine's pace.
    const show = await showWithRoom({ rate_per_second: 2, paused: true });
    const fans = [await fanOf(show.id), await fanOf(show.id), await fanOf(show.id)];
    const places = [];
    for (const fan of fans) {
      const res = await enter(show.slug, fan.headers);
      expect(res.statusCode, res.body).toBe(429);
      const body = InQueueBody.parse(res.json());
      expect(body.code).toBe('IN_QUEUE');
      expect(body.queue).toMatchObject({ paused: true, estimated_wait_s: null, admitted: false });
      places.push(body.queue);
    }
    expect(places.map((q) => q.place)).toEqual([1, 2, 3]);
    expect(places[2]?.queue_length).toBe(3);

    const polled = await poll(show.slug, places[2]?.token ?? '');
    expect(polled.statusCode).toBe(200);
    expect(polled.headers['cache-control']).toBe('public, max-age=1');
    expect(QueueStatus.parse(polled.json()).place).toBe(3);
    // Written as the service built it (no zod re-parse on the way out): exactly the contract's shape.
    expect(polled.json()).toStrictEqual(QueueStatus.parse(polled.json()));
    // A reload with the place keeps it: no new place at the end of the line.
    const again = InQueueBody.parse(
      (await enter(show.slug, fans[2]?.headers ?? {}, places[2]?.token)).json(),
    );
    expect(again.queue).toMatchObject({ token: places[2]?.token, place: 3 });

    const resumed = await t.app.inject({
      method: 'PUT',
      url: `/thor/host/shows/${show.slug}/waiting-room`,
      headers: hostHeaders,
      payload: { ...SETTINGS, rate_per_second: 2, paused: false },
    });
    expect(WaitingRoomState.parse(resumed.json())).toMatchObject({ effective_rate: 2, queue_length: 3 });
    const waiting = QueueStatus.parse((await poll(show.slug, places[2]?.token ?? '')).json());
    expect(waiting.estimated_wait_s).toBeGreaterThan(0);
    expect(waiting.estimated_wait_s).toBeLessThanOrEqual(2);

    // Let in in order: the third is admitted last, and the first two were admitted by then.
    const third = await untilAdmitted(show.slug, places[2]?.token ?? '');
    expect(third).toMatchObject({ admitted: true, place: 0, admitted_through: 3 });
    for (const [i, fan] of fans.entries()) {
      const inside = await enter(show.slug, fan.headers, places[i]?.token);
      expect(inside.statusCode, inside.body).toBe(200);
    }
  });

  it('refuses forged, altered and borrowed places', async () => {
    const show = await showWithRoom({ paused: true });
    const fan = await fanOf(show.id);
    const other = await fanOf(show.id);
    const body = InQueueBody.parse((await enter(show.slug, fan.headers)).json());
    const token = body.queue.token;

    const forgeries = [
      altered(token, (p) => {
        p.n = 1;
        p.k = 'm';
        p.a = 0;
      }),
      altered(token, (p) => {
        p.n = Number(p.n) - 1;
      }),
      `${token.split('.')[0]}.${Buffer.alloc(32, 7).toString('base64url')}`,
      `${Buffer.from('{"s":1}').toString('base64url')}.AAAAAAAAAAAAAAAA`,
    ];
    for (const forged of forgeries) {
      const res = await enter(show.slug, fan.headers, forged);
      expect(res.statusCode, forged).toBe(403);
      expect(res.json()).toMatchObject({ code: 'QUEUE_TOKEN_INVALID' });
      expect((await poll(show.slug, forged)).statusCode).toBe(403);
    }
    // A genuine place is the account's own: another fan cannot enter with it (no trading).
    const borrowed = await enter(show.slug, other.headers, token);
    expect(borrowed.statusCode).toBe(403);
    // Nor is it good for another show.
    const elsewhere = await showWithRoom();
    expect((await poll(elsewhere.slug, token)).statusCode).toBe(403);
    // A malformed token is a 400, never a 5xx.
    expect((await poll(show.slug, 'not a token')).statusCode).toBe(400);
  });

  it('never queues a fan who is inside: a reload or a second device walks in', async () => {
    const show = await showWithRoom({ rate_per_second: 5 });
    const fan = await fanOf(show.id);
    expect((await enter(show.slug, fan.headers)).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/thor/host/shows/${show.slug}/waiting-room`,
      headers: hostHeaders,
      payload: { ...SETTINGS, paused: true },
    });
    expect(res.statusCode).toBe(200);
    // Paused: a newcomer waits...
    const newcomer = await fanOf(show.id);
    expect((await enter(show.slug, newcomer.headers)).statusCode).toBe(429);
    // ...but the fan inside reloads, and signs in on a second device, and is let straight in.
    expect((await enter(show.slug, fan.headers)).statusCode).toBe(200);
    const secondDevice = auth(await login(t.app, fan.user.email));
    expect((await enter(show.slug, secondDevice)).statusCode).toBe(200);
  });

  it('shows the host the line and pauses admission on request', async () => {
    const show = await showWithRoom({ paused: true });
    for (let i = 0; i < 3; i++) await enter(show.slug, (await fanOf(show.id)).headers);
    const res = await t.app.inject({
      method: 'GET',
      url: `/thor/host/shows/${show.slug}/waiting-room`,
      headers: hostHeaders,
    });
    const state = WaitingRoomState.parse(res.json());
    expect(state).toMatchObject({ paused: true, queue_length: 3, joined: 3, effective_rate: 0 });
    expect(state.estimated_wait_s).toBeNull();
    const fan = await fanOf(show.id);
    const notHost = await t.app.inject({
      method: 'GET',
      url: `/thor/host/shows/${show.slug}/waiting-room`,
      headers: fan.headers,
    });
    expect(notHost.statusCode).toBe(403);
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/thor/host/shows/${show.slug}/waiting-room`,
      headers: hostHeaders,
      payload: { ...SETTINGS, rate_per_second: 0 },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('holds places before doors open when the host opens a pre-queue, and 403 before it', async () => {
    const show = await createShow(t.db, { startIn: 40, enterIn: 5 });
    const fan = await fanOf(show.id);
    // No pre-queue (the default): before doors is the spec's EVENT_NOT_OPEN.
    expect((await enter(show.slug, fan.headers)).statusCode).toBe(403);
    for (const policy of ['arrival', 'random'] as const) {
      await t.app.inject({
        method: 'PUT',
        url: `/thor/host/shows/${show.slug}/waiting-room`,
        headers: hostHeaders,
        payload: { ...SETTINGS, policy, prequeue_minutes: 30 },
      });
      const res = await enter(show.slug, (await fanOf(show.id)).headers);
      expect(res.statusCode, res.body).toBe(429);
      const { queue } = InQueueBody.parse(res.json());
      expect(Date.parse(queue.doors_open_at) - Date.now()).toBeGreaterThan(4 * 60_000);
      if (policy === 'arrival') {
        expect(queue.place).toBe(1);
        // The doors' countdown is part of the wait: five minutes, then its turn at 1/s.
        expect(queue.estimated_wait_s).toBeGreaterThan(4 * 60);
      } else {
        // Drawn at doors-open: no number yet.
        expect(queue).toMatchObject({ place: null, estimated_wait_s: null });
      }
    }
  });

  it('a restarted single node resumes its line from the database', { timeout: 30_000 }, async () => {
    if (process.env.TEST_REDIS_URL) return; // with Redis the line is in Redis (the cluster test)
    const show = await showWithRoom({ paused: true });
    const held = [];
    for (let i = 0; i < 3; i++) {
      held.push(InQueueBody.parse((await enter(show.slug, (await fanOf(show.id)).headers)).json()).queue);
    }
    // The node saves its lines once a second.
    const until = Date.now() + 15_000;
    for (;;) {
      const row = await t.db
        .selectFrom('waiting_rooms')
        .select('counters')
        .where('show_id', '=', show.id)
        .executeTakeFirst();
      if (JSON.stringify(row?.counters ?? {}).includes('"main":3') || Date.now() > until) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    // Another app on the same database with nothing in memory: the node after a restart.
    const restarted = await t.peer();
    for (const q of held) {
      const res = await restarted.inject({
        method: 'GET',
        url: `/thor/shows/${show.slug}/queue/?token=${encodeURIComponent(q.token)}`,
      });
      expect(QueueStatus.parse(res.json())).toMatchObject({ place: q.place, queue_length: 3 });
    }
  });
});
