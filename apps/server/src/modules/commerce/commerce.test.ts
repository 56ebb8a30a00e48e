import {
  BillingInfoCreated,
  BillingInfoResponse,
  CatalogResponse,
  OrderCreated,
  PaymentVendorResponse,
} from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BILLING,
  buyer,
  CARD,
  confirm,
  order,
  sellingShow,
  testpayHeaders,
  ticketItem,
} from '../../../test/commerce-fixtures.ts';
import { createTicket, showEntity } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { parseConfig } from '../../config.ts';
import { createShowsRepo } from '../shows/shows.repo.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ SHOWS_CACHE_MS: '0' });
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('GET /thor/pg/vendor/', () => {
  it('answers the publishable key of the card provider (testpay by default); 404 for another name; 401 logged out', async () => {
    const { headers } = await buyer(t.app, t.db);
    const res = await get('/thor/pg/vendor/', headers);
    expect(res.statusCode).toBe(200);
    expect(PaymentVendorResponse.parse(res.json())).toEqual({
      name: 'testpay',
      api_key: 'pk_test_encore_testpay',
    });
    expect((await get('/thor/pg/vendor/?name=testpay', headers)).statusCode).toBe(200);
    expect((await get('/thor/pg/vendor/?name=paypal', headers)).statusCode).toBe(404);
    expect((await get('/thor/pg/vendor/')).statusCode).toBe(401);
  });
});

describe('PAYMENT_PROVIDER', () => {
  it('production sells nothing until a real provider is configured: purchases off, 503 PAYMENTS_UNAVAILABLE, no testpay', async () => {
    const prod = await createTestContext({
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      DRM_TOKEN_SECRET: 'a-production-secret-of-32-chars!',
    });
    try {
      const config = (await prod.app.inject({ method: 'GET', url: '/config.json' })).json();
      expect(config.features.purchases).toBe(false);
      const { headers } = await buyer(prod.app, prod.db);
      const res = await prod.app.inject({
        method: 'POST',
        url: '/thor/pg/billing_info/',
        headers,
        payload: { billing: BILLING },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'PAYMENTS_UNAVAILABLE' });
      expect(
        (await prod.app.inject({ method: 'POST', url: '/testpay/v1/setup_intents/x/confirm' })).statusCode,
      ).toBe(404);
    } finally {
      await prod.close();
    }
    expect(() => parseConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'testpay' })).toThrow(
      /PAYMENT_PROVIDER: testpay/,
    );
    expect(parseConfig({}).payments.provider).toBe('testpay');
  });
});

