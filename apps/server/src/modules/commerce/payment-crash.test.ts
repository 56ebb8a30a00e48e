import { afterAll, describe, expect, it } from 'vitest';
import { BILLING, CARD, sellingShow, testpayHeaders } from '../../../test/commerce-fixtures.ts';
import { createUser, STRONG_PASSWORD } from '../../../test/factories.ts';
import { testPort } from '../../../test/free-port.ts';
import { createExternalTestDatabase, type ExternalTestDatabase } from '../../../test/harness.ts';
import { api, killHard, type ServerProcess, startServer, stop } from '../../../test/server-process.ts';

/**
 * Crash injection (issue 12): a real server process is killed with SIGKILL while payments are being
 * confirmed, then started again on the same data. Every payment the provider took must end with its
 * order fulfilled and its ticket granted, once; every other order stays pending without a ticket.
 */
const PORT = testPort(8211);
const FANS = 24;

let ext: ExternalTestDatabase | undefined;
let server: ServerProcess | undefined;
afterAll(async () => {
  if (server) await killHard(server);
  await ext?.drop();
});

describe('kill -9 during payment confirmations', () => {
  it('after a restart every paid order has its ticket, granted once', { timeout: 120_000 }, async () => {
    ext = await createExternalTestDatabase();
    const setup = await ext.open();
    const sale = await sellingShow(setup.db);
    const users = [];
    for (let i = 0; i < FANS; i++) users.push(await createUser(setup.db));
    await setup.close();

    server = await startServer(PORT, ext.env);
    const running = server;
    const fans = [];
    for (const user of users) {
      const login = await api(running, 'POST', '/thor/auth/email_login/', {
        email: user.email,
        password: STRONG_PASSWORD,
      });
      expect(login.status, login.text).toBe(200);
      const headers = { authorization: `Token ${(login.json() as { key: string }).key}` };
      const created = await api(
        running,
        'POST',
        '/thor/pg/order/',
        {
          item_list: [{ item_id: sale.items[0]?.item_id, quantity: 1 }],
          billing: BILLING,
          require_user_confirmation: true,
        },
        headers,
      );
      expect(created.status, created.text).toBe(200);
      const secret = (created.json() as { client_secret: string }).client_secret;
      fans.push({ user, headers, secret, intentId: secret.split('_secret_')[0] as string });
    }

    // All confirmations at once; the process dies when the first few have answered.
    let answered = 0;
    let answeredAtKill = -1;
    await Promise.allSettled(
      fans.map(async (f) => {
        await api(
          running,
          'POST',
          `/testpay/v1/payment_intents/${f.intentId}/confirm`,
          { client_secret: f.secret, payment_method: { card: CARD('4242424242424242') } },
          testpayHeaders,
        );
        answered += 1;
        if (answered === 3) {
          answeredAtKill = answered;
          await killHard(running);
        }
      }),
    );
    await killHard(running);
    expect(answeredAtKill).toBe(3);

    server = await startServer(PORT, ext.env);
    const restarted = server;
    const checks: number[] = [];
    for (const f of fans) {
      const check = await api(
        restarted,
        'POST',
        '/thor/ticket/validate/',
        { paid_event: sale.show.paid_event_name, redeemed_only: true },
        f.headers,
      );
      checks.push(check.status);
    }
    await stop(restarted);

    const db = await ext.open();
    try {
      const intents = await db.db
        .selectFrom('testpay_intents')
        .select(['id', 'status'])
        .where('kind', '=', 'payment')
        .execute();
      const paid = new Set(intents.filter((i) => i.status === 'succeeded').map((i) => i.id));
      const orders = await db.db
        .selectFrom('orders')
        .select(['user_id', 'status', 'payment_intent_id'])
        .execute();
      const tickets = await db.db.selectFrom('tickets').select(['user_id', 'show_id', 'source']).execute();
      fans.forEach((f, i) => {
        const isPaid = paid.has(f.intentId);
        const own = orders.filter((o) => o.user_id === f.user.id);
        expect(own).toHaveLength(1);
        expect(own[0]?.status, `fan ${i}`).toBe(isPaid ? 'fulfilled' : 'pending');
        expect(tickets.filter((tk) => tk.user_id === f.user.id)).toHaveLength(isPaid ? 1 : 0);
        expect(checks[i], `ticket check of fan ${i}`).toBe(isPaid ? 200 : 402);
      });
      // The kill landed mid-flight: some payments went through, and at least the answered ones.
      expect(paid.size).toBeGreaterThanOrEqual(3);
      console.info(
        `payment crash test: ${paid.size} of ${FANS} payments taken before the kill, all fulfilled`,
      );
    } finally {
      await db.close();
    }
  });
});
