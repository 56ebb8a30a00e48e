import { describe, expect, it } from 'vitest';
import {
  busyMessageKey,
  needsCard,
  purchaseOutcome,
  purchasePrice,
  stickerOrderBody,
} from './sticker-purchase.ts';

const item = {
  item_id: 'pack-x',
  category: 'bundle' as const,
  display_name: { en: 'X' },
  display_description: {},
  display_image: '/x.svg',
  price: 299,
  currency: 'USD',
  price_display: '2.99',
  sale_currency_symbol: '$',
  tax_collected: false,
  paid_event_name: null,
};

describe('sticker purchase rules', () => {
  it('orders the item once with the saved card, charged at once (STK-16)', () => {
    expect(stickerOrderBody(item)).toEqual({
      item_list: [{ item_id: 'pack-x', quantity: 1 }],
      use_saved_payment_method: true,
      require_user_confirmation: false,
    });
  });

  it('a free pack needs no card and orders without one', () => {
    expect(needsCard(item)).toBe(true);
    expect(needsCard({ ...item, price: 0 })).toBe(false);
    expect(stickerOrderBody({ ...item, price: 0 })).toMatchObject({ use_saved_payment_method: false });
  });

  it('maps order_status: succeeded, requires_payment_method, anything else unknown (STK-20..22)', () => {
    expect(purchaseOutcome('succeeded')).toBe('purchased');
    expect(purchaseOutcome('requires_payment_method')).toBe('no-payment-method');
    for (const other of ['requires_confirmation', 'pending', 'fulfilled', undefined, null, 1]) {
      expect(purchaseOutcome(other)).toBe('unknown');
    }
  });

  it("says 'Checking payment status...' only while billing is read again after a new card (STK-18, STK-19)", () => {
    expect(busyMessageKey(true, 'checking')).toBe('sticker-checking-payment');
    expect(busyMessageKey(false, 'checking')).toBe('sticker-processing');
    expect(busyMessageKey(true, 'ordering')).toBe('sticker-processing');
  });

  it("prices with the currency symbol, '+ TAX' only when tax is collected (STK-10, STK-11)", () => {
    expect(purchasePrice(item)).toEqual({ price: '$2.99', tax: false });
    expect(
      purchasePrice({ ...item, tax_collected: true, sale_currency_symbol: '₩', price_display: '3,900' }),
    ).toEqual({ price: '₩3,900', tax: true });
  });
});
