import { useTranslation } from 'react-i18next';
import { useUiStore } from '../../../lib/store/ui-store.ts';
import { SHOW_TIME_ZONE, sameAsShowZone, showTimeParts, zoneName } from '../../../lib/time/show-time.ts';

/**
 * The fan's own time first, with its zone ('Your time: Sat, Nov 22 · 12:00 GMT+1'), and the announced
 * Korean time beside it ('Sat, Nov 22 · 20:00 KST'); in Korea's clock, only the latter (issue 14).
 */
export function ShowTime({ iso, testId }: { iso: string; testId?: string }) {
  const { t } = useTranslation();
  const locale = useUiStore((s) => s.locale);
  const kst = showTimeParts(iso, locale, SHOW_TIME_ZONE);
  const local = showTimeParts(iso, locale);
  const same = sameAsShowZone(iso);
  const zone = zoneName(iso, locale);
  return (
    <span className="show-time" data-testid={testId}>
      {!same && (
        <time className="show-time__local" dateTime={iso} data-testid="show-time-local">
          {keepZone(t('show-time-local', { ...local, zone }), local.time, zone)}
        </time>
      )}
      <time className={same ? 'show-time__kst' : 'show-time__kst show-time__kst--beside'} dateTime={iso}>
        {t('show-time-kst', { date: kst.date, time: kst.time })}
      </time>
    </span>
  );
}

/** A time and its zone on one line (issue 26: at 1440 px 'UTC' wrapped alone under the time). */
const keepZone = (text: string, time: string, zone: string) =>
  text.replace(`${time} ${zone}`, `${time}\u00a0${zone}`);
