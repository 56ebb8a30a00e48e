import { type Locale, type MerchItem, safeHref } from '@encore/contract';
import { localeText } from '../../lib/i18n/locale-text.ts';
import type { ShopProduct } from './shop-client.ts';

/** A generic store item's name in the fan's language; its shop name when none is given for it. */
export function merchItemName(item: MerchItem, locale: Locale): string {
  return localeText(item.display_name, locale, item.name);
}

/**
 * The items the generic store shows: those whose shop page is an http(s) URL or a path on this site
 * (issue 29). The server refuses any other, so this drops only what was stored before it did.
 */
export function buyableItems(items: readonly MerchItem[]): MerchItem[] {
  return items.filter((item) => safeHref(item.url) !== null);
}

/** An embedded-shop product's title in the fan's language, from the products file (MRC-03). */
export function shopProductTitle(product: ShopProduct, locale: Locale): string {
  return localeText(product.titles, locale, product.title);
}
