import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fetchModeratedShows, moderationKeys } from './api/moderation-api.ts';
import { AuditLogPanel } from './audit-log-panel.tsx';
import { ModerationPanel } from './moderation-panel.tsx';

function useModeratedShows() {
  return useQuery({ queryKey: moderationKeys.mine, queryFn: fetchModeratedShows, staleTime: 10_000 });
}

function Loading() {
  const { t } = useTranslation();
  return (
    <div className="host host--refused" aria-busy="true">
      <p>{t('loading')}</p>
    </div>
  );
}

function Refused() {
  const { t } = useTranslation();
  return (
    <div className="host host--refused" data-testid="control-refused">
      <h1>{t('control-refused-title')}</h1>
      <p>{t('control-refused-body')}</p>
      <Link className="btn btn--secondary btn--md" to="/">
        {t('control-back-home')}
      </Link>
    </div>
  );
}

function Head({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <header className="host-head">
      <div className="host-head__main">
        <p className="host-eyebrow">{t('mod-room-eyebrow')}</p>
        <h1 className="host-title">{title}</h1>
      </div>
    </header>
  );
}

/** /host for a fan account: the shows a host appointed it to moderate, each opening its panels. */
export function ModeratorHome() {
  const { t } = useTranslation();
  const mine = useModeratedShows();
  if (mine.isPending) return <Loading />;
  const shows = mine.data?.shows ?? [];
  if (shows.length === 0) return <Refused />;
  return (
    <div className="host host-page" data-testid="moderator-home">
      <Head title={t('mod-home-title')} />
      <ul className="mod-home">
        {shows.map((s) => (
          <li key={s.slug}>
            <Link className="mod-home__show" to={`/host/${s.slug}`} data-testid={`mod-home-${s.slug}`}>
              {s.event_name}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The control room of a signed-in fan account: a moderator of this show gets the moderation and
 * audit panels (hosts' cues, show edits, codes and keys stay host-only); anyone else is refused.
 */
export function ModeratorRoom({ slug }: { slug: string }) {
  const mine = useModeratedShows();
  const show = mine.data?.shows.find((s) => s.slug === slug);
  if (mine.isPending) return <Loading />;
  if (!show) return <Refused />;
  return (
    <div className="host host-page" data-testid="moderator-room">
      <Head title={show.event_name} />
      <ModerationPanel slug={slug} />
      <AuditLogPanel slug={slug} />
    </div>
  );
}
