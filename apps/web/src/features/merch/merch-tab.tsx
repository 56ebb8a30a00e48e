import { httpsImage, type MerchItem } from '@encore/contract';
import { useTranslation } from 'react-i18next';
import { useUiStore } from '../../lib/store/ui-store.ts';
import { buyableItems, merchItemName } from './merch-names.ts';
import './merch.css';

/**
 * The merch tab's generic store (MRC-02): the show's items, each with a BUY button that opens the
 * item's shop page in a new tab. The embedded checkout shop (MRC-01, MRC-03) is not built.
 */
export function MerchTab({ items }: { items: readonly MerchItem[] }) {
  const { t } = useTranslation();
  const locale = useUiStore((s) => s.locale);
  return (
    <div className="merch-tab" data-testid="merch-tab">
      <p className="merch-tab__lead">{t('merch-tab-lead')}</p>
      <ul className="merch-grid">
        {buyableItems(items).map((item) => {
          const name = merchItemName(item, locale);
          return (
            <li key={item.url} className="merch-card" data-testid="merch-item">
              <img src={httpsImage(item.image) ?? ''} alt="" width={96} height={96} loading="lazy" />
              <span className="merch-card__name">{name}</span>
              <a
                className="merch-card__buy"
                href={item.url}
                target="_blank"
                rel="noopener noreferrer"
                data-testid="merch-buy"
              >
                {t('merch-buy')}
                <span className="visually-hidden">{t('merch-buy-label', { name })}</span>
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
