import { type Show, showWindows } from '@encore/contract';
import { useTranslation } from 'react-i18next';
import { localeText } from '../../../lib/i18n/locale-text.ts';
import { useUiStore } from '../../../lib/store/ui-store.ts';
import { ShowTime } from './show-time.tsx';

/** The show's re-airings with their messages in the UI locale, falling back to en (LAND-22). */
export function Reairings({ event, now }: { event: Show['event']; now: number }) {
  const { t } = useTranslation();
  const locale = useUiStore((s) => s.locale);
  // Until each one ends (the contract's showWindows rule): fans can still enter a re-airing in progress.
  const upcoming = showWindows({ event })
    .filter((w) => w.reairing && w.end > now)
    .map((w) => ({ event_start_time: new Date(w.start).toISOString() }));
  if (upcoming.length === 0) return null;
  const message = localeText(event.reairings_msg, locale);
  const doors = localeText(event.reairings_virtual_doors_msg, locale);
  return (
    <div className="reairings" data-testid="reairings">
      <h3 className="reairings__title">{t('reairing-title')}</h3>
      <ul className="reairings__list">
        {upcoming.map((r) => (
          <li key={r.event_start_time}>
            <ShowTime iso={r.event_start_time} />
          </li>
        ))}
      </ul>
      {message && <p className="reairings__text">{message}</p>}
      {doors && <p className="reairings__text reairings__text--dim">{doors}</p>}
    </div>
  );
}
