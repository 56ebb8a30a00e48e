import type { Locale, MerchItem } from '@encore/contract';
import { localeText } from '../../lib/i18n/locale-text.ts';
import type { ShopProduct } from './shop-client.ts';

/** A generic store item's name in the fan's language; its shop name when none is given for it. */
export function merchItemName(item: MerchItem, locale: Locale): string {
  return localeText(item.display_name, locale, item.name);
}

/** An embedded-shop product's title in the fan's language, from the products file (MRC-03). */
export function shopProductTitle(product: ShopProduct, locale: Locale): string {
  return localeText(product.titles, locale, product.title);
}
