import { OrderCreated } from '@encore/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BILLING,
  buyer,
  CARD,
  confirm,
  order,
  sellingShow,
  ticketCheck,
} from '../../../test/commerce-fixtures.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ SHOWS_CACHE_MS: '0', TICKET_CACHE_MS: '0' });
});
afterAll(async () => {
  await t?.close();
});

async function pendingOrder() {
  const fan = await buyer(t.app, t.db);
  const sale = await sellingShow(t.db);
  const res = await order(t.app, fan.headers, {
    item_list: [{ item_id: sale.items[0]?.item_id, quantity: 1 }],
    billing: BILLING,
    require_user_confirmation: true,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { ...fan, ...sale, created: OrderCreated.parse(res.json()) };
}

const statusOf = async (orderId: string) =>
  (await t.db.selectFrom('orders').select('status').where('order_id', '=', orderId).executeTakeFirstOrThrow())
    .status;
const ticketsOf = async (userId: number) =>
  t.db.selectFrom('tickets').selectAll().where('user_id', '=', userId).execute();

describe('paid orders and their goods (issue 12)', () => {
  it('a failing grant leaves the order pending, not fulfilled without its ticket; the reconciler then completes it', async () => {
    const { user, headers, show, created } = await pendingOrder();
    // The ticket insert fails as a crash between the two writes would: one transaction keeps both or neither.
    await sql`create or replace function encore_test_refuse() returns trigger language plpgsql as
      $$ begin raise exception 'injected fault'; end $$`.execute(t.db);
    await sql`create trigger encore_test_refuse before insert on tickets
      for each row execute function encore_test_refuse()`.execute(t.db);
    try {
      const paid = await confirm(t.app, 'payment', created.client_secret as string, {
        card: CARD('4242424242424242'),
      });
      expect(paid.statusCode).toBe(200);
      expect(await statusOf(created.order_id)).toBe('pending');
      expect(await ticketsOf(user.id)).toHaveLength(0);
    } finally {
      await sql`drop trigger encore_test_refuse on tickets`.execute(t.db);
    }
    // The provider took the money and its event is spent: the start-up reconciler (onReady of a new node) asks it.
    const restarted = await t.peer();
    expect(await statusOf(created.order_id)).toBe('fulfilled');
    expect((await ticketCheck(restarted, headers, show.paid_event_name)).statusCode).toBe(200);
    expect(await ticketsOf(user.id)).toHaveLength(1);
  });

  it('a paid order left without its ticket gets it at start-up, once', async () => {
    const { user, headers, show, created } = await pendingOrder();
    await confirm(t.app, 'payment', created.client_secret as string, { card: CARD('4242424242424242') });
    expect(await statusOf(created.order_id)).toBe('fulfilled');
    // What an older crash left: paid and fulfilled, no ticket (ticket check 402, the shop sells it again).
    await t.db.deleteFrom('tickets').where('user_id', '=', user.id).execute();
    expect((await ticketCheck(t.app, headers, show.paid_event_name)).statusCode).toBe(402);

    const restarted = await t.peer();
    const check = await ticketCheck(restarted, headers, show.paid_event_name);
    expect(check.statusCode).toBe(200);
    expect(check.json()).toMatchObject({ ticket_attributes: { type: 'Directors' } });
    const [ticket] = await ticketsOf(user.id);
    expect(ticket?.source).toBe('purchase');

    // Idempotent: another start grants nothing again.
    await t.peer();
    const after = await ticketsOf(user.id);
    expect(after).toHaveLength(1);
    expect(after[0]?.id).toBe(ticket?.id);
  });

  it('a refunded order is not repaired: its ticket stays gone', async () => {
    const { user, headers, show, created } = await pendingOrder();
    await confirm(t.app, 'payment', created.client_secret as string, { card: CARD('4242424242424242') });
    const refund = await t.app.inject({
      method: 'DELETE',
      url: `/thor/pg/order/?order_id=${created.order_id}`,
      headers,
    });
    expect(refund.statusCode, refund.body).toBe(200);
    await t.peer();
    expect(await ticketsOf(user.id)).toHaveLength(0);
    expect((await ticketCheck(t.app, headers, show.paid_event_name)).statusCode).toBe(402);
  });
});
