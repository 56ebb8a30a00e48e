import { TIMEOUT_SECONDS, type Toss } from '@encore/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { deleteToss, restrictFan } from './api/moderation-api.ts';
import { formatClock } from './moderation-time.ts';
import type { useModerationAction } from './use-moderation-action.ts';
import type { useModerationFeed } from './use-moderation-feed.ts';

type Feed = ReturnType<typeof useModerationFeed>;
type Action = ReturnType<typeof useModerationAction>;

const DURATION_KEY = { 300: 'mod-timeout-5m', 3600: 'mod-timeout-1h' } as const;

/** Undo on the row itself, focused when it appears: the moderator's keyboard stays where it was. */
function UndoButton({ onClick, username }: { onClick: () => void; username: string }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <button
      ref={ref}
      type="button"
      className="btn btn--secondary btn--sm"
      onClick={onClick}
      aria-label={t('mod-undo-label', { username })}
      data-testid="mod-undo"
    >
      {t('mod-undo')}
    </button>
  );
}

/** Every message of every hang, newest first, each with delete, time out and ban. */
export function ModerationFeed({ slug, feed, action }: { slug: string; feed: Feed; action: Action }) {
  const { t } = useTranslation();
  const rank = new Map(feed.hangs.map((h) => [h.id, h.rank]));
  const user = (toss: Toss) => ({ username: toss.sender.username });
  const remove = (toss: Toss) =>
    action.later(`delete-${toss.toss_id}`, 'mod-pending-delete', user(toss), async () => {
      await deleteToss(slug, toss.toss_id);
      feed.forget(toss.toss_id);
    });
  const restrict = (toss: Toss, kind: 'timeout' | 'ban', seconds?: number) =>
    action.later(
      `${kind}-${seconds ?? ''}-${toss.toss_id}`,
      kind === 'ban' ? 'mod-pending-ban' : 'mod-pending-timeout',
      { ...user(toss), duration: seconds ? t(DURATION_KEY[seconds as keyof typeof DURATION_KEY]) : '' },
      () =>
        restrictFan(slug, {
          username: toss.sender.username,
          kind,
          ...(seconds ? { duration_seconds: seconds } : {}),
        }),
    );
  /** The row's action held for Undo, if any. */
  const heldFor = (toss: Toss) => action.waiting.find((k) => k.endsWith(`-${toss.toss_id}`));
  const rows = [...feed.tosses].reverse();

  return (
    <section className="mod-card mod-card--feed" aria-labelledby="mod-feed-title" data-testid="mod-feed">
      <header className="mod-card__head">
        <h2 id="mod-feed-title">{t('mod-feed-title')}</h2>
        <span className="mod-live" aria-hidden="true">
          LIVE
        </span>
      </header>
      {rows.length === 0 ? (
        <p className="mod-empty">{t('mod-feed-empty')}</p>
      ) : (
        <ol className="mod-feed">
          {rows.map((toss) => {
            const held = heldFor(toss);
            return (
              <li
                key={toss.toss_id}
                className={`mod-feed__row${held ? ' mod-feed__row--held' : ''}`}
                data-testid="mod-feed-row"
                data-toss-id={toss.toss_id}
                data-held={held ? held.split('-')[0] : undefined}
              >
                <div className="mod-feed__meta">
                  <time dateTime={toss.send_time}>{formatClock(toss.send_time)}</time>
                  {feed.hangs.length > 1 && (
                    <span className="mod-chip">
                      {t('mod-feed-room', { rank: rank.get(toss.hang_id) ?? '?' })}
                    </span>
                  )}
                  <strong className="mod-feed__user">{toss.sender.username}</strong>
                </div>
                <p className="mod-feed__text">
                  {toss.toss_type === 'sticker'
                    ? `[${toss.toss_data?.sticker_id ?? 'sticker'}]`
                    : toss.toss_text}
                </p>
                {held ? (
                  <div className="mod-feed__actions">
                    <span className="mod-feed__held" role="status">
                      {t(`mod-held-${held.split('-')[0] as 'delete' | 'timeout' | 'ban'}`)}
                    </span>
                    <UndoButton onClick={() => action.undo(held)} username={toss.sender.username} />
                  </div>
                ) : (
                  <div className="mod-feed__actions">
                    <Button
                      size="sm"
                      variant="secondary"
                      busy={action.busy === `delete-${toss.toss_id}`}
                      onClick={() => remove(toss)}
                      aria-label={t('mod-delete-label', { username: toss.sender.username })}
                      data-testid="mod-delete"
                    >
                      {t('mod-delete')}
                    </Button>
                    {TIMEOUT_SECONDS.map((s) => (
                      <Button
                        key={s}
                        size="sm"
                        variant="ghost"
                        busy={action.busy === `timeout-${s}-${toss.toss_id}`}
                        onClick={() => restrict(toss, 'timeout', s)}
                        aria-label={t('mod-timeout-label', {
                          username: toss.sender.username,
                          duration: t(DURATION_KEY[s]),
                        })}
                        data-testid={`mod-timeout-${s}`}
                      >
                        {t(DURATION_KEY[s])}
                      </Button>
                    ))}
                    <Button
                      size="sm"
                      variant="ghost"
                      className="mod-danger"
                      busy={action.busy === `ban--${toss.toss_id}`}
                      onClick={() => restrict(toss, 'ban')}
                      aria-label={t('mod-ban-label', { username: toss.sender.username })}
                      data-testid="mod-ban"
                    >
                      {t('mod-ban')}
                    </Button>
                  </div>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
