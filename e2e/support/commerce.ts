import { type APIRequestContext, expect, type Locator } from '@playwright/test';
import type { SignedIn } from './chat.ts';

/** Helpers of the purchase journeys: cards saved through the API, the Payment Info form filled in. */

const BILLING = {
  first_name: 'Mina',
  last_name: 'Park',
  line1: '1 Stage Road',
  line2: '',
  city: 'Seoul',
  state: 'Seoul',
  country: 'KR',
  postal_code: '04524',
};

/**
 * Payment Info through the API, as the browser does it: the billing address (201 with a card setup's
 * client_secret), then the card confirmed at testpay with the publishable key (COM-41).
 */
export async function saveCardByApi(
  request: APIRequestContext,
  who: SignedIn,
  number: string,
): Promise<void> {
  const headers = { authorization: `Token ${who.token}` };
  const vendor = (await (await request.get('/thor/pg/vendor/?name=testpay', { headers })).json()) as {
    api_key: string;
  };
  const saved = await request.post('/thor/pg/billing_info/', { headers, data: { billing: BILLING } });
  expect(saved.status()).toBe(201);
  const secret = ((await saved.json()) as { client_secret: string }).client_secret;
  const confirmed = await request.post(`/testpay/v1/setup_intents/${secret.split('_secret_')[0]}/confirm`, {
    headers: { authorization: `Bearer ${vendor.api_key}` },
    data: {
      client_secret: secret,
      payment_method: { card: { number, exp_month: 12, exp_year: 2040, cvc: '123' } },
    },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
}

/** The Payment Info (or ADD_PAYMENT) form: a card and the billing address. */
export async function fillPaymentForm(form: Locator, number: string): Promise<void> {
  await form.getByTestId('card-number').fill(number);
  await form.getByTestId('card-expiry').fill('12/34');
  await form.getByTestId('card-cvc').fill('123');
  await form.getByTestId('billing-first_name').fill(BILLING.first_name);
  await form.getByTestId('billing-last_name').fill(BILLING.last_name);
  await form.getByTestId('billing-line1').fill(BILLING.line1);
  await form.getByTestId('billing-city').fill(BILLING.city);
  await form.getByTestId('billing-state').fill(BILLING.state);
  await form.getByTestId('billing-country').selectOption(BILLING.country);
  await form.getByTestId('billing-postal_code').fill(BILLING.postal_code);
}

/**
 * A ticket bought through the API as the browser buys it: the order (in the page language `lang`),
 * then the card payment confirmed at testpay with the publishable key.
 */
export async function buyByApi(
  request: APIRequestContext,
  token: string,
  itemId: string,
  number: string,
  lang: string,
): Promise<string> {
  const headers = { authorization: `Token ${token}` };
  const vendor = (await (await request.get('/thor/pg/vendor/?name=testpay', { headers })).json()) as {
    api_key: string;
  };
  const order = await request.post('/thor/pg/order/', {
    headers,
    data: { item_list: [{ item_id: itemId, quantity: 1 }], billing: BILLING, lang },
  });
  expect(order.status(), await order.text()).toBe(200);
  const { client_secret: secret, order_id: orderId } = (await order.json()) as {
    client_secret: string;
    order_id: string;
  };
  const paid = await request.post(`/testpay/v1/payment_intents/${secret.split('_secret_')[0]}/confirm`, {
    headers: { authorization: `Bearer ${vendor.api_key}` },
    data: {
      client_secret: secret,
      payment_method: { card: { number, exp_month: 12, exp_year: 2040, cvc: '123' } },
    },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  return orderId;
}
