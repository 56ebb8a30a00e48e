/**
 * The browser side of the card provider (DESIGN.md section 7). The default provider, testpay, is
 * called like a card provider's own client library: confirm card setup and confirm card payment
 * with a client_secret and the publishable key from GET /thor/pg/vendor/. Results have the same
 * shape as such libraries' results: `{error}` or the confirmed intent.
 */

export interface CardDetails {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
}

export interface ProviderError {
  type: string;
  code?: string;
  decline_code?: string;
  message: string;
}

export type ConfirmResult<K extends string> =
  | { error: ProviderError }
  | ({ error?: undefined } & Record<K, { id: string; status: string }>);

export interface ConfirmOptions {
  /** A new card; none pays with the card already on the intent (a saved card). */
  card?: CardDetails;
  /** Keep the card for later purchases (COM-20: 'Save for future purchases'). */
  setupFutureUsage?: 'off_session';
}

export interface CardProvider {
  confirmCardSetup(clientSecret: string, options: ConfirmOptions): Promise<ConfirmResult<'setupIntent'>>;
  confirmCardPayment(clientSecret: string, options: ConfirmOptions): Promise<ConfirmResult<'paymentIntent'>>;
}

const TESTPAY_BASE = '/testpay/v1';

async function call<K extends string>(
  apiKey: string,
  path: string,
  key: K,
  clientSecret: string,
  options: ConfirmOptions,
): Promise<ConfirmResult<K>> {
  const body = {
    client_secret: clientSecret,
    ...(options.card ? { payment_method: { card: options.card } } : {}),
    ...(options.setupFutureUsage ? { setup_future_usage: options.setupFutureUsage } : {}),
  };
  let res: Response;
  try {
    res = await fetch(`${TESTPAY_BASE}${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    return { error: { type: 'api_connection_error', message: 'We could not reach the payment provider.' } };
  }
  const data = (await res.json().catch(() => null)) as {
    error?: ProviderError;
    id?: string;
    status?: string;
  } | null;
  if (!res.ok || !data || data.error) {
    return {
      error: data?.error ?? { type: 'api_error', message: `The payment provider answered ${res.status}.` },
    };
  }
  return { [key]: { id: data.id ?? '', status: data.status ?? '' } } as ConfirmResult<K>;
}

const intentId = (clientSecret: string) => encodeURIComponent(clientSecret.split('_secret_')[0] ?? '');

/** The provider's client for this publishable key (COM-28). */
export function loadCardProvider(apiKey: string): CardProvider {
  return {
    confirmCardSetup: (secret, options) =>
      call(apiKey, `/setup_intents/${intentId(secret)}/confirm`, 'setupIntent', secret, options),
    confirmCardPayment: (secret, options) =>
      call(apiKey, `/payment_intents/${intentId(secret)}/confirm`, 'paymentIntent', secret, options),
  };
}
