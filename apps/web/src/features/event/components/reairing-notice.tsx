import { type Show, showWindows } from '@encore/contract';
import { useTranslation } from 'react-i18next';
import { localeText } from '../../../lib/i18n/locale-text.ts';
import { useUiStore } from '../../../lib/store/ui-store.ts';
import { dualDateTime } from '../../../lib/time/show-time.ts';

/**
 * On the "not open" and "ended" notices of a show that airs again: when the next re-airing's doors
 * open, with the show's reairings_msg and reairings_virtual_doors_msg in the UI locale (LAND-22,
 * I18N-04); fans can enter and chat live again then (the contract's showWindows rule).
 */
export function ReairingNotice({ show, now }: { show: Show; now: number }) {
  const { t } = useTranslation();
  const locale = useUiStore((s) => s.locale);
  const next = showWindows(show).find((w) => w.reairing && w.doors > now);
  if (!next) return null;
  const message = localeText(show.event.reairings_msg, locale);
  const doorsMessage = localeText(show.event.reairings_virtual_doors_msg, locale);
  return (
    <div className="event-notice__reairing" data-testid="event-reairing">
      <p className="event-notice__text">
        {/* The fan's own date and time first, KST beside (issue 26: KST alone). */}
        {t('event-reairing-doors', { when: dualDateTime(next.doors, locale) })}
      </p>
      {message && <p className="event-notice__text">{message}</p>}
      {doorsMessage && <p className="event-notice__text event-notice__text--dim">{doorsMessage}</p>}
    </div>
  );
}
