import { useTranslation } from 'react-i18next';
import { useSessionStore } from '../../../lib/store/session-store.ts';
import { ChatRulesCard } from './chat-rules-card.tsx';
import { ModerationFeed } from './moderation-feed.tsx';
import { ModeratorsCard } from './moderators-card.tsx';
import { QueueCard } from './queue-card.tsx';
import { RestrictedCard } from './restricted-card.tsx';
import { useModerationAction } from './use-moderation-action.ts';
import { useModerationFeed } from './use-moderation-feed.ts';
import './moderation.css';

/**
 * Moderation of one show (issue 13), for its hosts and moderators: the live feed of every hang with
 * delete, time out and ban; chat rules (slow mode, blocked words); the queue of held and reported
 * messages; restricted fans; and, for hosts, the show's moderators. The server enforces everything.
 */
export function ModerationPanel({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const isHost = useSessionStore((s) => s.user?.role === 'host');
  const feed = useModerationFeed(slug);
  const action = useModerationAction(slug);
  return (
    <section className="mod-panel" aria-labelledby="mod-panel-title" data-testid="moderation-panel">
      <h2 id="mod-panel-title" className="mod-panel__title">
        {t('mod-title')}
      </h2>
      <div className="mod-panel__grid">
        <ModerationFeed slug={slug} feed={feed} action={action} />
        <div className="mod-panel__side">
          <ChatRulesCard slug={slug} policy={feed.policy} action={action} />
          <QueueCard slug={slug} action={action} />
          <RestrictedCard slug={slug} action={action} />
          {isHost && <ModeratorsCard slug={slug} action={action} />}
        </div>
      </div>
    </section>
  );
}
