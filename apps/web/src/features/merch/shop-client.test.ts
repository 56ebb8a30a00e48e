import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { orderedProducts, parseShopProducts } from './shop-client.ts';

const devFile = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../../public/shop/products.json'), 'utf8'),
) as unknown;

describe('shop client', () => {
  it('the development products file lists the 11 products of the embedded shop (MRC-01)', () => {
    const file = parseShopProducts(devFile);
    expect(file?.products).toHaveLength(11);
    expect(file?.domain).toMatch(/\.myshopify\.com$/);
    expect(new Set(file?.products.map((p) => p.id)).size).toBe(11);
  });

  it('keeps the configured order and shows ids the file does not know; refuses a malformed file', () => {
    const file = parseShopProducts({
      domain: 'x.myshopify.com',
      storefront_access_token: 't',
      products: [{ id: 'b', title: 'B', price: '$2' }, { id: 'a', title: 'A' }, { nope: 1 }],
    });
    expect(orderedProducts(['a', 'b', 'c'], file).map((p) => p.title)).toEqual(['A', 'B', 'c']);
    expect(parseShopProducts({ products: [] })).toBeNull();
    expect(parseShopProducts('nope')).toBeNull();
  });
});
