import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALES, type MerchItem } from '@encore/contract';
import { describe, expect, it } from 'vitest';
import { buyableItems, merchItemName, shopProductTitle } from './merch-names.ts';
import { parseShopProducts } from './shop-client.ts';

const item: MerchItem = {
  name: 'Official Light Stick',
  display_name: { en: 'Official Light Stick', ja: '公式ペンライト', ko: '공식 응원봉' },
  url: 'https://example.com/shop/light-stick',
  image: '/x.svg',
};

describe('the generic store’s links (issue 29)', () => {
  it('shows no item whose shop page is not http(s) or a path on this site', () => {
    const bad = ['javascript:alert(1)', 'data:text/html,x', 'gopher://x.example/', '/\\evil.example/x'];
    expect(buyableItems([item, ...bad.map((url) => ({ ...item, url }))])).toEqual([item]);
  });
});

describe('merch names in the fan’s language (issue 14)', () => {
  it('a generic store item shows its name in the UI locale, else English, else the shop name', () => {
    expect(merchItemName(item, 'ja')).toBe('公式ペンライト');
    expect(merchItemName(item, 'ko')).toBe('공식 응원봉');
    expect(merchItemName(item, 'zh-cn')).toBe('Official Light Stick');
    const { display_name: _, ...bare } = item;
    expect(merchItemName(bare, 'ja')).toBe('Official Light Stick');
    expect(merchItemName({ ...item, display_name: { ja: '  ' } }, 'ja')).toBe('Official Light Stick');
  });

  it('every product of the development products file has its title in every locale, not the English one', () => {
    const file = parseShopProducts(
      JSON.parse(readFileSync(join(import.meta.dirname, '../../../public/shop/products.json'), 'utf8')),
    );
    expect(file?.products.length).toBeGreaterThan(0);
    for (const product of file?.products ?? []) {
      for (const locale of LOCALES) {
        const title = shopProductTitle(product, locale);
        expect(product.titles?.[locale]?.trim(), `${product.title} in ${locale}`).toBeTruthy();
        if (locale !== 'en') expect(title, `${product.title} in ${locale}`).not.toBe(product.title);
      }
    }
  });

  it('keeps only string titles of known locales from the file', () => {
    const file = parseShopProducts({
      domain: 'x.myshopify.com',
      storefront_access_token: 't',
      products: [{ id: 'a', title: 'A', titles: { ja: 'エー', xx: 'no', ko: 3 } }],
    });
    expect(file?.products[0]?.titles).toEqual({ ja: 'エー' });
    expect(shopProductTitle(file?.products[0] ?? { id: '', title: '', price: '', image: '' }, 'ko')).toBe(
      'A',
    );
  });
});
