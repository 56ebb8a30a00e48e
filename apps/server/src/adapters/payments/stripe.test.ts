import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OrderCreated } from '@encore/contract';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BILLING, buyer, order, sellingShow } from '../../../test/commerce-fixtures.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { parseConfig } from '../../config.ts';
import { AppError } from '../../errors.ts';
import type { PaymentEvent } from './payment-provider.ts';
import { STRIPE_WEBHOOK_PATH } from './stripe.routes.ts';
import { createStripeProvider } from './stripe.ts';

// A small server on localhost speaks the Stripe API for the calls the adapter makes: it records each
// request (method, path, form fields, headers) and answers what the test sets for that path.
type Seen = {
  method: string;
  path: string;
  query: string;
  form: URLSearchParams;
  headers: IncomingMessage['headers'];
};
type Answer = { status: number; body: unknown };
let server: Server;
let apiBase: string;
let seen: Seen[] = [];
let answers: Record<string, Answer> = {};

const SECRET = 'sk_test_encore_stripe_adapter';
const WEBHOOK_SECRET = 'whsec_encore_test_secret';
const silent = { error() {}, warn() {}, info() {}, debug() {} } as never;

const cardError = (code: string, message: string, decline_code?: string): Answer => ({
  status: 402,
  body: { error: { type: 'card_error', code, message, ...(decline_code ? { decline_code } : {}) } },
});
const paymentIntent = (over: Record<string, unknown> = {}) => ({
  id: 'pi_1',
  object: 'payment_intent',
  client_secret: 'pi_1_secret_abc',
  status: 'requires_payment_method',
  customer: 'cus_1',
  setup_future_usage: null,
  payment_method: null,
  ...over,
});
const PM = { id: 'pm_1', object: 'payment_method', card: { brand: 'visa', last4: '4242' } };

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const key = `${req.method} ${url.pathname}`;
      seen.push({
        method: req.method ?? '',
        path: url.pathname,
        query: url.search,
        form: new URLSearchParams(Buffer.concat(chunks).toString()),
        headers: req.headers,
      });
      const answer = answers[key] ?? {
        status: 404,
        body: {
          error: { type: 'invalid_request_error', code: 'resource_missing', message: `No route ${key}` },
        },
      };
      // Stripe's own hint, so the SDK does not retry the errors the test sets.
      res.writeHead(answer.status, {
        'content-type': 'application/json',
        'stripe-should-retry': 'false',
        'request-id': 'req_test',
      });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  seen = [];
  answers = {};
});

const adapter = () =>
  createStripeProvider({
    settings: { secretKey: SECRET, publishableKey: 'pk_test_encore', webhookSecret: WEBHOOK_SECRET, apiBase },
    log: silent,
  });
const last = (path: string) => {
  const s = seen.filter((r) => r.path === path).at(-1);
  if (!s) throw new Error(`no request to ${path}`);
  return s;
};
const signed = (event: unknown) => {
  const payload = JSON.stringify(event);
  return { payload, header: Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) };
};

