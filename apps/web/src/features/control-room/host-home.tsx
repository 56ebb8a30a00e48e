import type { HostShowSummary, ShowStatus } from '@encore/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hostKeys, listShows } from './api/host-api.ts';
import { DuplicateButton } from './duplicate-button.tsx';
import { formatWhen } from './format.ts';
import { HostTable } from './host-table.tsx';

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
        <HostTable<HostShowSummary>
          testId="host-show-list"
          cards
          label={t('host-shows-title')}
          rows={shows.data.results}
          rowKey={(s) => s.slug}
          rowTestId={(s) => `host-row-${s.slug}`}
          columns={[
            {
              key: 'show',
              header: t('host-col-show'),
              cell: (s) => (
                <>
                  <Link className="host-table__name" to={`/host/${s.slug}/run`}>
                    {s.event_name}
                  </Link>
                  <span className="host-table__sub">
                    {s.artist_name} · {s.slug}
                  </span>
                </>
              ),
            },
            { key: 'status', header: t('host-col-status'), cell: (s) => <StatusPill status={s.status} /> },
            {
              key: 'doors',
              header: t('host-col-doors'),
              className: 'host-num',
              cell: (s) => formatWhen(s.doors_open_at, i18n.language),
            },
            {
              key: 'start',
              header: t('host-col-start'),
              className: 'host-num',
              cell: (s) => formatWhen(s.event_start_time, i18n.language),
            },
            {
              key: 'codes',
              header: t('host-col-codes'),
              className: 'host-num',
              cell: (s) => t('host-codes-count', { redeemed: s.codes.redeemed, total: s.codes.total }),
            },
            {
              key: 'actions',
              header: t('host-col-actions'),
              hideHeader: true,
              className: 'host-table__actions',
              cell: (s) => (
                <>
                  <Link className="btn btn--ghost btn--sm" to={`/host/${s.slug}/setup`}>
                    {t('host-tab-setup')}
                  </Link>
                  <Link className="btn btn--ghost btn--sm" to={`/host/${s.slug}/codes`}>
                    {t('host-tab-codes')}
                  </Link>
                  <DuplicateButton slug={s.slug} />
                </>
              ),
            },
          ]}
        />
      )}
    </div>
  );
}
