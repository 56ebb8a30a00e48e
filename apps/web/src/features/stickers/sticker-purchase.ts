import type { CatalogItemBase, OrderBody } from '@encore/contract';

/** 'You have purchased this sticker.' stays 4 s (STK-20, viewing section 9). */
export const PURCHASED_MESSAGE_MS = 4000;

/** A free item (a starter pack) is fulfilled without any payment: it needs no card (docs/decisions.md). */
export const needsCard = (item: { price: number }) => item.price > 0;

/**
 * The sticker order (STK-16): the item with quantity 1, paid with the saved card at once
 * (use_saved_payment_method, require_user_confirmation false: the fan confirmed in the modal).
 */
export function stickerOrderBody(item: { item_id: string; price: number }): OrderBody {
  return {
    item_list: [{ item_id: item.item_id, quantity: 1 }],
    use_saved_payment_method: needsCard(item),
    require_user_confirmation: false,
  };
}

export type PurchaseOutcome = 'purchased' | 'no-payment-method' | 'unknown';

/** What the answer's order_status means to the fan (STK-20..22); any other value is 'Unknown status'. */
export function purchaseOutcome(orderStatus: unknown): PurchaseOutcome {
  if (orderStatus === 'succeeded') return 'purchased';
  if (orderStatus === 'requires_payment_method') return 'no-payment-method';
  return 'unknown';
}

/** The busy text: 'Checking payment status...' while billing is read again after a new card (STK-19). */
export function busyMessageKey(afterNewCard: boolean, phase: 'checking' | 'ordering') {
  return phase === 'checking' && afterNewCard ? 'sticker-checking-payment' : 'sticker-processing';
}

/** 'Purchase for {symbol}{price}?' and whether '+ TAX' follows (STK-10, STK-11). */
export function purchasePrice(item: CatalogItemBase): { price: string; tax: boolean } {
  return { price: `${item.sale_currency_symbol}${item.price_display}`, tax: item.tax_collected };
}
