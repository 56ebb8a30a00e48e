import { doorsOpenAt, type Show, showStatus } from '@encore/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../lib/config/config-context.tsx';
import { useSkewStore } from '../../../lib/store/skew-store.ts';
import { useUiStore } from '../../../lib/store/ui-store.ts';
import { entryOpensAt, showCardTickMs } from '../../../lib/time/entry-time.ts';
import { dualTime } from '../../../lib/time/show-time.ts';
import { useNow } from '../../../lib/time/use-now.ts';
import { TicketActions } from '../../tickets/index.ts';
import type { ShowStatusOf } from '../hooks/use-show-states.ts';
import { Countdown } from './countdown.tsx';
import { Reairings } from './reairings.tsx';
import { ShowTime } from './show-time.tsx';
import { StatusPill } from './status-pill.tsx';
import './show-ticketing.css';

/**
 * The ticketing block (LAND-08): the show, its times in KST, the countdown to this fan's entry time
 * and the ticket state. The countdown runs to the moment the Enter button unlocks (doors open plus
 * the fan's skew), so it never reaches 0 while the button is still locked.
 */
export function ShowTicketing({
  show,
  next,
  statusOf,
}: {
  show: Show;
  next: boolean;
  /** The show's status when the clock does not decide it (a live-ingest show: use-show-states.ts). */
  statusOf?: ShowStatusOf;
}) {
  const { t } = useTranslation();
  const { landing } = useConfig();
  // Every second only while something on the card is about to change (showCardTickMs).
  const [tickMs, setTickMs] = useState(1000);
  const now = useNow(tickMs);
  const skew = useSkewStore((s) => s.skew);
  const locale = useUiStore((s) => s.locale);
  const status = statusOf ? statusOf(show, now) : showStatus(show, new Date(now));
  const doors = doorsOpenAt(show).toISOString();
  const entryAt = entryOpensAt(show, skew, now);
  // An ended show counts down to nothing: it says that it ended and where the replay is.
  const counting = landing.show_countdown && now < entryAt && status !== 'ended';
  const nextTickMs = showCardTickMs(show, skew, now, counting);
  useEffect(() => setTickMs(nextTickMs), [nextTickMs]);
  // The fan's own time first, KST beside it (issue 14).
  const start = dualTime(show.event.event_start_time, locale);

  return (
    <section
      className="show-card"
      data-testid="show-ticketing"
      data-slug={show.slug}
      aria-labelledby="show-card-title"
    >
      <div className="show-card__head">
        <p className="show-card__eyebrow">
          {next && status === 'upcoming' ? <span className="show-card__next">{t('show-next')}</span> : null}
          <StatusPill status={status} />
        </p>
        <p className="show-card__artist" data-testid="show-artist">
          {show.artist_name}
        </p>
        <h2 className="show-card__title" id="show-card-title" data-testid="show-event-name">
          {show.event_name}
        </h2>
      </div>
      <div className="show-card__details">
        <dl className="show-card__times">
          <div>
            <dt>{t('show-starts')}</dt>
            <dd>
              <ShowTime iso={show.event.event_start_time} testId="show-start-time" />
            </dd>
          </div>
          <div>
            <dt>{t('show-doors')}</dt>
            <dd>
              <ShowTime iso={doors} testId="show-doors-time" />
            </dd>
          </div>
        </dl>
        <Reairings event={show.event} now={now} />
      </div>
      <div className="show-card__side">
        {counting ? (
          <Countdown target={entryAt} now={now} />
        ) : (
          status !== 'upcoming' && (
            <div className="doors-state" data-testid="doors-state" data-status={status}>
              {/* After End show: that it ended and where the replay is, not "Doors are open" (issue 25). */}
              <p className="doors-state__title">
                {t(
                  status === 'live'
                    ? 'stage-live-title'
                    : status === 'ended'
                      ? 'stage-ended-title'
                      : 'stage-open-title',
                )}
              </p>
              <p className="doors-state__body">
                {t(
                  status === 'live'
                    ? 'stage-live-body'
                    : status === 'ended'
                      ? 'stage-ended-body'
                      : 'stage-open-body',
                  { time: start },
                )}
              </p>
            </div>
          )
        )}
        <TicketActions show={show} now={now} />
      </div>
    </section>
  );
}
