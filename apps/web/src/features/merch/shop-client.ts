import { LOCALES, type Locale } from '@encore/contract';

/**
 * The shop provider client (MRC-03): the provider's buy-button library is loaded on demand, when the
 * merch tab's embedded shop first opens, and its products file is fetched by GET. The provider is a
 * Shopify-style Buy Button (decisions.md): the library defines `ShopifyBuy`, whose UI draws one
 * product card with add-to-cart per product id, and a cart with checkout.
 */

/** The products file: the shop the ids belong to and what the tab shows before the library is ready. */
export interface ShopProducts {
  domain: string;
  storefront_access_token: string;
  products: ShopProduct[];
}

export interface ShopProduct {
  id: string;
  title: string;
  /** The title per UI locale, when the file gives it (issue 14); `title` otherwise. */
  titles?: Partial<Record<Locale, string>>;
  price: string;
  image: string;
}

/** The part of the provider's library the tab uses. */
export interface ShopLibrary {
  buildClient(options: { domain: string; storefrontAccessToken: string }): unknown;
  UI: {
    onReady(client: unknown): Promise<{
      createComponent(
        kind: 'product',
        options: { id: string; node: HTMLElement; options?: Record<string, unknown> },
      ): unknown;
    }>;
  };
}

const LIBRARY_TIMEOUT_MS = 15_000;
const scripts = new Map<string, Promise<ShopLibrary>>();

const libraryOf = (w: Window): ShopLibrary | undefined =>
  (w as Window & { ShopifyBuy?: ShopLibrary }).ShopifyBuy;

/** Loads the library once per URL; a failure may be retried (the next call loads it again). */
export function loadShopLibrary(url: string, doc: Document = document): Promise<ShopLibrary> {
  const loaded = libraryOf(window);
  if (loaded) return Promise.resolve(loaded);
  let promise = scripts.get(url);
  if (promise) return promise;
  promise = new Promise<ShopLibrary>((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = url;
    script.async = true;
    const timer = setTimeout(() => fail(new Error('shop library timed out')), LIBRARY_TIMEOUT_MS);
    const fail = (error: Error) => {
      clearTimeout(timer);
      script.remove();
      reject(error);
    };
    script.onload = () => {
      clearTimeout(timer);
      const library = libraryOf(window);
      if (library) resolve(library);
      else fail(new Error('the shop library defined no ShopifyBuy'));
    };
    script.onerror = () => fail(new Error('shop library did not load'));
    doc.head.append(script);
  });
  promise.catch(() => scripts.delete(url));
  scripts.set(url, promise);
  return promise;
}

/** Keeps what the products file says about each product, dropping malformed entries. */
export function parseShopProducts(raw: unknown): ShopProducts | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as Record<string, unknown>;
  if (typeof r.domain !== 'string' || typeof r.storefront_access_token !== 'string') return null;
  const products = Array.isArray(r.products) ? r.products : [];
  return {
    domain: r.domain,
    storefront_access_token: r.storefront_access_token,
    products: products.flatMap((p) => {
      const x = p as Record<string, unknown>;
      return typeof x?.id === 'string' && typeof x.title === 'string'
        ? [
            {
              id: x.id,
              title: x.title,
              price: typeof x.price === 'string' ? x.price : '',
              image: typeof x.image === 'string' ? x.image : '',
              ...titlesOf(x.titles),
            },
          ]
        : [];
    }),
  };
}

/** The file's per-locale titles: strings of known locales only. */
function titlesOf(raw: unknown): { titles?: Partial<Record<Locale, string>> } {
  if (typeof raw !== 'object' || raw === null) return {};
  const r = raw as Record<string, unknown>;
  const titles: Partial<Record<Locale, string>> = {};
  for (const locale of LOCALES) {
    const text = r[locale];
    if (typeof text === 'string') titles[locale] = text;
  }
  return { titles };
}

/** GET of the products file (MRC-03). */
export async function fetchShopProducts(url: string, signal?: AbortSignal): Promise<ShopProducts> {
  const res = await fetch(url, { headers: { Accept: 'application/json' }, signal });
  if (!res.ok) throw new Error(`products file answered ${res.status}`);
  const products = parseShopProducts(await res.json());
  if (!products) throw new Error('products file is malformed');
  return products;
}

/** The tab's products in the order of its configured ids; ids the file does not know still show. */
export function orderedProducts(ids: readonly string[], file: ShopProducts | null): ShopProduct[] {
  return ids.map((id) => file?.products.find((p) => p.id === id) ?? { id, title: id, price: '', image: '' });
}
