import type { QueueStatus, Show } from '@encore/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../lib/format/format-count.ts';
import { splitCountdown } from '../../../lib/time/countdown.ts';
import { useNow } from '../../../lib/time/use-now.ts';

/** "1 h 05 min", "4 min 20 s", "35 s": a wait or a countdown, short enough for a phone's line. */
function useDuration() {
  const { t } = useTranslation();
  return (ms: number) => {
    const { days, hours, minutes, seconds } = splitCountdown(ms);
    const h = days * 24 + hours;
    if (h > 0) return t('queue-duration-hours', { hours: h, minutes: String(minutes).padStart(2, '0') });
    if (minutes > 0)
      return t('queue-duration-minutes', { minutes, seconds: String(seconds).padStart(2, '0') });
    return t('queue-duration-seconds', { seconds });
  };
}

/**
 * The waiting room's page (issue 28): the fan's place in line, the estimated wait and the show's
 * countdown, all counted down here between polls; the page enters by itself when the place is let in
 * (use-event-entry.ts).
 */
export function WaitingRoom({ queue, show }: { queue: QueueStatus; show: Show | undefined }) {
  const { t, i18n } = useTranslation();
  const now = useNow(1000);
  const duration = useDuration();
  // The wait counts down from when this answer came, not from the page's load.
  const waitUntil = useMemo(
    () => (queue.estimated_wait_s === null ? null : Date.now() + queue.estimated_wait_s * 1000),
    [queue],
  );
  const doors = Date.parse(queue.doors_open_at);
  const start = show ? Date.parse(show.event.event_start_time) : null;
  const beforeDoors = now < doors;
  return (
    <section className="waiting-room" aria-labelledby="waiting-room-title" data-testid="waiting-room">
      <p className="waiting-room__show">{show ? `${show.artist_name} · ${show.event_name}` : ''}</p>
      <h1 id="waiting-room-title">{t('queue-title')}</h1>
      <div className="waiting-room__place" role="status" aria-live="polite" data-testid="queue-place">
        {queue.place === null ? (
          <p>{t('queue-place-draw')}</p>
        ) : queue.place === 0 ? (
          <p>{t('queue-your-turn')}</p>
        ) : (
          <p>
            {t('queue-place-before')}{' '}
            <strong className="waiting-room__number">{formatCount(queue.place, i18n.language)}</strong>{' '}
            {t('queue-place-after')}
          </p>
        )}
      </div>
      <dl className="waiting-room__facts">
        <div>
          <dt>{t('queue-wait-label')}</dt>
          <dd data-testid="queue-wait">
            {queue.paused
              ? t('queue-paused')
              : waitUntil === null
                ? t('queue-wait-unknown')
                : t('queue-wait-about', { time: duration(Math.max(0, waitUntil - now)) })}
          </dd>
        </div>
        <div>
          <dt>{beforeDoors ? t('queue-doors-label') : t('queue-start-label')}</dt>
          <dd data-testid="queue-countdown">
            {beforeDoors
              ? duration(doors - now)
              : start !== null && start > now
                ? duration(start - now)
                : t('queue-show-on')}
          </dd>
        </div>
        <div>
          <dt>{t('queue-ahead-label')}</dt>
          <dd data-testid="queue-length">{formatCount(queue.queue_length, i18n.language)}</dd>
        </div>
      </dl>
      <p className="waiting-room__note">{t('queue-keep-open')}</p>
    </section>
  );
}
