import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import { AppError } from '../../errors.ts';
import type { Intent, PaymentEvent, PaymentProvider, SavedCard } from './payment-provider.ts';
import type { CardError } from './testpay-cards.ts';

export type StripeSettings = {
  secretKey: string;
  publishableKey: string;
  /** Signs the webhook deliveries (whsec_...): payment successes arrive only through them. */
  webhookSecret: string;
  /** Another API origin (tests: a local server speaking the Stripe API); default api.stripe.com. */
  apiBase?: string | undefined;
};

/** A webhook whose signature does not verify: answered 400 so nothing forged is applied. */
export class WebhookSignatureError extends Error {}

const UNAVAILABLE = 'Purchases are not available right now.';

function clientOptions(apiBase: string | undefined): Stripe.StripeConfig {
  const options: Stripe.StripeConfig = {
    // The SDK retries network failures and 409/5xx answers with the same Idempotency-Key.
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Encore' },
  };
  if (!apiBase) return options;
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    ...options,
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
  };
}

const cardOf = (pm: string | Stripe.PaymentMethod | null): SavedCard | null =>
  pm && typeof pm !== 'string' && pm.card
    ? { paymentMethodId: pm.id, brand: pm.card.brand, last4: pm.card.last4 }
    : null;

const paidWith = (pm: string | Stripe.PaymentMethod | null) => {
  const card = cardOf(pm);
  return card ? { brand: card.brand, last4: card.last4 } : null;
};

const customerOf = (c: string | Stripe.Customer | Stripe.DeletedCustomer | null) =>
  c === null ? null : typeof c === 'string' ? c : c.id;

/**
 * The Stripe adapter (DESIGN.md section 7, docs/decisions.md): the same intents as testpay, on
 * Stripe's API. The browser confirms with Stripe.js; payment and setup successes come back as signed
 * webhooks, each re-read from the API (with its payment method) before it is applied.
 */
