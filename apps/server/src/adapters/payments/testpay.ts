import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import type { Intent, PaymentEvent, PaymentProvider, SavedCard } from './payment-provider.ts';
import { type CardError, type CardInput, type CardOutcome, checkCard, failureOf } from './testpay-cards.ts';

/** testpay's publishable key: the browser sends it with every call, as with a real provider. */
export const TESTPAY_PUBLISHABLE_KEY = 'pk_test_encore_testpay';

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

type RequestError = { type: 'invalid_request_error'; code: string; message: string };

export class TestpayError extends Error {
  readonly status: number;
  readonly error: CardError | RequestError;
  constructor(status: number, error: CardError | RequestError) {
    super(error.message);
    this.status = status;
    this.error = error;
  }
}

export type ConfirmInput = {
  client_secret: string;
  /** A new card, or the id of a payment method already saved. */
  card?: CardInput;
  payment_method?: string;
  setup_future_usage?: 'off_session' | 'on_session';
};

/**
 * The embedded card provider (DESIGN.md section 7): intents and payment methods in the database,
 * so every node sees them; the usual test cards decide each outcome (testpay-cards.ts).
 */
export function createTestpay(deps: { db: Db; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const listeners: Array<(e: PaymentEvent) => Promise<void>> = [];
  const emit = async (event: PaymentEvent) => {
    for (const l of listeners) await l(event);
  };

  async function intentFor(intentId: string, secret: string, kind: 'payment' | 'setup') {
    const row = await db
      .selectFrom('testpay_intents')
      .selectAll()
      .where('id', '=', intentId)
      .executeTakeFirst();
    if (!row || row.kind !== kind || row.client_secret !== secret) {
      throw new TestpayError(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such ${kind}_intent: '${intentId}'`,
      });
    }
    return row;
  }

  async function newMethod(card: CardInput, customerId: string | null) {
    const checked = checkCard(card, now());
    if ('code' in checked) throw new TestpayError(402, checked);
    const number = card.number.replace(/[\s-]/g, '');
    const pm = {
      id: id('pm'),
      customer_id: customerId,
      brand: checked.brand,
      last4: number.slice(-4),
      exp_month: card.exp_month,
      exp_year: card.exp_year < 100 ? 2000 + card.exp_year : card.exp_year,
      outcome: checked.outcome,
    };
    await db.insertInto('testpay_payment_methods').values(pm).execute();
    return pm;
  }

  async function savedMethod(pmId: string) {
    const pm = await db
      .selectFrom('testpay_payment_methods')
      .selectAll()
      .where('id', '=', pmId)
      .executeTakeFirst();
    if (!pm) {
      throw new TestpayError(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such PaymentMethod: '${pmId}'`,
      });
    }
    return pm;
  }

  const saved = (pm: { id: string; brand: string; last4: string }): SavedCard => ({
    paymentMethodId: pm.id,
    brand: pm.brand,
    last4: pm.last4,
  });

  async function fail(intentId: string, error: CardError, status: string): Promise<never> {
    await db
      .updateTable('testpay_intents')
      .set({ status, last_error: JSON.stringify(error) })
      .where('id', '=', intentId)
      .execute();
    throw new TestpayError(402, error);
  }

  /** Charges a payment intent with its method; emits the success once. */
  async function charge(
    intentId: string,
    pm: { id: string; outcome: string; brand: string; last4: string },
    keep: boolean,
  ) {
    const error = failureOf(pm.outcome as CardOutcome, 'charge');
    if (error) return fail(intentId, error, 'requires_payment_method');
    const done = await db
      .updateTable('testpay_intents')
      .set({ status: 'succeeded', payment_method_id: pm.id, last_error: null })
      .where('id', '=', intentId)
      .where('status', '!=', 'succeeded')
      .returning(['id', 'customer_id'])
      .executeTakeFirst();
    if (done) {
      if (keep && done.customer_id) {
        await db
          .updateTable('testpay_payment_methods')
          .set({ customer_id: done.customer_id })
          .where('id', '=', pm.id)
          .execute();
      }
      await emit({
        type: 'payment_intent.succeeded',
        intentId,
        customerId: done.customer_id,
        savedCard: keep && done.customer_id ? saved(pm) : null,
        card: { brand: pm.brand, last4: pm.last4 },
      });
    }
  }

  const provider: PaymentProvider = {
    name: 'testpay',
    publishableKey: TESTPAY_PUBLISHABLE_KEY,
    async createCustomer() {
      return id('cus');
    },
    async createSetupIntent(customerId) {
      const intentId = id('seti');
      const row = {
        id: intentId,
        kind: 'setup' as const,
        client_secret: `${intentId}_secret_${randomBytes(12).toString('hex')}`,
        customer_id: customerId,
        status: 'requires_payment_method',
      };
      await db.insertInto('testpay_intents').values(row).execute();
      return { id: row.id, client_secret: row.client_secret, status: row.status };
    },
    async createPaymentIntent(p): Promise<Intent> {
      const intentId = id('pi');
      const row = {
        id: intentId,
        kind: 'payment' as const,
        client_secret: `${intentId}_secret_${randomBytes(12).toString('hex')}`,
        customer_id: p.customerId,
        amount: p.amount,
        currency: p.currency,
        payment_method_id: p.paymentMethodId,
        status: p.paymentMethodId ? 'requires_confirmation' : 'requires_payment_method',
        metadata: JSON.stringify(p.metadata),
      };
      await db.insertInto('testpay_intents').values(row).execute();
      return { id: row.id, client_secret: row.client_secret, status: row.status };
    },
    async confirmOffSession(intentId) {
      const row = await db
        .selectFrom('testpay_intents')
        .selectAll()
        .where('id', '=', intentId)
        .executeTakeFirstOrThrow();
      if (!row.payment_method_id) throw new Error('testpay: no payment method to charge');
      try {
        await charge(intentId, await savedMethod(row.payment_method_id), false);
        return { ok: true };
      } catch (err) {
        if (err instanceof TestpayError && err.error.type !== 'invalid_request_error')
          return { ok: false, error: err.error };
        throw err;
      }
    },
    async refund(intentId, amount) {
      const done = await db
        .updateTable('testpay_intents')
        .set((eb) => ({ amount_refunded: eb('amount_refunded', '+', amount) }))
        .where('id', '=', intentId)
        .where('status', '=', 'succeeded')
        .where((eb) => eb(eb('amount_refunded', '+', amount), '<=', eb.ref('amount')))
        .returning('id')
        .executeTakeFirst();
      if (!done) throw new Error(`testpay: charge ${intentId} cannot be refunded by ${amount}`);
    },
    async detachPaymentMethod(pmId) {
      await db
        .updateTable('testpay_payment_methods')
        .set({ customer_id: null })
        .where('id', '=', pmId)
        .execute();
    },
    async succeededAmong(intentIds) {
      if (intentIds.length === 0) return [];
      const rows = await db
        .selectFrom('testpay_intents')
        .select('id')
        .where('id', 'in', [...intentIds])
        .where('kind', '=', 'payment')
        .where('status', '=', 'succeeded')
        .execute();
      return rows.map((r) => r.id);
    },
    onEvent(listener) {
      listeners.push(listener);
    },
  };

  return {
    provider,
    /** The browser's confirm card setup (a provider's own endpoint). */
    async confirmSetup(intentId: string, input: ConfirmInput) {
      const intent = await intentFor(intentId, input.client_secret, 'setup');
      if (intent.status === 'succeeded')
        return { id: intent.id, status: intent.status, payment_method: intent.payment_method_id };
      if (!input.card || !intent.customer_id) {
        throw new TestpayError(400, {
          type: 'invalid_request_error',
          code: 'parameter_missing',
          message: 'Missing card details.',
        });
      }
      const pm = await newMethod(input.card, null);
      const error = failureOf(pm.outcome as CardOutcome, 'setup');
      if (error) return fail(intent.id, error, 'requires_payment_method');
      await db
        .updateTable('testpay_payment_methods')
        .set({ customer_id: intent.customer_id })
        .where('id', '=', pm.id)
        .execute();
      const done = await db
        .updateTable('testpay_intents')
        .set({ status: 'succeeded', payment_method_id: pm.id, last_error: null })
        .where('id', '=', intent.id)
        .where('status', '!=', 'succeeded')
        .returning('id')
        .executeTakeFirst();
      if (done)
        await emit({
          type: 'setup_intent.succeeded',
          intentId: intent.id,
          customerId: intent.customer_id,
          savedCard: saved(pm),
        });
      return { id: intent.id, status: 'succeeded', payment_method: pm.id };
    },
    /** The browser's confirm card payment with the order's client_secret. */
    async confirmPayment(intentId: string, input: ConfirmInput) {
      const intent = await intentFor(intentId, input.client_secret, 'payment');
      const base = { id: intent.id, amount: intent.amount, currency: intent.currency };
      if (intent.status === 'succeeded') return { ...base, status: 'succeeded' };
      if (intent.status === 'canceled') {
        throw new TestpayError(400, {
          type: 'invalid_request_error',
          code: 'payment_intent_unexpected_state',
          message: 'This payment was canceled.',
        });
      }
      const pmId = input.payment_method ?? (input.card ? undefined : intent.payment_method_id);
      let pm: { id: string; outcome: string; brand: string; last4: string; customer_id: string | null };
      if (pmId) {
        pm = await savedMethod(pmId);
        if (pm.customer_id !== intent.customer_id) {
          throw new TestpayError(400, {
            type: 'invalid_request_error',
            code: 'payment_method_not_available',
            message: 'This card belongs to another customer.',
          });
        }
      } else if (input.card) {
        try {
          pm = await newMethod(input.card, null);
        } catch (err) {
          if (err instanceof TestpayError && err.error.type !== 'invalid_request_error')
            return fail(intent.id, err.error, 'requires_payment_method');
          throw err;
        }
      } else {
        throw new TestpayError(400, {
          type: 'invalid_request_error',
          code: 'parameter_missing',
          message: 'Missing card details.',
        });
      }
      await charge(intent.id, pm, input.setup_future_usage === 'off_session' && !pmId);
      return { ...base, status: 'succeeded', payment_method: pm.id };
    },
  };
}

export type Testpay = ReturnType<typeof createTestpay>;
