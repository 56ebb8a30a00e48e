import { EnterEventResponse, LIMITS } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  createShow,
  createTicket,
  createUser,
  login,
  type ShowOptions,
} from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t?.close();
});

/** Doors opened 20 minutes ago (start in 10, doors 30 before the start). */
const OPEN: ShowOptions = { startIn: 10 };

async function fanWithTicket(opts: ShowOptions = OPEN) {
  const show = await createShow(t.db, opts);
  const user = await createUser(t.db);
  await createTicket(t.db, { userId: user.id, showId: show.id, attributes: { mview: 4 } });
  const key = await login(t.app, user.email);
  return { show, user, key, headers: auth(key) };
}

function enter(slug: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: `/thor/shows/${slug}/enter/`, headers });
}

function leave(slug: string, sessionId: string, headers: Record<string, string>) {
  return t.app.inject({ method: 'DELETE', url: `/thor/shows/${slug}/enter/${sessionId}/`, headers });
}

async function sessionsOf(ticketUserId: number) {
  return t.db
    .selectFrom('device_sessions')
    .select(['id', 'ended_at', 'end_reason'])
    .where('user_id', '=', ticketUserId)
    .orderBy('created_at')
    .execute();
}

const liveIds = async (userId: number) =>
  (await sessionsOf(userId)).filter((s) => s.ended_at === null).map((s) => s.id);

