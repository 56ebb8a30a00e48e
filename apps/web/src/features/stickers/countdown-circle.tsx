import { useTranslation } from 'react-i18next';
import { cooldownFraction, cooldownSeconds } from './sticker-cooldown.ts';

const R = 15;
const CIRCUMFERENCE = 2 * Math.PI * R;

/** 'Send another sticker in' with a circle that empties over the 20 s cooldown (STK-29). */
export function CountdownCircle({ remainingMs }: { remainingMs: number }) {
  const { t } = useTranslation();
  const seconds = cooldownSeconds(remainingMs);
  const dash = CIRCUMFERENCE * cooldownFraction(remainingMs);
  return (
    <div className="sticker-timer" role="timer" data-testid="sticker-timer" aria-live="off">
      <span className="sticker-timer__label">{t('sticker-send-another')}</span>
      <span className="sticker-timer__circle">
        <svg viewBox="0 0 36 36" width="36" height="36" aria-hidden="true">
          <circle cx="18" cy="18" r={R} className="sticker-timer__track" />
          <circle
            cx="18"
            cy="18"
            r={R}
            className="sticker-timer__arc"
            strokeDasharray={`${dash} ${CIRCUMFERENCE}`}
            transform="rotate(-90 18 18)"
          />
        </svg>
        <span className="sticker-timer__seconds" data-testid="sticker-timer-seconds">
          {t('sticker-seconds', { seconds })}
        </span>
      </span>
    </div>
  );
}
