import { useTranslation } from 'react-i18next';
import { useUiStore } from '../../../lib/store/ui-store.ts';
import { SHOW_TIME_ZONE, sameAsShowZone, showTimeParts, zoneName } from '../../../lib/time/show-time.ts';

/** 'Sat, Nov 22 · 20:00 KST', with the viewer's own time beside it unless that is the same. */
export function ShowTime({ iso, testId }: { iso: string; testId?: string }) {
  const { t } = useTranslation();
  const locale = useUiStore((s) => s.locale);
  const kst = showTimeParts(iso, locale, SHOW_TIME_ZONE);
  const local = showTimeParts(iso, locale);
  return (
    <span className="show-time" data-testid={testId}>
      <time className="show-time__kst" dateTime={iso}>
        {t('show-time-kst', { date: kst.date, time: kst.time })}
      </time>
      {!sameAsShowZone(iso) && (
        <span className="show-time__local">
          {t('show-time-local', { ...local, zone: zoneName(iso, locale) })}
        </span>
      )}
    </span>
  );
}