describe('GET /thor/pg/catalog/?category=ticket', () => {
  it("lists the show's tickets for sale with names by locale, price and currency symbol; an item the show drops goes", async () => {
    const { headers } = await buyer(t.app, t.db);
    const { show, items } = await sellingShow(t.db, {
      items: (tag) => [
        ticketItem(`${tag}-hd`),
        ticketItem(`${tag}-4k`, { price: 3500, display_name: { en: '4K Pass' } }),
      ],
    });
    const url = `/thor/pg/catalog/?paid_event_name=${show.paid_event_name}&category=ticket`;
    const res = await get(url, headers);
    expect(res.statusCode).toBe(200);
    const { results } = CatalogResponse.parse(res.json());
    expect(results.map((r) => r.item_id)).toEqual(items.map((i) => i.item_id));
    expect(results[0]).toMatchObject({
      category: 'ticket',
      display_name: { en: 'HD Pass', ko: 'HD 패스' },
      display_description: { en: 'Six angles.' },
      price: 2500,
      price_display: '25.00',
      currency: 'USD',
      sale_currency_symbol: '$',
      paid_event_name: show.paid_event_name,
    });
    // The sticker catalogue of the same show is not mixed in.
    expect(
      (
        await get(`/thor/pg/catalog/?paid_event_name=${show.paid_event_name}&category=bundle`, headers)
      ).json(),
    ).toEqual({
      results: [],
    });
    await createShowsRepo(t.db).upsertBySlug({ ...show, ticket_items: [items[1] as (typeof items)[number]] });
    const after = CatalogResponse.parse((await get(url, headers)).json());
    expect(after.results.map((r) => r.item_id)).toEqual([items[1]?.item_id]);
    expect((await get('/thor/pg/catalog/?category=ticket')).statusCode).toBe(401);
  });

  it('COM-04: 408 INVALID_APP when the Accept header names another app; this app or none is served; 401 first', async () => {
    const { headers } = await buyer(t.app, t.db);
    const { show } = await sellingShow(t.db);
    const url = `/thor/pg/catalog/?paid_event_name=${show.paid_event_name}&category=ticket`;
    const accept = (app: string) =>
      `application/json; app=${app}; version=1.10.6; platform=web; os=linux; device=desktop`;
    const ours = await get(url, { ...headers, accept: accept('encore') });
    expect(ours.statusCode).toBe(200);
    expect(CatalogResponse.parse(ours.json()).results).toHaveLength(1);
    const foreign = await get(url, { ...headers, accept: accept('other-shop') });
    expect(foreign.statusCode).toBe(408);
    expect(foreign.json()).toMatchObject({ code: 'INVALID_APP' });
    expect((await get(url, { ...headers, accept: 'application/json; app=' })).statusCode).toBe(408);
    expect((await get(url, { ...headers, accept: 'application/json' })).statusCode).toBe(200);
    expect((await get(url, { accept: accept('other-shop') })).statusCode).toBe(401);
  });

  it('refuses a show whose ticket item id another show sells (409), saving nothing of it', async () => {
    const { items } = await sellingShow(t.db);
    const other = { ...showEntity(), ticket_items: items };
    await expect(createShowsRepo(t.db).upsertBySlug(other)).rejects.toMatchObject({ status: 409 });
    expect(await createShowsRepo(t.db).findBySlug(other.slug)).toBeUndefined();
  });
});

describe('/thor/pg/billing_info/', () => {
  it('POST answers 201 with a SetupIntent client_secret; the card confirmed with testpay shows as card-brand-last4', async () => {
    const { headers } = await buyer(t.app, t.db);
    expect(
      BillingInfoResponse.parse((await get('/thor/pg/billing_info/?vendor=testpay', headers)).json()),
    ).toEqual({
      results: [],
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/thor/pg/billing_info/',
      headers,
      payload: { billing: BILLING },
    });
    expect(res.statusCode).toBe(201);
    const created = BillingInfoCreated.parse(res.json());
    expect(created.client_secret).toMatch(/^seti_.+_secret_/);
    // Saved but not yet confirmed: billing off (COM-40: the first record's card is empty).
    const before = BillingInfoResponse.parse((await get('/thor/pg/billing_info/', headers)).json());
    expect(before.results).toEqual([
      { vendor: 'testpay', billing: BILLING, shipping: null, card: '', pg_key: created.pg_key },
    ]);

    const setup = await confirm(t.app, 'setup', created.client_secret, { card: CARD('4242 4242 4242 4242') });
    expect(setup.statusCode).toBe(200);
    expect(setup.json()).toMatchObject({ status: 'succeeded' });
    const after = BillingInfoResponse.parse((await get('/thor/pg/billing_info/', headers)).json());
    expect(after.results[0]?.card).toBe('card-visa-4242');
  });

  it('a declined card setup leaves no card; bad fields are 400; DELETE removes it, then 404', async () => {
    const { headers } = await buyer(t.app, t.db);
    const post = (billing: unknown) =>
      t.app.inject({ method: 'POST', url: '/thor/pg/billing_info/', headers, payload: { billing } });
    for (const bad of [
      { ...BILLING, country: 'KOR' },
      { ...BILLING, postal_code: '12' },
      { ...BILLING, first_name: ' A ' },
    ]) {
      expect((await post(bad)).statusCode).toBe(400);
    }
    const { client_secret } = BillingInfoCreated.parse((await post(BILLING)).json());
    const declined = await confirm(t.app, 'setup', client_secret, { card: CARD('4000000000000002') });
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toEqual({
      error: {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
      },
    });
    const luhn = await confirm(t.app, 'setup', client_secret, { card: CARD('4242424242424241') });
    expect(luhn.json()).toMatchObject({ error: { code: 'incorrect_number' } });
    expect(
      BillingInfoResponse.parse((await get('/thor/pg/billing_info/', headers)).json()).results[0]?.card,
    ).toBe('');
    // Another secret for the same intent is refused; a call without the publishable key too.
    expect(
      (
        await confirm(t.app, 'setup', `${client_secret.split('_secret_')[0]}_secret_x`, {
          card: CARD('4242424242424242'),
        })
      ).statusCode,
    ).toBe(404);
    const noKey = await t.app.inject({
      method: 'POST',
      url: '/testpay/v1/setup_intents/x/confirm',
      payload: { client_secret: 'x' },
    });
    expect(noKey.statusCode).toBe(401);

    const del = () => t.app.inject({ method: 'DELETE', url: '/thor/pg/billing_info/', headers });
    expect((await del()).statusCode).toBe(200);
    expect(BillingInfoResponse.parse((await get('/thor/pg/billing_info/', headers)).json()).results).toEqual(
      [],
    );
    expect((await del()).statusCode).toBe(404);
  });
});