describe('the Stripe adapter against a local Stripe API', () => {
  it('creates a customer, an off-session SetupIntent and a PaymentIntent with form fields, the secret key and idempotency keys', async () => {
    answers['POST /v1/customers'] = { status: 200, body: { id: 'cus_1', object: 'customer' } };
    answers['POST /v1/setup_intents'] = {
      status: 200,
      body: {
        id: 'seti_1',
        object: 'setup_intent',
        client_secret: 'seti_1_secret_x',
        status: 'requires_payment_method',
      },
    };
    answers['POST /v1/payment_intents'] = { status: 200, body: paymentIntent() };
    const { provider } = adapter();
    expect(await provider.createCustomer()).toBe('cus_1');
    expect(await provider.createSetupIntent('cus_1')).toEqual({
      id: 'seti_1',
      client_secret: 'seti_1_secret_x',
      status: 'requires_payment_method',
    });
    const intent = await provider.createPaymentIntent({
      amount: 2500,
      currency: 'USD',
      customerId: 'cus_1',
      paymentMethodId: null,
      metadata: { order_id: 'ord_42' },
    });
    expect(intent).toEqual({
      id: 'pi_1',
      client_secret: 'pi_1_secret_abc',
      status: 'requires_payment_method',
    });

    for (const r of seen) {
      expect(r.method).toBe('POST');
      expect(r.headers.authorization).toBe(`Bearer ${SECRET}`);
      expect(r.headers['content-type']).toContain('application/x-www-form-urlencoded');
      expect(r.headers['idempotency-key']).toBeTruthy();
    }
    const setup = last('/v1/setup_intents').form;
    expect(setup.get('customer')).toBe('cus_1');
    expect(setup.get('usage')).toBe('off_session');
    expect(setup.get('allowed_payment_method_types[0]')).toBe('card');
    const pay = last('/v1/payment_intents');
    expect(pay.form.get('amount')).toBe('2500');
    expect(pay.form.get('currency')).toBe('usd');
    expect(pay.form.get('customer')).toBe('cus_1');
    expect(pay.form.has('payment_method')).toBe(false);
    expect(pay.form.get('metadata[order_id]')).toBe('ord_42');
    // One PaymentIntent per order however often the request is sent.
    expect(pay.headers['idempotency-key']).toBe('encore-pi-ord_42');
  });

  it('confirms a saved card off-session: success emits the payment at once; a decline maps to the card error', async () => {
    const { provider } = adapter();
    const events: PaymentEvent[] = [];
    provider.onEvent(async (e) => {
      events.push(e);
    });
    answers['POST /v1/payment_intents/pi_1/confirm'] = {
      status: 200,
      body: paymentIntent({ status: 'succeeded' }),
    };
    expect(await provider.confirmOffSession('pi_1')).toEqual({ ok: true });
    const confirm = last('/v1/payment_intents/pi_1/confirm');
    expect(confirm.form.get('off_session')).toBe('true');
    expect(confirm.headers['idempotency-key']).toBe('encore-confirm-pi_1');
    expect(events).toEqual([
      {
        type: 'payment_intent.succeeded',
        intentId: 'pi_1',
        customerId: 'cus_1',
        savedCard: null,
        card: null,
      },
    ]);

    answers['POST /v1/payment_intents/pi_1/confirm'] = cardError(
      'card_declined',
      'Your card has insufficient funds.',
      'insufficient_funds',
    );
    expect(await provider.confirmOffSession('pi_1')).toEqual({
      ok: false,
      error: {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'insufficient_funds',
        message: 'Your card has insufficient funds.',
      },
    });
    answers['POST /v1/payment_intents/pi_1/confirm'] = {
      status: 200,
      body: paymentIntent({ status: 'requires_action' }),
    };
    const action = await provider.confirmOffSession('pi_1');
    expect(action.ok === false && action.error.code).toBe('authentication_required');
    expect(events).toHaveLength(1);
  });

  it('refunds with an idempotency key naming the order lines; a refusal throws; an outage is 503 PAYMENTS_UNAVAILABLE', async () => {
    const { provider } = adapter();
    answers['POST /v1/refunds'] = {
      status: 200,
      body: { id: 're_1', object: 'refund', status: 'succeeded' },
    };
    await provider.refund('pi_1', 2500, 'ord_1-1');
    const refund = last('/v1/refunds');
    expect(refund.form.get('payment_intent')).toBe('pi_1');
    expect(refund.form.get('amount')).toBe('2500');
    expect(refund.headers['idempotency-key']).toBe('encore-refund-ord_1-1');

    answers['POST /v1/refunds'] = {
      status: 400,
      body: {
        error: {
          type: 'invalid_request_error',
          code: 'charge_already_refunded',
          message: 'Charge has already been refunded.',
        },
      },
    };
    await expect(provider.refund('pi_1', 2500, 'ord_1-1')).rejects.toThrow(
      'Charge has already been refunded.',
    );

    answers['POST /v1/refunds'] = {
      status: 401,
      body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_***' } },
    };
    const outage = await provider.refund('pi_1', 2500, 'ord_2-1').catch((e: unknown) => e);
    expect(outage).toBeInstanceOf(AppError);
    expect(outage).toMatchObject({ code: 'PAYMENTS_UNAVAILABLE', status: 503 });
  });

  it('detaches a card; one already gone is not an error', async () => {
    const { provider } = adapter();
    answers['POST /v1/payment_methods/pm_1/detach'] = { status: 200, body: { ...PM, customer: null } };
    await provider.detachPaymentMethod('pm_1');
    expect(last('/v1/payment_methods/pm_1/detach').headers['idempotency-key']).toBe('encore-detach-pm_1');
    answers['POST /v1/payment_methods/pm_1/detach'] = {
      status: 404,
      body: {
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: "No such PaymentMethod: 'pm_1'",
        },
      },
    };
    await expect(provider.detachPaymentMethod('pm_1')).resolves.toBeUndefined();
  });

  it('verifies webhook signatures and reads the intent back (with its card) before emitting; forged or unsigned bodies are refused', async () => {
    const stripe = adapter();
    const events: PaymentEvent[] = [];
    stripe.provider.onEvent(async (e) => {
      events.push(e);
    });
    answers['GET /v1/payment_intents/pi_1'] = {
      status: 200,
      body: paymentIntent({ status: 'succeeded', setup_future_usage: 'off_session', payment_method: PM }),
    };
    const event = {
      id: 'evt_1',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { id: 'pi_1', object: 'payment_intent' } },
    };
    const { payload, header } = signed(event);
    expect(await stripe.handleWebhook(Buffer.from(payload), header)).toEqual({ applied: true });
    expect(last('/v1/payment_intents/pi_1').query).toContain('expand');
    expect(events).toEqual([
      {
        type: 'payment_intent.succeeded',
        intentId: 'pi_1',
        customerId: 'cus_1',
        savedCard: { paymentMethodId: 'pm_1', brand: 'visa', last4: '4242' },
        card: { brand: 'visa', last4: '4242' },
      },
    ]);

    // The card is kept only when the fan asked for it (COM-20: 'Save for future purchases' unticked).
    answers['GET /v1/payment_intents/pi_1'] = {
      status: 200,
      body: paymentIntent({ status: 'succeeded', setup_future_usage: null, payment_method: PM }),
    };
    await stripe.handleWebhook(Buffer.from(payload), header);
    // The card that paid is still named for the receipt (issue 26).
    expect(events[1]).toMatchObject({ savedCard: null, card: { brand: 'visa', last4: '4242' } });

    answers['GET /v1/setup_intents/seti_1'] = {
      status: 200,
      body: {
        id: 'seti_1',
        object: 'setup_intent',
        status: 'succeeded',
        customer: 'cus_1',
        payment_method: PM,
      },
    };
    const setup = signed({ ...event, type: 'setup_intent.succeeded', data: { object: { id: 'seti_1' } } });
    await stripe.handleWebhook(Buffer.from(setup.payload), setup.header);
    expect(events[2]).toEqual({
      type: 'setup_intent.succeeded',
      intentId: 'seti_1',
      customerId: 'cus_1',
      savedCard: { paymentMethodId: 'pm_1', brand: 'visa', last4: '4242' },
    });

    const other = signed({ ...event, type: 'charge.refunded' });
    expect(await stripe.handleWebhook(Buffer.from(other.payload), other.header)).toEqual({ applied: false });
    const forged = payload.replace('pi_1', 'pi_2');
    await expect(stripe.handleWebhook(Buffer.from(forged), header)).rejects.toThrow();
    await expect(stripe.handleWebhook(Buffer.from(payload), undefined)).rejects.toThrow();
    expect(events).toHaveLength(3);
  });
});

