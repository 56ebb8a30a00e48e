import { useTranslation } from 'react-i18next';
import { isAlmostOver, isCountdownOver, splitCountdown } from '../../../lib/time/countdown.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Days, hours, minutes and seconds to the entry time (LAND-13), ticking with `now`; hidden at 0
 * (LAND-14), pulsing with a note while under 10 minutes remain (LAND-15).
 */
export function Countdown({ target, now }: { target: number; now: number }) {
  const { t } = useTranslation();
  const remaining = target - now;
  if (isCountdownOver(remaining)) return null;
  const { days, hours, minutes, seconds } = splitCountdown(remaining);
  const almostOver = isAlmostOver(remaining);
  const units = [
    { value: days, label: t('countdown-days'), unit: 'days' },
    { value: hours, label: t('countdown-hours'), unit: 'hours' },
    { value: minutes, label: t('countdown-minutes'), unit: 'minutes' },
    { value: seconds, label: t('countdown-seconds'), unit: 'seconds' },
  ];

  return (
    <div
      className={`countdown${almostOver ? ' countdown--almost' : ''}`}
      data-testid="countdown"
      data-almost-over={almostOver}
    >
      <p className="countdown__title">{t('countdown-title')}</p>
      <div
        className="countdown__units"
        role="timer"
        aria-label={t('countdown-label', { days, hours, minutes, seconds })}
      >
        {units.map((u) => (
          <div className="countdown__unit" key={u.unit} aria-hidden="true">
            <span className="countdown__value" data-testid={`countdown-${u.unit}`}>
              {u.unit === 'days' ? u.value : pad(u.value)}
            </span>
            <span className="countdown__label">{u.label}</span>
          </div>
        ))}
      </div>
      {almostOver && (
        <p className="countdown__almost" data-testid="countdown-almost-over">
          {t('countdown-almost-over')}
        </p>
      )}
    </div>
  );
}
