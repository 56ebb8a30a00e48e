import { z } from 'zod';
import { LOCALES } from './constants.ts';
import { safeInt, safeString } from './safe-input.ts';

/**
 * Ticket purchase, billing and refunds (accounts sections 3, 4, 7, 8; viewing section 7). The card
 * provider is an adapter (DESIGN.md section 7): `testpay` by default, whose browser calls mirror a
 * card provider's client (confirm card setup, confirm card payment with a client_secret).
 */

/** The card payment provider's name when none is asked for. */
export const DEFAULT_PAYMENT_VENDOR = 'testpay';

/** GET /thor/pg/vendor/ (COM-28): query name; api_key is the provider's publishable key. */
export const PaymentVendorQuery = z.object({ name: safeString().max(32).optional() });
export const PaymentVendorResponse = z.object({ name: safeString(), api_key: safeString() });
export type PaymentVendorResponse = z.infer<typeof PaymentVendorResponse>;

const Short = (min: number) => safeString().trim().min(min).max(200);

/** Billing address (COM-30..34): the same rules as the billing form. */
export const Billing = z.object({
  first_name: Short(2),
  last_name: Short(2),
  line1: Short(2),
  line2: safeString().trim().max(200).optional().default(''),
  city: Short(2),
  state: Short(2),
  country: safeString().regex(/^[A-Z]{2}$/, 'a 2-letter ISO country code'),
  postal_code: safeString().trim().min(3).max(20),
});
export type Billing = z.infer<typeof Billing>;

/** GET /thor/pg/billing_info/ (COM-37). */
export const BillingInfoQuery = z.object({ vendor: safeString().max(32).optional() });

/**
 * One billing record (COM-38, COM-39 decided): card is 'card-<brand>-<last4>' once a card is saved,
 * '' before; pg_key is the fan's customer id at the provider.
 */
export const BillingInfoEntry = z.object({
  vendor: safeString(),
  billing: Billing,
  shipping: Billing.nullable(),
  card: safeString(),
  pg_key: safeString(),
});
export type BillingInfoEntry = z.infer<typeof BillingInfoEntry>;
export const BillingInfoResponse = z.object({ results: z.array(BillingInfoEntry) });
export type BillingInfoResponse = z.infer<typeof BillingInfoResponse>;

/** POST /thor/pg/billing_info/ (COM-41): 201 with the SetupIntent's client_secret. */
export const BillingInfoBody = z.object({ billing: Billing, shipping: Billing.nullable().optional() });
export type BillingInfoBody = z.input<typeof BillingInfoBody>;
export const BillingInfoCreated = z.object({ client_secret: safeString(), pg_key: safeString() });
export type BillingInfoCreated = z.infer<typeof BillingInfoCreated>;

/** POST /thor/pg/order/ (COM-14). */
export const OrderBody = z.object({
  item_list: z
    .array(z.object({ item_id: safeString().min(1).max(64), quantity: safeInt() }))
    .min(1)
    .max(20),
  use_saved_payment_method: z.boolean().default(false),
  require_user_confirmation: z.boolean().default(true),
  save_info: z.boolean().default(false),
  shipping: Billing.optional(),
  billing: Billing.optional(),
  receipt_email: z.email().optional(),
  /**
   * The page's language (issue 26): the receipt and refund mails are written in it. Not in the
   * spec's body; absent means English.
   */
  lang: z.enum(LOCALES).optional(),
});
export type OrderBody = z.input<typeof OrderBody>;
/** The order body as the server reads it, defaults applied. */
export type OrderRequest = z.output<typeof OrderBody>;

export const Charges = z.object({
  total_charges: safeInt().min(0),
  currency: safeString().length(3),
  sale_currency_symbol: safeString(),
});

/**
 * The order answer carries both documents' fields (COM-16, DESIGN.md section 10): result, message,
 * order_status (viewing) and status, client_secret, order_id, charges (accounts). status repeats
 * the HTTP status, as the purchase flow reads 'status 200 and a client_secret' (COM-17).
 */
/**
 * order_status is viewing's field (STK-17, STK-20..22): the status of the order's payment, in the card
 * provider's words. 'succeeded' once paid (or free); a pending order says what its payment waits for.
 */
export const OrderPaymentStatus = z.enum(['succeeded', 'requires_payment_method', 'requires_confirmation']);
export type OrderPaymentStatus = z.infer<typeof OrderPaymentStatus>;

export const OrderCreated = z.object({
  result: safeString(),
  message: safeString(),
  order_status: OrderPaymentStatus,
  status: safeInt(),
  client_secret: safeString().nullable(),
  order_id: safeString(),
  charges: Charges,
});
export type OrderCreated = z.infer<typeof OrderCreated>;

/** DELETE /thor/pg/order/ (COM-58): reason is the fan's text (refund or cancel). */
export const CancelOrderQuery = z.object({
  order_id: safeString().min(1).max(64),
  sub_order_id: safeString().max(64).optional(),
  reason: safeString().trim().max(1000).optional(),
  /** The page's language for the refund mail (issue 26); absent: the language the fan ordered in. */
  lang: z.enum(LOCALES).optional(),
});
export const CancelOrderResponse = z.object({ result: safeString(), message: safeString() });
export type CancelOrderResponse = z.infer<typeof CancelOrderResponse>;
