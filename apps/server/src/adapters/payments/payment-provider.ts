import type { CardError } from './testpay-cards.ts';

/**
 * The card payment provider behind the commerce module (DESIGN.md section 7): PaymentIntent and
 * SetupIntent semantics with client secrets that the browser confirms with the provider itself.
 */
export type PaymentEvent =
  | {
      type: 'payment_intent.succeeded';
      intentId: string;
      customerId: string | null;
      /** Set when the fan chose to keep the card for later purchases. */
      savedCard: SavedCard | null;
      /** The card that paid, when the provider says (the receipt and refund name it, issue 26). */
      card: { brand: string; last4: string } | null;
    }
  | { type: 'setup_intent.succeeded'; intentId: string; customerId: string; savedCard: SavedCard };

export type SavedCard = { paymentMethodId: string; brand: string; last4: string };

export type Intent = { id: string; client_secret: string; status: string };

export interface PaymentProvider {
  readonly name: string;
  readonly publishableKey: string;
  createCustomer(): Promise<string>;
  createSetupIntent(customerId: string): Promise<Intent>;
  createPaymentIntent(p: {
    amount: number;
    currency: string;
    customerId: string | null;
    paymentMethodId: string | null;
    metadata: Record<string, string>;
  }): Promise<Intent>;
  /** Charges the attached saved card at once (no fan on the page); a decline is returned. */
  confirmOffSession(intentId: string): Promise<{ ok: true } | { ok: false; error: CardError }>;
  /**
   * Refunds `amount` of a succeeded payment; throws when the provider refuses. `reference` names
   * what is refunded (the order lines), so a retried request refunds once.
   */
  refund(intentId: string, amount: number, reference?: string): Promise<void>;
  detachPaymentMethod(paymentMethodId: string): Promise<void>;
  /**
   * Which of these payment intents have succeeded, for the start-up reconciler (a crash between the
   * charge and its event). Optional: a provider that redelivers its events until acknowledged (Stripe's
   * webhooks retry for days) needs no asking.
   */
  succeededAmong?(intentIds: readonly string[]): Promise<string[]>;
  /** Payment and setup successes, delivered once each (a webhook, for a remote provider). */
  onEvent(listener: (event: PaymentEvent) => Promise<void>): void;
}
