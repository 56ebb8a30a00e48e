import { BillingInfoCreated, BillingInfoResponse, OrderCreated, OrderListResponse } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BILLING,
  buyer,
  CARD,
  confirm,
  order,
  sellingShow,
  ticketCheck,
  ticketItem,
} from '../../../test/commerce-fixtures.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ SHOWS_CACHE_MS: '0' });
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
const refund = (headers: Record<string, string>, query: string) =>
  t.app.inject({ method: 'DELETE', url: `/thor/pg/order/?${query}`, headers });

/** A fan with a show on sale and an order of its ticket waiting for payment. */
async function pendingOrder(
  body: Record<string, unknown> = {},
  opts: Parameters<typeof sellingShow>[1] = {},
) {
  const fan = await buyer(t.app, t.db);
  const sale = await sellingShow(t.db, opts);
  const res = await order(t.app, fan.headers, {
    item_list: [{ item_id: sale.items[0]?.item_id, quantity: 1 }],
    billing: BILLING,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { ...fan, ...sale, created: OrderCreated.parse(res.json()) };
}

describe('paying an order with testpay', () => {
  it('4242 succeeds: the ticket with the item attributes is granted and the order is fulfilled', async () => {
    const { headers, show, created } = await pendingOrder();
    // Checked before paying: the (cached) answer must not outlive the purchase.
    expect((await ticketCheck(t.app, headers, show.paid_event_name)).statusCode).toBe(402);
    const paid = await confirm(t.app, 'payment', created.client_secret as string, {
      card: CARD('4242424242424242'),
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'succeeded', amount: 2500, currency: 'USD' });
    const check = await ticketCheck(t.app, headers, show.paid_event_name);
    expect(check.statusCode).toBe(200);
    expect(check.json()).toMatchObject({ status: true, ticket_attributes: { type: 'Directors' } });
    const history = OrderListResponse.parse(
      (await get('/thor/pg/order/?status=fulfilled&category=ticket', headers)).json(),
    );
    expect(history.results).toHaveLength(1);
    expect(history.results[0]).toMatchObject({
      order_id: created.order_id,
      status: 'fulfilled',
      quantity: 1,
      display_category: 'ticket',
      display_name: { en: 'HD Pass' },
      charges_in_sale_currency: { total_charges: 2500, currency: 'USD' },
      client_secret: null,
    });
    // Confirming again changes nothing.
    expect((await confirm(t.app, 'payment', created.client_secret as string)).json()).toMatchObject({
      status: 'succeeded',
    });
  });

  it("declines answer the provider's error and grant nothing; the same order can then be paid", async () => {
    const { headers, show, created } = await pendingOrder();
    const secret = created.client_secret as string;
    const cases: Array<[string, Record<string, string>]> = [
      [
        '4000000000000002',
        { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
      ],
      [
        '4000000000009995',
        {
          code: 'card_declined',
          decline_code: 'insufficient_funds',
          message: 'Your card has insufficient funds.',
        },
      ],
      ['4000000000000127', { code: 'incorrect_cvc', message: "Your card's security code is incorrect." }],
      ['4000000000000069', { code: 'expired_card', message: 'Your card has expired.' }],
    ];
    for (const [number, error] of cases) {
      const res = await confirm(t.app, 'payment', secret, { card: CARD(number) });
      expect(res.statusCode).toBe(402);
      expect(res.json().error).toMatchObject({ type: 'card_error', ...error });
    }
    expect((await ticketCheck(t.app, headers, show.paid_event_name)).statusCode).toBe(402);
    const pending = OrderListResponse.parse(
      (await get(`/thor/pg/order/?order_id=${created.order_id}`, headers)).json(),
    );
    expect(pending.results[0]).toMatchObject({ status: 'pending', client_secret: secret });
    expect((await confirm(t.app, 'payment', secret, { card: CARD('5555555555554444') })).statusCode).toBe(
      200,
    );
    expect((await ticketCheck(t.app, headers, show.paid_event_name)).statusCode).toBe(200);
  });

  it('save_info with off-session use keeps the card; the next order pays with it (use_saved_payment_method)', async () => {
    const { headers, created } = await pendingOrder({ save_info: true });
    await confirm(
      t.app,
      'payment',
      created.client_secret as string,
      { card: CARD('4242424242424242') },
      {
        setup_future_usage: 'off_session',
      },
    );
    const billing = BillingInfoResponse.parse((await get('/thor/pg/billing_info/', headers)).json());
    expect(billing.results[0]).toMatchObject({ billing: BILLING, card: 'card-visa-4242' });

    const next = await sellingShow(t.db);
    const saved = OrderCreated.parse(
      (
        await order(t.app, headers, {
          item_list: [{ item_id: next.items[0]?.item_id, quantity: 1 }],
          use_saved_payment_method: true,
        })
      ).json(),
    );
    expect((await confirm(t.app, 'payment', saved.client_secret as string)).json()).toMatchObject({
      status: 'succeeded',
    });
    expect((await ticketCheck(t.app, headers, next.show.paid_event_name)).statusCode).toBe(200);

    // Without the fan on the page: require_user_confirmation false pays at once.
    const third = await sellingShow(t.db);
    const direct = OrderCreated.parse(
      (
        await order(t.app, headers, {
          item_list: [{ item_id: third.items[0]?.item_id, quantity: 1 }],
          use_saved_payment_method: true,
          require_user_confirmation: false,
        })
      ).json(),
    );
    expect(direct).toMatchObject({ order_status: 'succeeded', client_secret: null });
    expect((await ticketCheck(t.app, headers, third.show.paid_event_name)).statusCode).toBe(200);
  });

  it('a card saved through billing info (confirm card setup) pays the order', async () => {
    const { headers } = await buyer(t.app, t.db);
    const setup = BillingInfoCreated.parse(
      (
        await t.app.inject({
          method: 'POST',
          url: '/thor/pg/billing_info/',
          headers,
          payload: { billing: BILLING },
        })
      ).json(),
    );
    await confirm(t.app, 'setup', setup.client_secret, { card: CARD('4000000000009995') }).then((r) =>
      expect(r.statusCode).toBe(402),
    );
    await confirm(t.app, 'setup', setup.client_secret, { card: CARD('4000000000000341') }).then((r) =>
      expect(r.statusCode).toBe(200),
    );
    const sale = await sellingShow(t.db);
    const created = OrderCreated.parse(
      (
        await order(t.app, headers, {
          item_list: [{ item_id: sale.items[0]?.item_id, quantity: 1 }],
          use_saved_payment_method: true,
        })
      ).json(),
    );
    // 0341 saves fine but every charge is declined.
    const res = await confirm(t.app, 'payment', created.client_secret as string);
    expect(res.json().error).toMatchObject({ code: 'card_declined', decline_code: 'generic_decline' });
  });
});

describe('DELETE /thor/pg/order/ (refunds)', () => {
  async function paidOrder(opts: Parameters<typeof sellingShow>[1] = {}) {
    const o = await pendingOrder({}, opts);
    await confirm(t.app, 'payment', o.created.client_secret as string, { card: CARD('4242424242424242') });
    return o;
  }

  it('200 while refund_stop_time is ahead: the ticket goes, the order is listed as cancelled; again is 403 OUT_OF_DATE', async () => {
    const { headers, show, created } = await paidOrder();
    expect((await ticketCheck(t.app, headers, show.paid_event_name)).statusCode).toBe(200);
    const res = await refund(
      headers,
      `order_id=${created.order_id}&reason=${encodeURIComponent('Cannot make it')}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: 'OK', message: 'Your refund request has been received.' });
    expect((await ticketCheck(t.app, headers, show.paid_event_name)).statusCode).toBe(402);
    for (const status of ['cancelled', 'canceled']) {
      const list = OrderListResponse.parse((await get(`/thor/pg/order/?status=${status}`, headers)).json());
      expect(list.results.map((r) => [r.order_id, r.status])).toEqual([[created.order_id, 'canceled']]);
    }
    expect((await get('/thor/pg/order/?status=fulfilled', headers)).json()).toEqual({ results: [] });
    const again = await refund(headers, `order_id=${created.order_id}`);
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({ code: 'OUT_OF_DATE' });
  });

  it('403 OUT_OF_DATE once refund_stop_time has passed; 404 for another fan; 400 without order_id; 417 when the provider refuses', async () => {
    const late = await paidOrder({
      items: (tag) => [
        ticketItem(`${tag}-hd`, { refund_stop_time: new Date(Date.now() - 1000).toISOString() }),
      ],
    });
    expect((await refund(late.headers, `order_id=${late.created.order_id}`)).statusCode).toBe(403);
    const other = await buyer(t.app, t.db);
    expect((await refund(other.headers, `order_id=${late.created.order_id}`)).statusCode).toBe(404);
    expect((await refund(late.headers, 'reason=x')).statusCode).toBe(400);

    const ok = await paidOrder();
    await t.db
      .updateTable('testpay_intents')
      .set({ amount_refunded: 2500 })
      .where('client_secret', '=', ok.created.client_secret as string)
      .execute();
    const refused = await refund(ok.headers, `order_id=${ok.created.order_id}`);
    expect(refused.statusCode).toBe(417);
    expect(refused.json()).toMatchObject({ code: 'EXTERNAL_ERROR' });
    // Nothing changed: the fan keeps the ticket.
    expect((await ticketCheck(t.app, ok.headers, ok.show.paid_event_name)).statusCode).toBe(200);
  });

  it('206 PARTIAL_REFUND for one line of a two-ticket order; the other ticket stays', async () => {
    const fan = await buyer(t.app, t.db);
    const a = await sellingShow(t.db);
    const b = await sellingShow(t.db);
    const created = OrderCreated.parse(
      (
        await order(t.app, fan.headers, {
          item_list: [
            { item_id: a.items[0]?.item_id, quantity: 1 },
            { item_id: b.items[0]?.item_id, quantity: 1 },
          ],
        })
      ).json(),
    );
    expect(created.charges.total_charges).toBe(5000);
    await confirm(t.app, 'payment', created.client_secret as string, { card: CARD('4242424242424242') });
    const res = await refund(fan.headers, `order_id=${created.order_id}&sub_order_id=${created.order_id}-1`);
    expect(res.statusCode).toBe(206);
    expect(res.json()).toMatchObject({ result: 'PARTIAL_REFUND' });
    expect((await ticketCheck(t.app, fan.headers, a.show.paid_event_name)).statusCode).toBe(402);
    expect((await ticketCheck(t.app, fan.headers, b.show.paid_event_name)).statusCode).toBe(200);
  });
});
