import type { Channel } from '@encore/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useOutletContext, useParams } from 'react-router';
import { statusOf } from '../../lib/api/api-error.ts';
import { getShow, hostKeys } from './api/host-api.ts';
import { formatWhen } from './format.ts';
import { StatusPill } from './host-home.tsx';

export type ShowContext = { show: Channel };
export const useShow = () => useOutletContext<ShowContext>().show;

const TABS = [
  ['setup', 'host-tab-setup'],
  ['codes', 'host-tab-codes'],
  ['run', 'host-tab-run'],
  ['moderate', 'host-tab-moderate'],
] as const;

/**
 * One show's screens: its name (not its slug) as the title, its state, and the tabs. An unknown
 * show is a not-found state, not a control room that fails on the first send.
 */
export function ShowShell() {
  const { t, i18n } = useTranslation();
  const { slug = '' } = useParams();
  const show = useQuery({ queryKey: hostKeys.show(slug), queryFn: () => getShow(slug), retry: false });
  const name = show.data?.event_name;

  useEffect(() => {
    if (!name) return;
    const before = document.title;
    document.title = `${name} · ${t('control-eyebrow')}`;
    return () => {
      document.title = before;
    };
  }, [name, t]);

  if (show.isPending) return <p className="host-muted">{t('loading')}</p>;
  if (show.isError) {
    const missing = statusOf(show.error) === 404;
    return (
      <div className="host-page host-empty" data-testid={missing ? 'host-not-found' : 'host-show-error'}>
        <h1 className="host-title">{missing ? t('host-not-found-title') : t('host-load-error')}</h1>
        {missing && <p className="host-muted">{t('host-not-found-body', { slug })}</p>}
        <Link className="btn btn--secondary btn--md" to="/host">
          {t('host-back-to-shows')}
        </Link>
      </div>
    );
  }
  const s = show.data;
  return (
    <div className="host-page" data-testid="host-show">
      <header className="host-head host-head--show">
        <div className="host-head__main">
          <p className="host-eyebrow">
            <Link to="/host">{t('host-shows-title')}</Link> / {s.artist_name}
          </p>
          <h1 className="host-title" data-testid="host-show-name">
            {s.event_name}
          </h1>
          <p className="host-head__times">
            <StatusPill status={s.status} />
            <span>
              {t('host-col-doors')} {formatWhen(s.doors_open_at, i18n.language)}
            </span>
            <span>
              {t('host-col-start')} {formatWhen(s.event.event_start_time, i18n.language)}
            </span>
            <span>
              {t('host-col-end')} {formatWhen(s.event.event_end_time, i18n.language)}
            </span>
          </p>
        </div>
        <nav className="host-tabs" aria-label={t('host-tabs-label')}>
          {TABS.map(([path, key]) => (
            <NavLink
              key={path}
              to={`/host/${slug}/${path}`}
              className={({ isActive }) => `host-tab${isActive ? ' host-tab--active' : ''}`}
              data-testid={`host-tab-${path}`}
            >
              {t(key)}
            </NavLink>
          ))}
        </nav>
      </header>
      <Outlet context={{ show: s } satisfies ShowContext} />
    </div>
  );
}
