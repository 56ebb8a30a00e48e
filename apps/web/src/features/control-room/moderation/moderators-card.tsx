import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { appointModerator, fetchModerators, moderationKeys, removeModerator } from './api/moderation-api.ts';
import type { useModerationAction } from './use-moderation-action.ts';

type Action = ReturnType<typeof useModerationAction>;

/** Hosts only: appoint the show's moderators by username, and remove them. */
export function ModeratorsCard({ slug, action }: { slug: string; action: Action }) {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const list = useQuery({ queryKey: moderationKeys.moderators(slug), queryFn: () => fetchModerators(slug) });
  const rows = list.data?.moderators ?? [];
  const appoint = (event: FormEvent) => {
    event.preventDefault();
    const name = username.trim();
    if (!name) return;
    void action
      .run('appoint', () => appointModerator(slug, name), { 404: 'mod-error-user' })
      .then((ok) => ok && setUsername(''));
  };
  return (
    <section className="mod-card" aria-labelledby="mod-moderators-title" data-testid="mod-moderators">
      <h2 id="mod-moderators-title">{t('mod-moderators-title')}</h2>
      <p className="mod-help">{t('mod-moderators-help')}</p>
      {rows.length === 0 ? (
        <p className="mod-empty">{t('mod-moderators-empty')}</p>
      ) : (
        <ul className="mod-list">
          {rows.map((m) => (
            <li key={m.user_id} className="mod-list__item mod-list__item--row">
              <strong className="mod-feed__user">{m.username}</strong>
              <Button
                size="sm"
                variant="ghost"
                busy={action.busy === `remove-${m.username}`}
                onClick={() =>
                  void action.run(`remove-${m.username}`, () => removeModerator(slug, m.username))
                }
                aria-label={t('mod-remove-label', { username: m.username })}
              >
                {t('mod-remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form className="mod-inline" onSubmit={appoint}>
        <Field
          label={t('mod-username')}
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          autoComplete="off"
          data-testid="mod-appoint-username"
        />
        <Button type="submit" busy={action.busy === 'appoint'} data-testid="mod-appoint">
          {t('mod-appoint')}
        </Button>
      </form>
    </section>
  );
}
