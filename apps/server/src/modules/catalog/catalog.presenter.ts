import type { CatalogItem, CatalogItemBase, OrderEntry } from '@encore/contract';
import type { BundleMemberRow, CatalogItemRow, OrderRow } from './catalog.repo.ts';

/** Minor units as the amount a fan reads: 199 USD is '1.99', 1500 JPY '1500'. */
export function priceDisplay(price: number, currency: string): string {
  let digits = 2;
  try {
    digits =
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
      2;
  } catch {
    // An unknown code keeps two digits.
  }
  return (price / 10 ** digits).toFixed(digits);
}

export function presentItemBase(row: CatalogItemRow): CatalogItemBase {
  return {
    item_id: row.item_id,
    category: row.category,
    display_name: row.display_name,
    display_description: row.display_description,
    display_image: row.display_image,
    price: row.price,
    currency: row.currency,
    price_display: priceDisplay(row.price, row.currency),
    sale_currency_symbol: row.sale_currency_symbol,
    tax_collected: row.tax_collected,
    paid_event_name: row.paid_event_name,
  };
}

export function presentItem(row: CatalogItemRow, members: readonly BundleMemberRow[]): CatalogItem {
  return { ...presentItemBase(row), item_list: members.map(presentItemBase) };
}

export function presentOrder(row: OrderRow): OrderEntry {
  return {
    order_id: row.order_id,
    sub_order_id: row.sub_order_id,
    time_ordered: row.time_ordered.toISOString(),
    status: row.status,
    quantity: row.quantity,
    advertised_item_id: row.item_id,
    display_name: row.display_name,
    display_category: row.category,
    display_image: row.display_image,
    refund_stop_time: row.refund_stop_time ? row.refund_stop_time.toISOString() : null,
    sale_currency_symbol: row.sale_currency_symbol,
    charges_in_sale_currency: { total_charges: row.total_charges, currency: row.currency },
    paid_event_name: row.paid_event_name,
    event_name: row.event_name,
    event_start_time: row.event_start_time ? row.event_start_time.toISOString() : null,
    card: row.card,
    client_secret: row.status === 'pending' ? row.client_secret : null,
  };
}
