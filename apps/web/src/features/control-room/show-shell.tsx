import type { HostShow } from '@encore/contract';
import { useQuery } from '@tanstack/react-query';
import { createContext, useContext, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { statusOf } from '../../lib/api/api-error.ts';
import { getShow, hostKeys } from './api/host-api.ts';
import { CodesScreen } from './codes/codes-screen.tsx';
import { ShowEditor } from './editor/show-editor.tsx';
import { formatWhen } from './format.ts';
import type { TabName } from './host-area.tsx';
import { ModerateScreen } from './moderate/moderate-screen.tsx';
import { RunScreen } from './run/run-screen.tsx';
import { ShowStatusBar } from './show-status-bar.tsx';

const ShowContext = createContext<HostShow | null>(null);

/** The show of the screen being shown (inside ShowShell). */
export function useShow(): HostShow {
  const show = useContext(ShowContext);
  if (!show) throw new Error('useShow outside a show screen');
  return show;
}

/** The show when inside ShowShell; null on the new-show screen. */
export const useShowIfAny = () => useContext(ShowContext);

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
export function ShowShell({ slug, tab }: { slug: string; tab: TabName }) {
  const { t, i18n } = useTranslation();
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
            <Link
              key={path}
              to={`/host/${slug}/${path}`}
              className={`host-tab${path === tab ? ' host-tab--active' : ''}`}
              aria-current={path === tab ? 'page' : undefined}
              data-testid={`host-tab-${path}`}
            >
              {t(key)}
            </Link>
          ))}
        </nav>
      </header>
      {/* The state, the feeds' health and End show: on top of every screen of the show. */}
      <ShowStatusBar show={s} />
      <ShowContext.Provider value={s}>
        {tab === 'setup' && <ShowEditor key={s.slug} mode="edit" />}
        {tab === 'codes' && <CodesScreen />}
        {tab === 'run' && <RunScreen />}
        {tab === 'moderate' && <ModerateScreen />}
      </ShowContext.Provider>
    </div>
  );
}
