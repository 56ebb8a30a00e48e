import { randomUUID } from 'node:crypto';
import { EnterEventResponse, LIMITS } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createShow, createTicket, createUser, login } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { createDevicesRepo, type NewSession } from './devices.repo.ts';

// The device limit under doors-open concurrency (DEV-01, DEV-02, issue 15). On PGlite (one
// connection) and, in the suite's second run, on PostgreSQL, where the repo's calls below run on
// different pool connections at once, as the batches of several nodes do.

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t?.close();
});

const OPEN = { startIn: 10 };
const IDLE_MS = 10 * 60_000;

async function ticketHolder() {
  const show = await createShow(t.db, OPEN);
  const user = await createUser(t.db);
  const ticket = await createTicket(t.db, { userId: user.id, showId: show.id });
  return { show, user, ticket };
}

async function sessionsOfTicket(ticketId: number) {
  return t.db
    .selectFrom('device_sessions')
    .select(['id', 'ended_at', 'end_reason'])
    .where('ticket_id', '=', ticketId)
    .execute();
}

const liveOf = async (ticketId: number) =>
  (await sessionsOfTicket(ticketId)).filter((s) => s.ended_at === null).map((s) => s.id);

function entryOf(h: Awaited<ReturnType<typeof ticketHolder>>): NewSession {
  return {
    id: randomUUID(),
    userId: h.user.id,
    showId: h.show.id,
    ticketId: h.ticket.id,
    authTokenId: null,
    at: new Date(),
  };
}

/** One batch through the repo, as a node's batcher sends it. */
function enterBatch(entries: NewSession[], limit: number) {
  const at = new Date();
  return createDevicesRepo(t.db).enterMany(entries, {
    limit,
    seenSince: new Date(at.getTime() - IDLE_MS),
    at,
  });
}

describe('the device limit under concurrent entries', () => {
  it(`50 parallel enters of one ticket through the API: exactly ${LIMITS.devicesPerTicket} live, the rest replaced`, async () => {
    const h = await ticketHolder();
    // Five logins of the fan (five browsers), ten entries each, all at once.
    const logins = await Promise.all(Array.from({ length: 5 }, () => login(t.app, h.user.email)));
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: `/thor/shows/${h.show.slug}/enter/`,
          headers: auth(logins[i % logins.length] as string),
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(200));
    for (const a of answers) {
      expect(EnterEventResponse.parse(a.json()).devices).toBeLessThanOrEqual(LIMITS.devicesPerTicket);
    }
    const rows = await sessionsOfTicket(h.ticket.id);
    expect(rows).toHaveLength(50);
    expect(await liveOf(h.ticket.id)).toHaveLength(LIMITS.devicesPerTicket);
    expect(rows.filter((r) => r.end_reason === 'replaced')).toHaveLength(50 - LIMITS.devicesPerTicket);
  });

  it.each([1, 2, 5])(
    '50 batches of one entry racing on separate connections, limit %i: exactly that many live',
    async (limit) => {
      const h = await ticketHolder();
      const outcomes = await Promise.all(Array.from({ length: 50 }, () => enterBatch([entryOf(h)], limit)));
      for (const [o] of outcomes) {
        expect(o?.kind).toBe('entered');
        if (o?.kind === 'entered') expect(o.count).toBeLessThanOrEqual(limit);
      }
      expect(await liveOf(h.ticket.id)).toHaveLength(limit);
      const rows = await sessionsOfTicket(h.ticket.id);
      expect(rows.filter((r) => r.end_reason === 'replaced')).toHaveLength(50 - limit);
    },
  );

  it('batches holding the same tickets in opposite orders neither deadlock nor overshoot', async () => {
    const fans = await Promise.all(Array.from({ length: 4 }, ticketHolder));
    const forward = () => fans.map(entryOf);
    const backward = () => [...fans].reverse().map(entryOf);
    const batches = Array.from({ length: 20 }, (_, i) => (i % 2 ? forward() : backward()));
    const outcomes = await Promise.all(batches.map((b) => enterBatch(b, 3)));
    expect(outcomes.flat().every((o) => o.kind === 'entered')).toBe(true);
    for (const f of fans) {
      expect(await liveOf(f.ticket.id)).toHaveLength(3);
      expect(await sessionsOfTicket(f.ticket.id)).toHaveLength(20);
    }
  });

  it('an entry of a ticket that is gone is refused; the others of its batch enter', async () => {
    const kept = await ticketHolder();
    const gone = await ticketHolder();
    await t.db.deleteFrom('tickets').where('id', '=', gone.ticket.id).execute();
    const [a, b] = await enterBatch([entryOf(kept), entryOf(gone)], 2);
    expect(a).toEqual({ kind: 'entered', replaced: [], count: 1 });
    expect(b).toEqual({ kind: 'no-ticket' });
    expect(await liveOf(kept.ticket.id)).toHaveLength(1);
  });
  it("a session's user and show are its ticket's; deleting the user or the show removes its sessions", async () => {
    const a = await ticketHolder();
    const b = await ticketHolder();
    // Whatever the caller says, the locked ticket decides (the database keeps only the ticket's key).
    await enterBatch([{ ...entryOf(a), userId: b.user.id, showId: b.show.id }, entryOf(b)], 2);
    const rows = await t.db
      .selectFrom('device_sessions')
      .select(['ticket_id', 'user_id', 'show_id'])
      .where('ticket_id', 'in', [a.ticket.id, b.ticket.id])
      .execute();
    expect(rows).toHaveLength(2);
    for (const r of rows) {
      const h = r.ticket_id === a.ticket.id ? a : b;
      expect([r.user_id, r.show_id]).toEqual([h.user.id, h.show.id]);
    }
    await t.db.deleteFrom('users').where('id', '=', a.user.id).execute();
    await t.db.deleteFrom('shows').where('id', '=', b.show.id).execute();
    expect(await sessionsOfTicket(a.ticket.id)).toHaveLength(0);
    expect(await sessionsOfTicket(b.ticket.id)).toHaveLength(0);
  });
});
