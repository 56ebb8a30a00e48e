import { safeHref } from '@encore/contract';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../lib/config/config-context.tsx';

/** The optional merchandise store section (configuration landing.merch_store). */
export function MerchStore() {
  const { t } = useTranslation();
  const { merch_store: store } = useConfig().landing;
  const href = safeHref(store.url);
  if (!store.enabled || !href) return null;
  return (
    <section className="merch container" data-testid="merch-store" aria-labelledby="merch-title">
      <div className="merch__card">
        <div>
          <p className="merch__eyebrow">{t('merch-eyebrow')}</p>
          <h2 className="merch__title" id="merch-title">
            {store.title || t('merch-title-default')}
          </h2>
          <p className="merch__body">{t('merch-body')}</p>
        </div>
        <a
          className="btn btn--primary btn--lg"
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="merch-store-link"
        >
          <span className="btn__label">{t('merch-visit')}</span>
          <span className="visually-hidden">{t('new-tab')}</span>
        </a>
      </div>
    </section>
  );
}
