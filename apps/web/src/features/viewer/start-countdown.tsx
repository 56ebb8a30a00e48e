import { useTranslation } from 'react-i18next';
import { splitCountdown } from '../../lib/time/countdown.ts';
import { useNowUntil } from '../../lib/time/use-now.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** "12:34" under an hour, "1:02:03" above (days folded into hours): a clock, as fans read one. */
export function startsInClock(remainingMs: number): string {
  const { days, hours, minutes, seconds } = splitCountdown(remainingMs);
  const h = days * 24 + hours;
  return h > 0 ? `${h}:${pad(minutes)}:${pad(seconds)}` : `${pad(minutes)}:${pad(seconds)}`;
}

/**
 * The countdown to the show's start inside the viewer (issue 26: fans let in at doors had nothing
 * saying when it begins). It ticks until the start and is gone from then on, when the show is live.
 */
export function StartCountdown({ startsAt }: { startsAt: string }) {
  const { t } = useTranslation();
  const start = Date.parse(startsAt);
  const now = useNowUntil(start, 1000);
  if (!(start > now)) return null;
  return (
    // A timer, not a live region: a screen reader reads it when asked, not every second.
    <p className="viewer-bar__starts" role="timer" data-testid="viewer-starts-in">
      {t('viewer-starts-in', { time: startsInClock(start - now) })}
    </p>
  );
}
