import type { HostShowSummary, ShowStatus } from '@encore/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hostKeys, listShows } from './api/host-api.ts';
import { DuplicateButton } from './duplicate-button.tsx';
import { formatWhen } from './format.ts';

const statusKey = {
  upcoming: 'host-status-upcoming',
  open: 'host-status-open',
  live: 'host-status-live',
  ended: 'host-status-ended',
} as const satisfies Record<ShowStatus, string>;

export function StatusPill({ status }: { status: ShowStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`host-pill host-pill--${status}`} data-testid="host-status">
      {t(statusKey[status])}
    </span>
  );
}

/** /host: every show with its state, times and codes; the way into each show's screens. */
export function HostHome() {
  const { t, i18n } = useTranslation();
  const shows = useQuery({ queryKey: hostKeys.shows, queryFn: listShows, refetchInterval: 15_000 });
  return (
    <div className="host-page" data-testid="host-home">
      <header className="host-head">
        <div>
          <p className="host-eyebrow">{t('control-eyebrow')}</p>
          <h1 className="host-title">{t('host-shows-title')}</h1>
        </div>
        <Link className="btn btn--primary btn--md" to="/host/new" data-testid="host-new-show">
          {t('host-new-show')}
        </Link>
      </header>
      {shows.isPending && <p className="host-muted">{t('loading')}</p>}
      {shows.isError && <p className="host-error">{t('host-load-error')}</p>}
      {shows.data && shows.data.results.length === 0 && <p className="host-muted">{t('host-no-shows')}</p>}
      {shows.data && shows.data.results.length > 0 && (
        <div className="host-table-wrap">
          <table className="host-table" data-testid="host-show-list">
            <thead>
              <tr>
                <th scope="col">{t('host-col-show')}</th>
                <th scope="col">{t('host-col-status')}</th>
                <th scope="col">{t('host-col-doors')}</th>
                <th scope="col">{t('host-col-start')}</th>
                <th scope="col">{t('host-col-codes')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('host-col-actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {shows.data.results.map((s: HostShowSummary) => (
                <tr key={s.slug} data-testid={`host-row-${s.slug}`}>
                  <td>
                    <Link className="host-table__name" to={`/host/${s.slug}/run`}>
                      {s.event_name}
                    </Link>
                    <span className="host-table__sub">
                      {s.artist_name} · {s.slug}
                    </span>
                  </td>
                  <td>
                    <StatusPill status={s.status} />
                  </td>
                  <td className="host-num">{formatWhen(s.doors_open_at, i18n.language)}</td>
                  <td className="host-num">{formatWhen(s.event_start_time, i18n.language)}</td>
                  <td className="host-num">
                    {t('host-codes-count', { redeemed: s.codes.redeemed, total: s.codes.total })}
                  </td>
                  <td className="host-table__actions">
                    <Link className="btn btn--ghost btn--sm" to={`/host/${s.slug}/setup`}>
                      {t('host-tab-setup')}
                    </Link>
                    <Link className="btn btn--ghost btn--sm" to={`/host/${s.slug}/codes`}>
                      {t('host-tab-codes')}
                    </Link>
                    <DuplicateButton slug={s.slug} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
