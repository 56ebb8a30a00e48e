import { randomUUID } from 'node:crypto';
import { EnterEventResponse, Hang, HangsListResponse, LIMITS } from '@encore/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { auth, createShow, createTicket, createUser, STRONG_PASSWORD } from '../../../test/factories.ts';
import { testPort } from '../../../test/free-port.ts';
import { createExternalTestDatabase, type ExternalTestDatabase } from '../../../test/harness.ts';
import { api, killHard, type ServerProcess, startServer } from '../../../test/server-process.ts';

/**
 * Crash injection (issue 15): a real server process is killed with SIGKILL while a doors-open crowd
 * enters and cheers, both group-committed. Every entry and every cheer it acknowledged must be in the
 * database afterwards, and the device limit must hold: an answer is sent only after its batch
 * committed, so the kill can only lose requests that were never answered.
 */
const PORT = testPort(8216);
const FANS = 12;
const LT_STK = 7;
/** Answers before the kill: enough that batches of both kinds are in flight when it lands. */
const KILL_AFTER = 120;

let ext: ExternalTestDatabase | undefined;
let server: ServerProcess | undefined;
afterAll(async () => {
  if (server) await killHard(server);
  await ext?.drop();
});

type Fan = { headers: Record<string, string>; ticketId: number; hang: Hang };

describe('kill -9 during doors-open entries and cheers', () => {
  it('every acknowledged entry and cheer is in the database, and the device limit holds', {
    timeout: 120_000,
  }, async () => {
    ext = await createExternalTestDatabase();
    const setup = await ext.open();
    const show = await createShow(setup.db, { startIn: 10 });
    const holders = [];
    for (let i = 0; i < FANS; i++) {
      const user = await createUser(setup.db);
      const ticket = await createTicket(setup.db, { userId: user.id, showId: show.id });
      holders.push({ user, ticket });
    }
    await setup.close();

    server = await startServer(PORT, { ...ext.env, CHEER_USER_BUDGET: '10000', RATE_LIMIT_SCALE: '1000' });
    const running = server;
    const fans: Fan[] = [];
    for (const h of holders) {
      const login = await api(running, 'POST', '/thor/auth/email_login/', {
        email: h.user.email,
        password: STRONG_PASSWORD,
      });
      expect(login.status, login.text).toBe(200);
      const headers = auth((login.json() as { key: string }).key);
      const list = await api(
        running,
        'GET',
        `/thor/hangs/get_hangs_list/?filter=featured_hangs&channel_id=${show.channel_id}`,
        undefined,
        headers,
      );
      const featured = HangsListResponse.parse(list.json()).hang_category_list[0]?.hangs[0];
      const joined = await api(
        running,
        'PUT',
        '/thor/hangs/join_hang/',
        { hang_id: featured?.id, session_id: 'new' },
        headers,
      );
      expect(joined.status, joined.text).toBe(200);
      fans.push({ headers, ticketId: h.ticket.id, hang: Hang.parse(joined.json()) });
    }

    // Every fan enters and cheers in a loop until the process is gone; answers are counted as they come.
    const entered: Array<{ sessionId: string; ticketId: number }> = [];
    let cheered = 0;
    let sent = 0;
    let answers = 0;
    let killed = false;
    const afterAnswer = async () => {
      answers += 1;
      if (answers === KILL_AFTER && !killed) {
        killed = true;
        await killHard(running);
      }
    };
    const loop = async (f: Fan) => {
      while (!killed) {
        try {
          const entry = await api(running, 'POST', `/thor/shows/${show.slug}/enter/`, undefined, f.headers);
          if (entry.status === 200) {
            entered.push({
              sessionId: EnterEventResponse.parse(entry.json()).session_id,
              ticketId: f.ticketId,
            });
          }
          expect(entry.status, entry.text).toBe(200);
          await afterAnswer();
          sent += LT_STK;
          const post = await api(
            running,
            'POST',
            `/thor/hangs/${f.hang.id}/${f.hang.session_id}/wall_reaction/`,
            {
              hang_id: f.hang.id,
              toss_type: 'wall_reaction',
              toss_id: randomUUID(),
              toss_text: '',
              toss_data: { lt_stk: LT_STK },
            },
            f.headers,
          );
          expect(post.status, post.text).toBe(200);
          cheered += LT_STK;
          await afterAnswer();
        } catch (err) {
          // A request cut by the kill has no answer; anything else is a failure.
          if (!killed) throw err;
        }
      }
    };
    await Promise.all(fans.map(loop));
    await killHard(running);
    expect(killed).toBe(true);

    const db = await ext.open();
    try {
      const rows = await db.db
        .selectFrom('device_sessions')
        .select(['id', 'ticket_id', 'ended_at'])
        .where('show_id', '=', show.id)
        .execute();
      const stored = new Set(rows.map((r) => r.id));
      const lost = entered.filter((e) => !stored.has(e.sessionId));
      expect(lost, 'acknowledged entries missing after the kill').toEqual([]);
      for (const f of fans) {
        const live = rows.filter((r) => r.ticket_id === f.ticketId && r.ended_at === null);
        expect(live.length).toBeLessThanOrEqual(LIMITS.devicesPerTicket);
      }
      const total = await db.db
        .selectFrom('wall_totals')
        .select('lt_stk')
        .where('show_id', '=', show.id)
        .executeTakeFirst();
      const counted = Number(total?.lt_stk ?? 0);
      // Every acknowledged cheer; at most the ones in flight at the kill on top.
      expect(counted).toBeGreaterThanOrEqual(cheered);
      expect(counted).toBeLessThanOrEqual(sent);
      console.info(
        `doors-open crash test: ${entered.length} entries and ${cheered / LT_STK} cheers acknowledged ` +
          `before the kill, all stored (${rows.length} sessions, ${counted / LT_STK} cheers counted)`,
      );
    } finally {
      await db.close();
    }
  });
});
