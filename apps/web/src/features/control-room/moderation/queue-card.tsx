import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { decideQueued, fetchQueue, moderationKeys } from './api/moderation-api.ts';
import { formatClock } from './moderation-time.ts';
import type { useModerationAction } from './use-moderation-action.ts';

type Action = ReturnType<typeof useModerationAction>;

/** Messages held by a word filter, and messages fans reported: approve (publish or keep) or discard. */
export function QueueCard({ slug, action }: { slug: string; action: Action }) {
  const { t } = useTranslation();
  const queue = useQuery({
    queryKey: moderationKeys.queue(slug),
    queryFn: () => fetchQueue(slug),
    refetchInterval: 5000,
    staleTime: 0,
  });
  const items = queue.data?.items ?? [];
  return (
    <section className="mod-card" aria-labelledby="mod-queue-title" data-testid="mod-queue">
      <header className="mod-card__head">
        <h2 id="mod-queue-title">{t('mod-queue-title')}</h2>
        {items.length > 0 && <span className="mod-count">{items.length}</span>}
      </header>
      {items.length === 0 ? (
        <p className="mod-empty">{t('mod-queue-empty')}</p>
      ) : (
        <ul className="mod-list">
          {items.map(({ toss, held_reason, reports }) => (
            <li key={toss.toss_id} className="mod-list__item" data-testid="mod-queue-item">
              <div className="mod-feed__meta">
                <time dateTime={toss.send_time}>{formatClock(toss.send_time)}</time>
                <strong className="mod-feed__user">{toss.sender.username}</strong>
                {held_reason && (
                  <span className="mod-chip mod-chip--warn">
                    {held_reason === 'profanity' ? t('mod-queue-held-profanity') : t('mod-queue-held-term')}
                  </span>
                )}
                {reports > 0 && (
                  <span className="mod-chip">{t('mod-queue-reports', { count: reports })}</span>
                )}
              </div>
              <p className="mod-feed__text">{toss.toss_text}</p>
              <div className="mod-feed__actions">
                <Button
                  size="sm"
                  busy={action.busy === `approve-${toss.toss_id}`}
                  onClick={() =>
                    void action.run(`approve-${toss.toss_id}`, () => decideQueued(slug, toss.toss_id, true))
                  }
                  data-testid="mod-approve"
                >
                  {t('mod-approve')}
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  busy={action.busy === `discard-${toss.toss_id}`}
                  onClick={() =>
                    void action.run(`discard-${toss.toss_id}`, () => decideQueued(slug, toss.toss_id, false))
                  }
                  data-testid="mod-discard"
                >
                  {t('mod-discard')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
