import { useTranslation } from 'react-i18next';
import { AuditLogPanel, ModerationPanel } from '../moderation/index.ts';
import { useShow } from '../show-shell.tsx';

/**
 * The Moderate tab: the moderation module's panel (live feed of every hang, deletions, time-outs,
 * bans, slow mode, blocked terms, held messages, moderators, audit log) fills this screen.
 */
export function ModerateScreen() {
  const { t } = useTranslation();
  const show = useShow();
  return (
    <section className="host-screen" aria-labelledby="host-moderate-title" data-testid="host-moderate">
      <h2 id="host-moderate-title" className="visually-hidden">
        {t('host-tab-moderate')}
      </h2>
      <ModerationPanel slug={show.slug} />
      <AuditLogPanel slug={show.slug} />
    </section>
  );
}
