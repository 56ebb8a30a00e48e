import type { Entitlements, TicketAttributes } from '@encore/contract';
import { useTranslation } from 'react-i18next';
import './ticket-actions.css';

/** What the ticket gives, e.g. 'Directors ticket · 6 camera angles · 4K' (TIX-05, TIX-07). */
export function EntitlementChips({
  entitlements,
  attributes,
}: {
  entitlements: Entitlements | null;
  attributes: TicketAttributes | null;
}) {
  const { t } = useTranslation();
  if (!entitlements) return null;
  return (
    <ul className="entitlements" data-testid="ticket-entitlements">
      {attributes?.type && (
        <li>
          {/* Known ticket types in the fan's language ("Directors" was English in ja and ko, issue 14);
              another vendor's own type as it comes. */}
          {t('entitlement-type', {
            type: t(`ticket-type-${attributes.type.toLowerCase()}` as 'ticket-type-directors', {
              defaultValue: attributes.type,
            }),
          })}
        </li>
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
