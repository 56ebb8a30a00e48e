import { httpsImage } from '@encore/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../lib/config/config-context.tsx';
import { useUiStore } from '../../lib/store/ui-store.ts';
import { shopProductTitle } from './merch-names.ts';
import {
  fetchShopProducts,
  loadShopLibrary,
  orderedProducts,
  type ShopLibrary,
  type ShopProducts,
} from './shop-client.ts';

type ShopState =
  | { status: 'loading' }
  | { status: 'ready'; library: ShopLibrary; file: ShopProducts }
  | { status: 'unavailable'; file: ShopProducts | null };

/**
 * The merch tab's embedded shop (MRC-01): the configured product ids (up to 11), each drawn by the
 * provider's buy-button library with add-to-cart, and its cart and checkout. Without the library
 * (offline, blocked, down) the products still show with a clear notice that the shop is unavailable.
 */
export function MerchShop({ productIds }: { productIds: readonly string[] }) {
  const { t } = useTranslation();
  const { shop } = useConfig();
  const locale = useUiStore((s) => s.locale);
  const [state, setState] = useState<ShopState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    // Try again bumps `attempt`, which runs this load again (the library loader retries a failure).
    void attempt;
    const controller = new AbortController();
    setState({ status: 'loading' });
    const file = fetchShopProducts(shop.products_url, controller.signal);
    const library = loadShopLibrary(shop.script_url);
    Promise.allSettled([file, library]).then(([f, l]) => {
      if (controller.signal.aborted) return;
      if (f.status === 'fulfilled' && l.status === 'fulfilled')
        setState({ status: 'ready', library: l.value, file: f.value });
      else setState({ status: 'unavailable', file: f.status === 'fulfilled' ? f.value : null });
    });
    return () => controller.abort();
  }, [shop.products_url, shop.script_url, attempt]);

  const file = state.status === 'loading' ? null : state.file;
  const products = orderedProducts(productIds, file);

  return (
    <div className="merch-tab merch-shop" data-testid="merch-shop" data-status={state.status}>
      <p className="merch-tab__lead">{t('merch-shop-lead')}</p>
      {state.status === 'loading' && (
        <p className="merch-shop__note" role="status">
          {t('merch-shop-loading')}
        </p>
      )}
      {state.status === 'unavailable' && (
        <div className="merch-shop__unavailable" role="alert" data-testid="merch-shop-unavailable">
          <span>{t('merch-shop-unavailable')}</span>
          <button type="button" onClick={() => setAttempt((n) => n + 1)} data-testid="merch-shop-retry">
            {t('merch-shop-retry')}
          </button>
        </div>
      )}
      {state.status === 'ready' ? (
        <ShopWidgets library={state.library} file={state.file} productIds={productIds} />
      ) : (
        <ul className="merch-grid">
          {products.map((p) => (
            <li key={p.id} className="merch-card is-muted" data-testid="merch-shop-product" data-id={p.id}>
              {p.image && (
                <img src={httpsImage(p.image) ?? ''} alt="" width={96} height={96} loading="lazy" />
              )}
              <span className="merch-card__name">{shopProductTitle(p, locale)}</span>
              {p.price && <span className="merch-card__price">{p.price}</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The library's product components, one node per id, and its cart (the library adds the cart). */
function ShopWidgets({
  library,
  file,
  productIds,
}: {
  library: ShopLibrary;
  file: ShopProducts;
  productIds: readonly string[];
}) {
  const nodes = useRef<Map<string, HTMLElement>>(new Map());
  useEffect(() => {
    let cancelled = false;
    const client = library.buildClient({
      domain: file.domain,
      storefrontAccessToken: file.storefront_access_token,
    });
    library.UI.onReady(client).then((ui) => {
      if (cancelled) return;
      for (const id of productIds) {
        const node = nodes.current.get(id);
        if (!node || node.childElementCount > 0) continue;
        ui.createComponent('product', {
          id,
          node,
          options: { product: { contents: { img: true, title: true, price: true, button: true } } },
        });
      }
    });
    return () => {
      cancelled = true;
    };
  }, [library, file, productIds]);

  return (
    <ul className="merch-grid">
      {productIds.map((id) => (
        <li
          key={id}
          className="merch-card merch-shop__widget"
          data-testid="merch-shop-widget"
          data-id={id}
          ref={(el) => {
            if (el) nodes.current.set(id, el);
            else nodes.current.delete(id);
          }}
        />
      ))}
    </ul>
  );
}
