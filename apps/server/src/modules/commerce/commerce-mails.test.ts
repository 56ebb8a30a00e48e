import { OrderListResponse } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BILLING,
  buyer,
  CARD,
  confirm,
  order,
  sellingShow,
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

type Mail = { to: string; subject: string; text: string; html: string; kind: string };
const outbox = async (to: string): Promise<Mail[]> =>
  (await t.app.inject({ method: 'GET', url: `/dev/outbox?to=${encodeURIComponent(to)}` })).json();
const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

/** A fan buys the show's HD item with a Mastercard (testpay), in the page language `lang`. */
async function paid(lang?: string, body: Record<string, unknown> = {}) {
  const fan = await buyer(t.app, t.db);
  const sale = await sellingShow(t.db, {
    items: (tag) => [
      ticketItem(`${tag}-hd`, {
        display_name: { en: 'HD Multiview Pass', ko: 'HD 멀티뷰 패스', ja: 'HDマルチビューパス' },
      }),
    ],
  });
  const res = await order(t.app, fan.headers, {
    item_list: [{ item_id: sale.items[0]?.item_id, quantity: 1 }],
    billing: BILLING,
    ...(lang ? { lang } : {}),
    ...body,
  });
  expect(res.statusCode).toBe(200);
  const created = res.json();
  expect(await outbox(fan.user.email)).toEqual([]);
  const pay = await confirm(t.app, 'payment', created.client_secret, { card: CARD('5555555555554444') });
  expect(pay.statusCode).toBe(200);
  return { ...fan, ...sale, orderId: created.order_id as string, secret: created.client_secret as string };
}

describe('receipt mail (issue 26)', () => {
  it('is sent once the payment succeeds, in the page language: item, show and date, amount, card, refund deadline', async () => {
    const { user, show, orderId } = await paid('ko');
    const mails = await outbox(user.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.kind).toBe('order-receipt');
    expect(mail?.subject).toBe('Encore: HD 멀티뷰 패스 영수증');
    expect(mail?.text).toContain(orderId);
    expect(mail?.text).toContain('HD 멀티뷰 패스');
    expect(mail?.text).toContain(show.event_name);
    // Amount with its currency in the Korean way, the show's date with its zone, the card's last 4.
    expect(mail?.text).toContain('US$25.00');
    expect(mail?.text).toMatch(/· Show \w+, \d{4}년 \d{1,2}월 \d{1,2}일 .+ (GMT\+9|KST): US\$25\.00/);
    expect(mail?.text).toContain('Mastercard 카드(끝자리 4444)로 결제했습니다.');
    expect(mail?.text).toContain('구매 내역에서 환불을 요청할 수 있습니다');
    expect(mail?.html).toContain('HD 멀티뷰 패스');
  });

  it('is English without a language, goes to receipt_email when given, and a redelivered payment sends no second one', async () => {
    const { user, orderId, secret } = await paid(undefined, { receipt_email: 'Receipts@Example.com' });
    expect(await outbox(user.email)).toEqual([]);
    // The payment confirmed again (a retried browser call) fulfils nothing new and mails nothing.
    await confirm(t.app, 'payment', secret, { card: CARD('5555555555554444') });
    const mails = await outbox('receipts@example.com');
    expect(mails.map((m) => [m.kind, m.subject])).toEqual([
      ['order-receipt', 'Encore: your receipt for HD Multiview Pass'],
    ]);
    expect(mails[0]?.text).toContain('Paid with Mastercard ending in 4444.');
    expect(mails[0]?.text).toContain('$25.00');
    expect(mails[0]?.text).toContain(orderId);
  });
});

describe('refund mail (issue 26)', () => {
  it('says how much goes back to which card and when, in the language of the refund page', async () => {
    const { user, headers, orderId, show } = await paid('ko');
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/thor/pg/order/?order_id=${orderId}&reason=busy&lang=ja`,
      headers,
    });
    expect(res.statusCode).toBe(200);
    const [refund, receipt] = await outbox(user.email);
    expect(receipt?.kind).toBe('order-receipt');
    expect(refund?.kind).toBe('order-refund');
    expect(refund?.subject).toBe('Encore: HDマルチビューパス の返金');
    expect(refund?.text).toContain(show.event_name);
    expect(refund?.text).toContain('$25.00をMastercardカード（末尾 4444）に返金します');
    expect(refund?.text).toContain('5〜10営業日');
    expect(refund?.text).toContain('公演に入場できなくなりました');
  });

  it('without a language the refund is told in the language the fan ordered in; a refused refund mails nothing', async () => {
    const { user, headers, orderId } = await paid('ko');
    const ok = await t.app.inject({ method: 'DELETE', url: `/thor/pg/order/?order_id=${orderId}`, headers });
    expect(ok.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/thor/pg/order/?order_id=${orderId}`,
      headers,
    });
    expect(again.statusCode).toBe(403);
    const mails = await outbox(user.email);
    expect(mails.map((m) => m.kind)).toEqual(['order-refund', 'order-receipt']);
    expect(mails[0]?.subject).toBe('Encore: HD 멀티뷰 패스 환불');
    expect(mails[0]?.text).toContain('Mastercard 카드(끝자리 4444)로 환불됩니다');
  });
});

describe('purchase history names the show (issue 26)', () => {
  it('each order carries its show name and start, and the card that paid', async () => {
    const first = await paid('en');
    const history = OrderListResponse.parse(
      (await get('/thor/pg/order/?status=fulfilled', first.headers)).json(),
    );
    expect(history.results).toHaveLength(1);
    expect(history.results[0]).toMatchObject({
      order_id: first.orderId,
      paid_event_name: first.show.paid_event_name,
      event_name: first.show.event_name,
      event_start_time: new Date(first.show.event.event_start_time).toISOString(),
      card: 'card-mastercard-4444',
    });
  });
});