export function createStripeProvider(deps: { settings: StripeSettings; log: FastifyBaseLogger }) {
  const { settings, log } = deps;
  const stripe = new Stripe(settings.secretKey, clientOptions(settings.apiBase));
  const listeners: Array<(e: PaymentEvent) => Promise<void>> = [];
  const emit = async (event: PaymentEvent) => {
    for (const l of listeners) await l(event);
  };

  /**
   * Stripe down, our key refused or rate-limited: the fan sees the 503 of a provider that cannot be
   * used now. A malformed request is our bug and stays a 500.
   */
  function fromStripe(err: unknown): never {
    if (
      err instanceof Stripe.errors.StripeConnectionError ||
      err instanceof Stripe.errors.StripeAPIError ||
      err instanceof Stripe.errors.StripeAuthenticationError ||
      err instanceof Stripe.errors.StripePermissionError ||
      err instanceof Stripe.errors.StripeRateLimitError
    ) {
      log.error({ err: { type: err.type, code: err.code, message: err.message } }, 'stripe unavailable');
      throw new AppError('PAYMENTS_UNAVAILABLE', 503, UNAVAILABLE);
    }
    throw err;
  }
  const call = async <T>(fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (err) {
      return fromStripe(err);
    }
  };

  const intentOf = (i: Stripe.PaymentIntent | Stripe.SetupIntent): Intent => ({
    id: i.id,
    client_secret: i.client_secret ?? '',
    status: i.status,
  });

  /** A succeeded payment as the commerce module's event; the card is kept when the fan chose so. */
  async function paymentEvent(intentId: string): Promise<PaymentEvent | null> {
    const pi = await call(() => stripe.paymentIntents.retrieve(intentId, { expand: ['payment_method'] }));
    if (pi.status !== 'succeeded') return null;
    const customerId = customerOf(pi.customer);
    const keep = pi.setup_future_usage === 'off_session' && customerId !== null;
    return {
      type: 'payment_intent.succeeded',
      intentId: pi.id,
      customerId,
      savedCard: keep ? cardOf(pi.payment_method) : null,
      card: paidWith(pi.payment_method),
    };
  }

  async function setupEvent(intentId: string): Promise<PaymentEvent | null> {
    const si = await call(() => stripe.setupIntents.retrieve(intentId, { expand: ['payment_method'] }));
    const customerId = customerOf(si.customer);
    const savedCard = cardOf(si.payment_method);
    if (si.status !== 'succeeded' || !customerId || !savedCard) return null;
    return { type: 'setup_intent.succeeded', intentId: si.id, customerId, savedCard };
  }

  const provider: PaymentProvider = {
    name: 'stripe',
    publishableKey: settings.publishableKey,
    async createCustomer() {
      const customer = await call(() => stripe.customers.create({ metadata: { source: 'encore' } }));
      return customer.id;
    },
    async createSetupIntent(customerId) {
      // usage off_session: a saved card pays later without the fan (stickers, COM-20).
      const si = await call(() =>
        stripe.setupIntents.create({
          customer: customerId,
          usage: 'off_session',
          allowed_payment_method_types: ['card'],
        }),
      );
      return intentOf(si);
    },
    async createPaymentIntent(p) {
      const pi = await call(() =>
        stripe.paymentIntents.create(
          {
            amount: p.amount,
            currency: p.currency.toLowerCase(),
            allowed_payment_method_types: ['card'],
            ...(p.customerId ? { customer: p.customerId } : {}),
            ...(p.paymentMethodId ? { payment_method: p.paymentMethodId } : {}),
            metadata: p.metadata,
          },
          // One intent per order, even when the request is retried.
          p.metadata.order_id ? { idempotencyKey: `encore-pi-${p.metadata.order_id}` } : {},
        ),
      );
      return intentOf(pi);
    },
    async confirmOffSession(intentId) {
      let pi: Stripe.PaymentIntent;
      try {
        pi = await stripe.paymentIntents.confirm(
          intentId,
          { off_session: true },
          { idempotencyKey: `encore-confirm-${intentId}` },
        );
      } catch (err) {
        if (err instanceof Stripe.errors.StripeCardError) {
          const error: CardError = {
            type: 'card_error',
            code: err.code ?? 'card_declined',
            ...(err.decline_code ? { decline_code: err.decline_code } : {}),
            message: err.message,
          };
          return { ok: false, error };
        }
        return fromStripe(err);
      }
      if (pi.status !== 'succeeded') {
        // requires_action: the bank wants the fan present; off-session cannot pay this card.
        return {
          ok: false,
          error: {
            type: 'card_error',
            code: 'authentication_required',
            message: 'Your bank asks you to confirm this payment; buy it with the card form instead.',
          },
        };
      }
      // The order is fulfilled before the answer, as with testpay; the webhook then finds it done.
      await emit({
        type: 'payment_intent.succeeded',
        intentId: pi.id,
        customerId: customerOf(pi.customer),
        savedCard: null,
        // The saved card charged here is already on the order (set when it was placed).
        card: null,
      });
      return { ok: true };
    },
    async refund(intentId, amount, reference) {
      await call(() =>
        stripe.refunds.create(
          { payment_intent: intentId, amount },
          { idempotencyKey: `encore-refund-${reference ?? `${intentId}-${amount}`}` },
        ),
      );
    },
    async detachPaymentMethod(pmId) {
      try {
        await stripe.paymentMethods.detach(pmId, {}, { idempotencyKey: `encore-detach-${pmId}` });
      } catch (err) {
        // Already detached (or deleted on the dashboard): nothing of it remains to remove.
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_missing') return;
        return fromStripe(err);
      }
    },
    onEvent(listener) {
      listeners.push(listener);
    },
  };

  return {
    provider,
    /**
     * A webhook delivery: the signature is checked against the raw body, then the intent is read
     * back from the API; other event types are acknowledged and ignored.
     */
    async handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<{ applied: boolean }> {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', settings.webhookSecret);
      } catch (err) {
        throw new WebhookSignatureError((err as Error).message);
      }
      let applied: PaymentEvent | null = null;
      if (event.type === 'payment_intent.succeeded') applied = await paymentEvent(event.data.object.id);
      if (event.type === 'setup_intent.succeeded') applied = await setupEvent(event.data.object.id);
      if (applied) await emit(applied);
      return { applied: applied !== null };
    },
  };
}

export type StripeAdapter = ReturnType<typeof createStripeProvider>;
