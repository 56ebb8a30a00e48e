import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '../../../lib/store/session-store.ts';
import { LightstickStatus } from '../../alerts/lightstick-status.tsx';
import { fromToss } from '../chat-message.ts';
import { MessageList } from '../message-list.tsx';
import { useChatReplay } from './use-chat-replay.ts';
import '../chat.css';

export type ChatReplayColumnProps = {
  slug: string;
  /** The program date (ms) of the picture on screen; null before playback knows it. */
  dateMs: number | null;
};

/**
 * The chat column beside a replay (issue 11): what fans wrote up to the moment on screen, following
 * the picture and its seeks, read-only (the show's chat is closed). Held and deleted messages never
 * reach it: the server answers only what was delivered.
 */
export function ChatReplayColumn({ slug, dateMs }: ChatReplayColumnProps) {
  const { t } = useTranslation();
  const myId = useSessionStore((s) => s.user?.id);
  const replay = useChatReplay(slug, dateMs);
  const messages = useMemo(() => replay.tosses.map((x) => fromToss(x, myId)), [replay.tosses, myId]);
  return (
    <section
      className="chat-column chat-column--replay"
      data-testid="chat-replay"
      aria-label={t('chat-replay-title')}
    >
      <header className="chat-column__head">
        <h2 className="chat-column__title">{t('chat-replay-title')}</h2>
      </header>
      {/* The night's light-stick cues replay with the picture (issue 27): the on-screen stick lights
          when the replay reaches each cue's moment, as it did live. */}
      <LightstickStatus />
      {replay.failed && (
        <p className="chat-banner chat-banner--warn" role="alert" data-testid="chat-replay-failed">
          {t('chat-replay-failed')}
        </p>
      )}
      <div className="chat-column__body">
        <MessageList messages={messages} emptyText={t('chat-replay-empty')} />
      </div>
      <p className="chat-replay__note">{t('chat-replay-note')}</p>
    </section>
  );
}
