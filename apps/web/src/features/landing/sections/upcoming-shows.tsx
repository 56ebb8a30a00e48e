import { type Show, showStatus } from '@encore/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ShowTime } from '../components/show-time.tsx';
import { StatusPill } from '../components/status-pill.tsx';
import type { ShowStatusOf } from '../hooks/use-show-states.ts';

/**
 * 'Other upcoming shows' (LAND-09): the listed shows besides the one in the ticketing block. Picking
 * one puts it in the block (`?show=slug`), where its tickets can be checked, bought or validated.
 */
export function UpcomingShows({
  shows,
  now,
  statusOf,
}: {
  shows: Show[];
  now: number;
  statusOf?: ShowStatusOf;
}) {
  const { t } = useTranslation();
  if (shows.length === 0) return null;
  return (
    <section className="upcoming container" data-testid="upcoming-shows" aria-labelledby="upcoming-title">
      <h2 className="sections-title" id="upcoming-title">
        {t('upcoming-title')}
      </h2>
      <ul className="upcoming__list">
        {shows.map((show) => (
          <li key={show.slug} className="upcoming__item" data-testid="upcoming-show" data-slug={show.slug}>
            <div className="upcoming__text">
              <p className="upcoming__artist">{show.artist_name}</p>
              <h3 className="upcoming__name">{show.event_name}</h3>
              <ShowTime iso={show.event.event_start_time} />
            </div>
            <StatusPill status={statusOf ? statusOf(show, now) : showStatus(show, new Date(now))} />
            <Link
              to={{ pathname: '/', search: `?show=${encodeURIComponent(show.slug)}` }}
              className="btn btn--secondary btn--sm upcoming__select"
              onClick={() => window.scrollTo({ top: 0 })}
              data-testid="upcoming-show-select"
            >
              <span className="btn__label">{t('upcoming-tickets')}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