describe('POST /thor/pg/order/ result codes', () => {
  it('400 BAD_REQUEST for a quantity other than 1, a ticket already held, no saved card; 404 unknown item; 409 DIFFERENT_CURRENCY', async () => {
    const { user, headers } = await buyer(t.app, t.db);
    const { row, items } = await sellingShow(t.db);
    const hd = items[0]?.item_id as string;
    const q2 = await order(t.app, headers, { item_list: [{ item_id: hd, quantity: 2 }] });
    expect(q2.statusCode).toBe(400);
    expect(q2.json()).toMatchObject({ code: 'BAD_REQUEST' });
    expect(
      (await order(t.app, headers, { item_list: [{ item_id: 'no-such-item', quantity: 1 }] })).statusCode,
    ).toBe(404);
    expect(
      (
        await order(t.app, headers, {
          item_list: [{ item_id: hd, quantity: 1 }],
          use_saved_payment_method: true,
        })
      ).statusCode,
    ).toBe(400);
    const yen = await sellingShow(t.db, {
      items: (tag) => [ticketItem(`${tag}-jp`, { currency: 'JPY', price: 3000 })],
    });
    const mixed = await order(t.app, headers, {
      item_list: [
        { item_id: hd, quantity: 1 },
        { item_id: yen.items[0]?.item_id, quantity: 1 },
      ],
    });
    expect(mixed.statusCode).toBe(409);
    expect(mixed.json()).toMatchObject({ code: 'DIFFERENT_CURRENCY' });
    expect((await order(t.app, {}, { item_list: [{ item_id: hd, quantity: 1 }] })).statusCode).toBe(401);

    await createTicket(t.db, { userId: user.id, showId: row.id, attributes: { type: 'Directors' } });
    const held = await order(t.app, headers, { item_list: [{ item_id: hd, quantity: 1 }] });
    expect(held.statusCode).toBe(400);
    expect(held.json()).toMatchObject({ message: 'You already have a ticket for this show.' });
  });

  it('200 with both answer shapes: result, message, order_status and status, client_secret, order_id, charges', async () => {
    const { headers } = await buyer(t.app, t.db);
    const { items } = await sellingShow(t.db);
    const res = await order(t.app, headers, {
      item_list: [{ item_id: items[0]?.item_id, quantity: 1 }],
      billing: BILLING,
    });
    expect(res.statusCode).toBe(200);
    const body = OrderCreated.parse(res.json());
    expect(body).toMatchObject({
      result: 'OK',
      order_status: 'requires_payment_method',
      status: 200,
      charges: { total_charges: 2500, currency: 'USD', sale_currency_symbol: '$' },
    });
    expect(body.client_secret).toMatch(/^pi_.+_secret_/);
    expect(body.order_id).toMatch(/^ord_/);
    // Without save_info nothing is kept.
    expect((await get('/thor/pg/billing_info/', headers)).json()).toEqual({ results: [] });
    expect(testpayHeaders.authorization).toContain('pk_test_');
  });
});
