import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { fetchRestrictions, liftRestriction, moderationKeys, restrictFan } from './api/moderation-api.ts';
import { formatClock } from './moderation-time.ts';
import type { useModerationAction } from './use-moderation-action.ts';

type Action = ReturnType<typeof useModerationAction>;

/** Fans timed out, banned or with chat off, each with Lift; and a form to restrict by username. */
export function RestrictedCard({ slug, action }: { slug: string; action: Action }) {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const list = useQuery({
    queryKey: moderationKeys.restrictions(slug),
    queryFn: () => fetchRestrictions(slug),
    refetchInterval: 15_000,
  });
  const rows = list.data?.restrictions ?? [];
  const restrict = (kind: 'timeout' | 'ban', seconds?: number) => (event?: FormEvent) => {
    event?.preventDefault();
    const name = username.trim();
    if (!name) return;
    void action
      .run(
        `restrict-${kind}-${seconds ?? ''}`,
        () => restrictFan(slug, { username: name, kind, ...(seconds ? { duration_seconds: seconds } : {}) }),
        { 404: 'mod-error-user' },
      )
      .then((ok) => ok && setUsername(''));
  };

  return (
    <section className="mod-card" aria-labelledby="mod-restricted-title" data-testid="mod-restricted">
      <h2 id="mod-restricted-title">{t('mod-restricted-title')}</h2>
      {rows.length === 0 ? (
        <p className="mod-empty">{t('mod-restricted-empty')}</p>
      ) : (
        <ul className="mod-list">
          {rows.map((r) => (
            <li
              key={r.user_id}
              className="mod-list__item mod-list__item--row"
              data-testid="mod-restricted-item"
            >
              <strong className="mod-feed__user">{r.username}</strong>
              <span className="mod-chip mod-chip--warn">
                {r.kind === 'timeout' && r.until
                  ? t('mod-restricted-timeout', { time: formatClock(r.until) })
                  : r.kind === 'ban'
                    ? t('mod-restricted-ban')
                    : t('mod-restricted-chat-off')}
              </span>
              <Button
                size="sm"
                variant="secondary"
                busy={action.busy === `lift-${r.username}`}
                onClick={() => void action.run(`lift-${r.username}`, () => liftRestriction(slug, r.username))}
                data-testid="mod-lift"
              >
                {t('mod-lift')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form className="mod-inline" onSubmit={restrict('timeout', 300)}>
        <Field
          label={t('mod-username')}
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          autoComplete="off"
          data-testid="mod-restrict-username"
        />
        <Button type="submit" variant="secondary" busy={action.busy === 'restrict-timeout-300'}>
          {t('mod-timeout-5m')}
        </Button>
        <Button
          variant="secondary"
          busy={action.busy === 'restrict-timeout-3600'}
          onClick={restrict('timeout', 3600)}
        >
          {t('mod-timeout-1h')}
        </Button>
        <Button
          variant="ghost"
          className="mod-danger"
          busy={action.busy === 'restrict-ban-'}
          onClick={restrict('ban')}
        >
          {t('mod-ban')}
        </Button>
      </form>
    </section>
  );
}