describe('POST /thor/shows/{slug}/enter/', () => {
  it('200 admits a ticket holder once doors are open, with one device and chat on', async () => {
    const { show, headers } = await fanWithTicket();
    const res = await enter(show.slug, headers);
    expect(res.statusCode).toBe(200);
    const body = EnterEventResponse.parse(res.json());
    // Exactly the contract's shape (the route skips zod's re-parse of its answer): no field more,
    // no default left out.
    expect(res.json()).toStrictEqual(body);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(body).toMatchObject({
      devices: 1,
      chat_enabled: true,
      show: { slug: show.slug, status: 'open' },
      ticket: {
        paid_event_name: show.paid_event_name,
        paid_event_id: show.paid_event_id,
        ticket_attributes: { mview: 4 },
        entitlements: { multiview: 4, uhd: false },
      },
    });
    expect(body.session_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('401 without a token; 400 VIDEO_NOT_FOUND for an unknown show', async () => {
    const { show, headers } = await fanWithTicket();
    expect((await enter(show.slug)).statusCode).toBe(401);
    const unknown = await enter('no-such-show', headers);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('VIDEO_NOT_FOUND');
  });

  it('403 EVENT_NOT_OPEN before doors open and after the end', async () => {
    const early = await fanWithTicket({ startIn: 60 });
    const before = await enter(early.show.slug, early.headers);
    expect(before.statusCode).toBe(403);
    expect(before.json()).toEqual({
      code: 'EVENT_NOT_OPEN',
      message: 'The concert has not started yet or has already ended.',
    });
    const late = await fanWithTicket({ startIn: -180, duration: 120 });
    expect((await enter(late.show.slug, late.headers)).statusCode).toBe(403);
  });

  it('doors follow event_enter_time when the show has one', async () => {
    const open = await fanWithTicket({ startIn: 120, enterIn: -1 });
    expect((await enter(open.show.slug, open.headers)).statusCode).toBe(200);
    const closed = await fanWithTicket({ startIn: 20, enterIn: 5 });
    expect((await enter(closed.show.slug, closed.headers)).statusCode).toBe(403);
  });

  it('202 NO_TICKET when the fan holds no ticket for the show', async () => {
    const show = await createShow(t.db, OPEN);
    const user = await createUser(t.db);
    const res = await enter(show.slug, auth(await login(t.app, user.email)));
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({
      code: 'NO_TICKET',
      message: 'You need a ticket for this show. Validate your ticket to enter.',
    });
  });

  it(`a third device replaces the oldest: ${LIMITS.devicesPerTicket} live at most, chat off while several`, async () => {
    const { show, user, headers } = await fanWithTicket();
    const first = EnterEventResponse.parse((await enter(show.slug, headers)).json());
    const second = EnterEventResponse.parse((await enter(show.slug, headers)).json());
    expect(second).toMatchObject({ devices: 2, chat_enabled: false });
    const third = EnterEventResponse.parse((await enter(show.slug, headers)).json());
    expect(third).toMatchObject({ devices: 2, chat_enabled: false });

    const rows = await sessionsOf(user.id);
    expect(rows.find((r) => r.id === first.session_id)?.end_reason).toBe('replaced');
    expect(await liveIds(user.id)).toEqual([second.session_id, third.session_id]);
  });

  it('concurrent entries never leave more than two live sessions', async () => {
    const { show, user, headers } = await fanWithTicket();
    const answers = await Promise.all(Array.from({ length: 6 }, () => enter(show.slug, headers)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await liveIds(user.id)).toHaveLength(LIMITS.devicesPerTicket);
    const counts = answers.map((a) => EnterEventResponse.parse(a.json()).devices);
    expect(Math.max(...counts)).toBe(LIMITS.devicesPerTicket);
  });

  it('a doors-open burst of many fans, batched together: each fan keeps two live devices, one replaced', async () => {
    const show = await createShow(t.db, OPEN);
    const fans = await Promise.all(
      Array.from({ length: 15 }, async () => {
        const user = await createUser(t.db);
        await createTicket(t.db, { userId: user.id, showId: show.id });
        return { user, headers: auth(await login(t.app, user.email)) };
      }),
    );
    const answers = await Promise.all(fans.flatMap((f) => [1, 2, 3].map(() => enter(show.slug, f.headers))));
    expect(new Set(answers.map((a) => a.statusCode))).toEqual(new Set([200]));
    for (const f of fans) {
      const reasons = (await sessionsOf(f.user.id)).map((r) => r.end_reason ?? 'live').sort();
      expect(reasons, f.user.email).toEqual(['live', 'live', 'replaced']);
    }
  });

  it('a session unseen for 10 minutes has expired and no longer counts', async () => {
    const { show, user, headers } = await fanWithTicket();
    await enter(show.slug, headers);
    await enter(show.slug, headers);
    await t.db
      .updateTable('device_sessions')
      .set({ last_seen_at: new Date(Date.now() - 11 * 60_000) })
      .where('user_id', '=', user.id)
      .execute();
    const fresh = EnterEventResponse.parse((await enter(show.slug, headers)).json());
    expect(fresh).toMatchObject({ devices: 1, chat_enabled: true });
    const reasons = (await sessionsOf(user.id)).map((r) => r.end_reason);
    expect(reasons).toEqual(['expired', 'expired', null]);
  });
});

describe('DELETE /thor/shows/{slug}/enter/{session_id}/', () => {
  it('204 ends one’s own session (again: still 204); the place is free', async () => {
    const { show, user, headers } = await fanWithTicket();
    const a = EnterEventResponse.parse((await enter(show.slug, headers)).json());
    await enter(show.slug, headers);
    const res = await leave(show.slug, a.session_id, headers);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await sessionsOf(user.id)).find((r) => r.id === a.session_id)?.end_reason).toBe('left');
    expect((await leave(show.slug, a.session_id, headers)).statusCode).toBe(204);
    // One live device left: the next entry makes two, nobody is replaced.
    expect(EnterEventResponse.parse((await enter(show.slug, headers)).json()).devices).toBe(2);
    expect(await liveIds(user.id)).toHaveLength(2);
  });

  it('404 for another fan’s session or an unknown one; 401 without a token', async () => {
    const owner = await fanWithTicket();
    const session = EnterEventResponse.parse((await enter(owner.show.slug, owner.headers)).json());
    const other = await createUser(t.db);
    const otherHeaders = auth(await login(t.app, other.email));
    expect((await leave(owner.show.slug, session.session_id, otherHeaders)).statusCode).toBe(404);
    expect((await leave(owner.show.slug, crypto.randomUUID(), owner.headers)).statusCode).toBe(404);
    expect((await leave(owner.show.slug, 'not-a-uuid', owner.headers)).statusCode).toBe(404);
    expect((await leave(owner.show.slug, session.session_id, {})).statusCode).toBe(401);
    expect(await liveIds(owner.user.id)).toEqual([session.session_id]);
  });
});

describe('logout and device sessions', () => {
  it('a logout ends the sessions its login opened, not those of the fan’s other logins', async () => {
    const { show, user, headers } = await fanWithTicket();
    const laptop = EnterEventResponse.parse((await enter(show.slug, headers)).json());
    const phoneHeaders = auth(await login(t.app, user.email));
    const phone = EnterEventResponse.parse((await enter(show.slug, phoneHeaders)).json());
    const out = await t.app.inject({ method: 'POST', url: '/thor/auth/logout/', headers });
    expect(out.statusCode).toBe(200);
    const rows = await sessionsOf(user.id);
    expect(rows.find((r) => r.id === laptop.session_id)?.end_reason).toBe('logout');
    expect(await liveIds(user.id)).toEqual([phone.session_id]);
    // The revoked token is refused at once on this node, the session cache notwithstanding.
    expect((await enter(show.slug, headers)).statusCode).toBe(401);
  });
});