describe('PAYMENT_PROVIDER=stripe', () => {
  const keys = {
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: SECRET,
    STRIPE_PUBLISHABLE_KEY: 'pk_test_encore',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  };
  const production = {
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://encore.example',
    SMTP_URL: 'smtp://127.0.0.1:2525',
    DRM_TOKEN_SECRET: 'a-production-secret-of-32-chars!',
  };

  it('is allowed in production with its keys and refuses to start without them, naming each', () => {
    expect(parseConfig({ ...production, ...keys }).payments).toMatchObject({
      provider: 'stripe',
      stripe: { secretKey: SECRET, publishableKey: 'pk_test_encore' },
    });
    expect(() => parseConfig({ ...production, PAYMENT_PROVIDER: 'stripe' })).toThrow(
      /STRIPE_SECRET_KEY: required when PAYMENT_PROVIDER=stripe[\s\S]*STRIPE_PUBLISHABLE_KEY[\s\S]*STRIPE_WEBHOOK_SECRET/,
    );
    expect(() => parseConfig({ ...keys, STRIPE_SECRET_KEY: 'pk_test_wrong_kind' })).toThrow(
      /STRIPE_SECRET_KEY/,
    );
  });

  describe('the app with Stripe', () => {
    let t: TestContext;
    beforeAll(async () => {
      t = await createTestContext({ ...keys, STRIPE_API_BASE: apiBase, SHOWS_CACHE_MS: '0' });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('sells a ticket: the order opens a PaymentIntent, the signed webhook fulfils it and grants the ticket; a bad signature is 400', async () => {
      const { headers } = await buyer(t.app, t.db);
      const vendor = await t.app.inject({ method: 'GET', url: '/thor/pg/vendor/', headers });
      expect(vendor.json()).toEqual({ name: 'stripe', api_key: 'pk_test_encore' });
      // The web's card form is testpay's: its Buy buttons stay hidden until it mounts Stripe.js.
      expect((await t.app.inject({ method: 'GET', url: '/config.json' })).json().features.purchases).toBe(
        false,
      );

      const { show, items } = await sellingShow(t.db);
      answers['POST /v1/customers'] = { status: 200, body: { id: 'cus_9', object: 'customer' } };
      answers['POST /v1/payment_intents'] = {
        status: 200,
        body: paymentIntent({ id: 'pi_9', client_secret: 'pi_9_secret_z', customer: 'cus_9' }),
      };
      const res = await order(t.app, headers, {
        item_list: [{ item_id: items[0]?.item_id, quantity: 1 }],
        use_saved_payment_method: false,
        require_user_confirmation: true,
        save_info: true,
        billing: BILLING,
      });
      expect(res.statusCode).toBe(200);
      const created = OrderCreated.parse(res.json());
      expect(created.client_secret).toBe('pi_9_secret_z');
      expect(last('/v1/payment_intents').form.get('metadata[order_id]')).toBe(created.order_id);

      const history = () =>
        t.app.inject({ method: 'GET', url: `/thor/pg/order/?order_id=${created.order_id}`, headers });
      expect((await history()).json().results[0].status).not.toBe('fulfilled');

      answers['GET /v1/payment_intents/pi_9'] = {
        status: 200,
        body: paymentIntent({
          id: 'pi_9',
          status: 'succeeded',
          customer: 'cus_9',
          setup_future_usage: 'off_session',
          payment_method: PM,
        }),
      };
      const event = {
        id: 'evt_9',
        object: 'event',
        type: 'payment_intent.succeeded',
        data: { object: { id: 'pi_9' } },
      };
      const { payload, header } = signed(event);
      const bad = await t.app.inject({
        method: 'POST',
        url: STRIPE_WEBHOOK_PATH,
        headers: {
          'content-type': 'application/json',
          'stripe-signature': header.replace(/v1=\w+/, 'v1=00'),
        },
        payload,
      });
      expect(bad.statusCode).toBe(400);
      expect((await history()).json().results[0].status).not.toBe('fulfilled');

      const hook = await t.app.inject({
        method: 'POST',
        url: STRIPE_WEBHOOK_PATH,
        headers: { 'content-type': 'application/json', 'stripe-signature': header },
        payload,
      });
      expect(hook.statusCode).toBe(200);
      expect((await history()).json().results[0].status).toBe('fulfilled');
      const billing = await t.app.inject({ method: 'GET', url: '/thor/pg/billing_info/', headers });
      expect(billing.json().results[0].card).toBe('card-visa-4242');
      const ticket = await t.app.inject({
        method: 'POST',
        url: '/thor/ticket/validate/',
        headers,
        payload: { paid_event: show.paid_event_name, redeemed_only: true },
      });
      expect(ticket.statusCode).toBe(200);
    });
  });
});
