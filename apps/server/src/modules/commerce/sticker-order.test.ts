import { randomUUID } from 'node:crypto';
import { BillingInfoCreated, OrderCreated, OrderListResponse } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING, CARD, confirm, order } from '../../../test/commerce-fixtures.ts';
import { createShow, joinedFan } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { seedDemoStickers } from '../../seed/demo-stickers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
  await seedDemoStickers(t.db, new Date());
});
afterAll(async () => {
  await t?.close();
});

type Fan = Awaited<ReturnType<typeof joinedFan>> & { show: { paid_event_name: string } };

/** A fan with a ticket in the show's chat (so a sticker toss shows what the fan owns). */
async function fanInChat(): Promise<Fan> {
  const show = await createShow(t.db, { startIn: 10 });
  return { ...(await joinedFan(t.app, t.db, show)), show };
}

/** Payment Info with a card confirmed at testpay (the card setup of COM-41). */
async function saveCard(f: Fan, number: string) {
  const setup = BillingInfoCreated.parse(
    (
      await t.app.inject({
        method: 'POST',
        url: '/thor/pg/billing_info/',
        headers: f.headers,
        payload: { billing: BILLING },
      })
    ).json(),
  );
  expect((await confirm(t.app, 'setup', setup.client_secret, { card: CARD(number) })).statusCode).toBe(200);
}

/** The sticker purchase of viewing section 7: the saved card, charged without the fan (STK-16). */
const buy = (f: Fan, itemId: string) =>
  order(t.app, f.headers, {
    item_list: [{ item_id: itemId, quantity: 1 }],
    use_saved_payment_method: true,
    require_user_confirmation: false,
  });

const sendSticker = (f: Fan, stickerId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/thor/hangs/${f.hang.id}/${f.hang.session_id}/toss/`,
    headers: f.headers,
    payload: {
      hang_id: f.hang.id,
      toss_type: 'sticker',
      toss_id: randomUUID(),
      toss_text: '',
      toss_data: { sticker_id: stickerId },
      paid_event_name: f.show.paid_event_name,
    },
  });

const fulfilled = async (f: Fan) =>
  OrderListResponse.parse(
    (
      await t.app.inject({ method: 'GET', url: '/thor/pg/order/?status=fulfilled', headers: f.headers })
    ).json(),
  ).results.map((r) => r.advertised_item_id);

describe('POST /thor/pg/order/ for stickers (STK-01, STK-12, STK-16, STK-17)', () => {
  it('a saved card buys the pack: order_status succeeded, the pack and each of its stickers owned and sendable', async () => {
    const fan = await fanInChat();
    await saveCard(fan, '4242424242424242');
    // Not owned yet: the toss path refuses it (and caches what the fan owns).
    expect((await sendSticker(fan, 'stk-crown')).json()).toMatchObject({ code: 'STICKER_NOT_OWNED' });

    const res = await buy(fan, 'pack-encore-stage');
    expect(res.statusCode, res.body).toBe(200);
    const body = OrderCreated.parse(res.json());
    expect(body).toMatchObject({
      result: 'OK',
      message: 'Your order is complete.',
      order_status: 'succeeded',
      client_secret: null,
      charges: { total_charges: 299, currency: 'USD', sale_currency_symbol: '$' },
    });
    expect(await fulfilled(fan)).toEqual(['pack-encore-stage']);
    // STK-09 on the server: owning the pack owns both its stickers.
    for (const id of ['stk-crown', 'stk-encore']) expect((await sendSticker(fan, id)).statusCode).toBe(200);
    expect((await sendSticker(fan, 'stk-heart')).statusCode).toBe(403);

    // Owned already, as the pack or as one of its stickers: no second charge.
    for (const id of ['pack-encore-stage', 'stk-encore']) {
      const again = await buy(fan, id);
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({ code: 'BAD_REQUEST', message: 'You already own this sticker.' });
    }
    // A single sticker outside the pack is still for sale, and is owned on its own.
    const single = OrderCreated.parse((await buy(fan, 'stk-heart')).json());
    expect(single).toMatchObject({ order_status: 'succeeded', charges: { total_charges: 99 } });
    expect((await sendSticker(fan, 'stk-heart')).statusCode).toBe(200);
  });

  it('no saved card: 400 and nothing ordered; a declined saved card: 400 with its message and nothing owned', async () => {
    const noCard = await fanInChat();
    const refused = await buy(noCard, 'pack-encore-stage');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'BAD_REQUEST', field: 'use_saved_payment_method' });
    const rows = await t.db
      .selectFrom('orders')
      .select('sub_order_id')
      .where('user_id', '=', noCard.user.id)
      .execute();
    expect(rows).toEqual([]);

    // 0341 is saved fine, and every charge on it is declined.
    const declined = await fanInChat();
    await saveCard(declined, '4000000000000341');
    const res = await buy(declined, 'pack-encore-stage');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', message: 'Your card was declined.' });
    expect(await fulfilled(declined)).toEqual([]);
    expect((await sendSticker(declined, 'stk-crown')).statusCode).toBe(403);
  });

  it('404 for an unknown item; 401 without a session', async () => {
    const fan = await fanInChat();
    await saveCard(fan, '4242424242424242');
    const res = await buy(fan, 'stk-nobody-sells');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    const anon = await t.app.inject({
      method: 'POST',
      url: '/thor/pg/order/',
      payload: { item_list: [{ item_id: 'pack-encore-stage', quantity: 1 }], use_saved_payment_method: true },
    });
    expect(anon.statusCode).toBe(401);
  });
});

describe('a free item (STK-16, docs/decisions.md: a free pack is not charged)', () => {
  it('is ordered without a card (use_saved_payment_method false): succeeded, nothing charged, owned', async () => {
    // The demo's packs all cost money (issue 14: no "$0.00" beside $0.99 stickers): a free one here.
    await t.db
      .insertInto('catalog_items')
      .values({
        item_id: 'stk-free-gift',
        category: 'sticker',
        paid_event_name: 'ENCORE_LIVE',
        display_name: JSON.stringify({ en: 'Gift' }),
        display_image: '/thor/pg/sticker-images/heart.svg',
        price: 0,
        currency: 'USD',
        sale_currency_symbol: '$',
        sort: 999,
      })
      .onConflict((oc) => oc.column('item_id').doNothing())
      .execute();
    const fan = await fanInChat();
    const res = await order(t.app, fan.headers, {
      item_list: [{ item_id: 'stk-free-gift', quantity: 1 }],
      use_saved_payment_method: false,
      require_user_confirmation: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(OrderCreated.parse(res.json())).toMatchObject({
      order_status: 'succeeded',
      charges: { total_charges: 0 },
    });
    expect(await fulfilled(fan)).toEqual(['stk-free-gift']);
  });
});
