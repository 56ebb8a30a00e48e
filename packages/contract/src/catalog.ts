import { z } from 'zod';
import { EPOCH_SECONDS_MAX, safeId, safeInt, safeIntParam, safeString } from './safe-input.ts';
import { IsoDateTime, LocaleText, PaidEventName } from './shows.ts';

/**
 * The shop catalogue and a fan's orders (viewing sections 2, 3, 7; accounts section 7). Stickers:
 * packs are items of category 'bundle' whose item_list holds the stickers (category 'sticker').
 * A fan owns an item when an order entry with status 'fulfilled' advertises it; owning a pack owns
 * every item in its item_list (ownedItemIds in chat-rules.ts). Money: `price` is integer minor units of `currency`
 * (DESIGN.md section 4); `price_display` is the same amount as text for 'Purchase for {symbol}{price}?'.
 */

export const CatalogCategory = z.enum(['bundle', 'sticker', 'ticket']);
export type CatalogCategory = z.infer<typeof CatalogCategory>;

/** Fields of one catalog item (STK-04), without its item_list. */
export const CatalogItemBase = z.object({
  item_id: safeString(),
  category: CatalogCategory,
  display_name: LocaleText,
  display_description: LocaleText,
  display_image: safeString(),
  price: safeInt().min(0),
  currency: safeString().length(3),
  price_display: safeString(),
  sale_currency_symbol: safeString(),
  /** '+ TAX' is shown when true (STK-11). */
  tax_collected: z.boolean(),
  paid_event_name: safeString().nullable(),
});
export type CatalogItemBase = z.infer<typeof CatalogItemBase>;

export const CatalogItem = CatalogItemBase.extend({ item_list: z.array(CatalogItemBase) });
export type CatalogItem = z.infer<typeof CatalogItem>;

// Epoch seconds are compared as timestamps, not stored in an integer column: bounded to what a Date holds.
const Epoch = z.coerce.number().int().min(-EPOCH_SECONDS_MAX).max(EPOCH_SECONDS_MAX);
const QueryBool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/**
 * GET /thor/pg/catalog/ (STK-03): paid_event_name, category, start_time, end_time (epoch seconds;
 * applied only when both are positive), include_oos, extra. Authenticated: 401 NOT_AUTHORIZED.
 */
export const CatalogQuery = z.object({
  paid_event_name: PaidEventName.optional(),
  category: CatalogCategory.optional(),
  start_time: Epoch.optional(),
  end_time: Epoch.optional(),
  include_oos: QueryBool.optional(),
  extra: safeString().max(200).optional(),
});
export type CatalogQuery = z.infer<typeof CatalogQuery>;
export const CatalogResponse = z.object({ results: z.array(CatalogItem) });
export type CatalogResponse = z.infer<typeof CatalogResponse>;

export const OrderStatus = z.enum(['fulfilled', 'canceled', 'pending']);
export type OrderStatus = z.infer<typeof OrderStatus>;

/** One order entry (accounts section 3; purchase entry of viewing section 3, STK-08). */
export const OrderEntry = z.object({
  order_id: safeString(),
  sub_order_id: safeString(),
  time_ordered: IsoDateTime,
  status: OrderStatus,
  quantity: safeId(),
  advertised_item_id: safeString(),
  display_name: LocaleText,
  display_category: CatalogCategory,
  display_image: safeString(),
  refund_stop_time: IsoDateTime.nullable(),
  sale_currency_symbol: safeString(),
  charges_in_sale_currency: z.object({
    total_charges: safeInt().min(0),
    currency: safeString().length(3),
  }),
  paid_event_name: safeString().nullable(),
  /**
   * The show a ticket (or a show's sticker) is for, its name and start (issue 26: two orders of one
   * item read alike). Not in the spec's Order fields; null for an item of no show.
   */
  event_name: safeString().nullable(),
  event_start_time: IsoDateTime.nullable(),
  /** The card that paid ('card-visa-4242', billing's form), where the refund goes back; null unknown. */
  card: safeString().nullable(),
  /** The payment's client_secret while the order waits for it (COM-51). */
  client_secret: safeString().nullable(),
});
export type OrderEntry = z.infer<typeof OrderEntry>;

/**
 * GET /thor/pg/order/ (STK-08): paid_event_name, start_time, end_time, limit (default 50), status
 * (fulfilled, canceled or cancelled), category, order_id, sub_order_id. 400 BAD_REQUEST; 404 NOT_FOUND
 * for an order_id that is not the fan's.
 */
export const OrderQuery = z.object({
  paid_event_name: PaidEventName.optional(),
  start_time: Epoch.optional(),
  end_time: Epoch.optional(),
  limit: safeIntParam().min(1).max(200).default(50),
  status: z
    .enum(['fulfilled', 'canceled', 'cancelled', 'pending'])
    .transform((s) => (s === 'cancelled' ? 'canceled' : s))
    .optional(),
  category: CatalogCategory.optional(),
  order_id: safeString().max(64).optional(),
  sub_order_id: safeString().max(64).optional(),
});
export type OrderQuery = z.infer<typeof OrderQuery>;
export const OrderListResponse = z.object({ results: z.array(OrderEntry) });
export type OrderListResponse = z.infer<typeof OrderListResponse>;
