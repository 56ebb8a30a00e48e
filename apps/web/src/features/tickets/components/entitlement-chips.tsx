import type { Entitlements, ShowTicketItem, TicketAttributes } from '@encore/contract';
import { useTranslation } from 'react-i18next';
import { useUiStore } from '../../../lib/store/ui-store.ts';
import { itemForTicket, itemName } from '../ticket-item-name.ts';
import './ticket-actions.css';

/**
 * What the ticket gives, e.g. 'HD Multiview Pass · 6 camera angles · 4K' (TIX-05, TIX-07): led by
 * the name of the item it was sold as (issue 26), else by its type ('Directors ticket').
 */
export function EntitlementChips({
  entitlements,
  attributes,
  items,
}: {
  entitlements: Entitlements | null;
  attributes: TicketAttributes | null;
  /** The show's items for sale: the one granting these attributes names the ticket. */
  items: readonly ShowTicketItem[] | undefined;
}) {
  const { t } = useTranslation();
  const locale = useUiStore((s) => s.locale);
  if (!entitlements) return null;
  const name = itemName(itemForTicket(items, attributes), locale);
  return (
    <ul className="entitlements" data-testid="ticket-entitlements">
      {name ? (
        <li data-testid="ticket-item-name">{name}</li>
      ) : (
        attributes?.type && (
          <li>
            {/* Known ticket types in the fan's language ("Directors" was English in ja and ko, issue 14);
              another vendor's own type as it comes. */}
            {t('entitlement-type', {
              type: t(`ticket-type-${attributes.type.toLowerCase()}` as 'ticket-type-directors', {
                defaultValue: attributes.type,
              }),
            })}
          </li>
        )
      )}
      <li data-multiview={entitlements.multiview}>
        {entitlements.multiview > 1
          ? t('entitlement-angles', { count: entitlements.multiview })
          : t('entitlement-single')}
      </li>
      {entitlements.uhd && (
        <li className="entitlements__uhd" data-uhd="true">
          {t('entitlement-4k')}
        </li>
      )}
    </ul>
  );
}
