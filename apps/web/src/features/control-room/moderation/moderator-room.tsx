import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fetchModeratedShows, moderationKeys } from './api/moderation-api.ts';
import { AuditLogPanel } from './audit-log-panel.tsx';
import { ModerationPanel } from './moderation-panel.tsx';

/**
 * The control room of a signed-in fan account: a moderator of this show gets the moderation and
 * audit panels (hosts' cues, show edits, codes and keys stay host-only); anyone else is refused.
 */
export function ModeratorRoom({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const mine = useQuery({ queryKey: moderationKeys.mine, queryFn: fetchModeratedShows, staleTime: 10_000 });
  const show = mine.data?.shows.find((s) => s.slug === slug);
  if (mine.isPending) {
    return (
      <main className="control-room control-room--refused" aria-busy="true">
        <p>{t('loading')}</p>
      </main>
    );
  }
  if (!show) {
    return (
      <main className="control-room control-room--refused" data-testid="control-refused">
        <h1>{t('control-refused-title')}</h1>
        <p>{t('control-refused-body')}</p>
        <Link className="btn btn--secondary btn--md" to="/">
          {t('control-back-home')}
        </Link>
      </main>
    );
  }
  return (
    <main className="control-room" data-testid="moderator-room">
      <header className="control-room__head">
        <div>
          <p className="control-room__eyebrow">{t('mod-room-eyebrow')}</p>
          <h1 className="control-room__title">{show.event_name}</h1>
        </div>
      </header>
      <ModerationPanel slug={slug} />
      <AuditLogPanel slug={slug} />
    </main>
  );
}
