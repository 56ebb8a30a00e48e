import {
  type KeyboardEvent,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { SCROLL_THROTTLE_MS, throttle } from '../../lib/time/throttle.ts';
import { type Announcement, newAnnouncements } from './chat-announcements.ts';
import { STICK_TO_BOTTOM_PX } from './chat-constants.ts';
import type { ChatMessage } from './chat-message.ts';
import { LIST_ACTION_ATTR, listActionTarget } from './list-keys.ts';
import { MessageRow } from './message-row.tsx';

/**
 * The message list follows the latest message unless the fan scrolled up to read; then new messages
 * set the show-more state, a button that jumps back down (CHAT-33).
 */
export function MessageList({
  messages,
  myName,
  hangId = null,
  onReported,
  onResend,
  emptyText,
}: {
  messages: ChatMessage[];
  /** What an empty list says (a live room invites a first line; a replay cannot). */
  emptyText?: string;
  myName?: string | undefined;
  /** With a hang, others' messages get a menu with "Report" (moderation). */
  hangId?: number | null;
  onReported?: (tossId: string) => void;
  onResend?: (tossId: string) => void;
}) {
  const { t } = useTranslation();
  const announced = useRef(new Set<string>());
  const [announcement, setAnnouncement] = useState('');
  // Only the fan's own held or failed messages and mentions of them are read out (issue 14); the list
  // itself is not a live region, which read every message of a busy room aloud.
  useEffect(() => {
    const fresh = newAnnouncements(messages, announced.current, myName);
    if (fresh.length === 0) return;
    for (const a of fresh) announced.current.add(a.key);
    const say = (a: Announcement) =>
      a.kind === 'mention'
        ? t('chat-announce-mention', { name: a.from, text: a.text })
        : t(
            a.kind === 'failed'
              ? 'chat-announce-failed'
              : a.kind === 'held-profanity'
                ? 'chat-held-profanity'
                : 'chat-held-disabled',
          );
    setAnnouncement(fresh.map(say).join(' '));
  }, [messages, myName, t]);
  const listRef = useRef<HTMLOListElement>(null);
  const hintId = useId();
  const atBottom = useRef(true);
  const [showMore, setShowMore] = useState(false);
  const lastId = messages.at(-1)?.toss_id;
  const lastOwn = messages.at(-1)?.own ?? false;

  const scrollToLatest = useCallback(() => {
    const el = listRef.current;
    if (!el) return;
    el.scrollTop = el.scrollHeight;
    atBottom.current = true;
    setShowMore(false);
  }, []);

  const measure = useCallback(() => {
    const el = listRef.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight <= STICK_TO_BOTTOM_PX;
    if (atBottom.current) setShowMore(false);
  }, []);

  // Scroll handling is throttled to 150 ms (LAY-11); the last event of a fling still counts.
  const onScroll = useMemo(() => throttle(measure, SCROLL_THROTTLE_MS), [measure]);
  useEffect(() => onScroll.cancel, [onScroll]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the newest message changes.
  useLayoutEffect(() => {
    if (!lastId) return;
    // What the fan sends always brings the list down to it.
    if (atBottom.current || lastOwn) scrollToLatest();
    else setShowMore(true);
  }, [lastId]);

  // The panel may change height (keyboard, layout): stay at the bottom if that is where the fan was.
  useEffect(() => {
    const el = listRef.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (atBottom.current) el.scrollTop = el.scrollHeight;
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // The arrow keys reach the messages' controls (list-keys.ts); without any they scroll as before.
  const onKeyDown = (e: KeyboardEvent<HTMLOListElement>) => {
    const list = listRef.current;
    if (!list || e.altKey || e.ctrlKey || e.metaKey) return;
    const actions = [...list.querySelectorAll<HTMLElement>(`[${LIST_ACTION_ATTR}]:not(:disabled)`)];
    const target = listActionTarget(actions.length, actions.indexOf(e.target as HTMLElement), e.key);
    if (target === null) {
      // Escape from a message's control gives the list its focus back (an open menu closes itself).
      const inMenu = (e.target as HTMLElement).closest('[role="menu"]') !== null;
      if (e.key === 'Escape' && e.target !== list && !inMenu) list.focus();
      return;
    }
    e.preventDefault();
    actions[target]?.focus();
  };

  return (
    <div className="chat-list-wrap">
      <ol
        className="chat-list"
        ref={listRef}
        onScroll={onScroll}
        onKeyDown={onKeyDown}
        data-testid="chat-list"
        aria-label={t('chat-messages-label')}
        aria-describedby={hangId !== null || onResend ? hintId : undefined}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling list takes focus so a keyboard can scroll it (axe scrollable-region-focusable, issue 14).
        tabIndex={0}
        data-show-more={showMore}
      >
        {messages.length === 0 && <li className="chat-list__empty">{emptyText ?? t('chat-empty')}</li>}
        {messages.map((message) => (
          <MessageRow
            key={message.toss_id}
            message={message}
            hangId={hangId}
            onReported={onReported}
            onResend={onResend}
          />
        ))}
      </ol>
      <p className="visually-hidden" id={hintId}>
        {t('chat-list-keys')}
      </p>
      <p className="visually-hidden" role="status" aria-live="polite" data-testid="chat-announcer">
        {announcement}
      </p>
      {showMore && (
        <button
          type="button"
          className="chat-list__more"
          onClick={scrollToLatest}
          data-testid="chat-show-more"
        >
          {t('chat-show-more')}
          <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
            <path fill="currentColor" d="M12 16.5l-6-6 1.4-1.4 4.6 4.6 4.6-4.6 1.4 1.4z" />
          </svg>
        </button>
      )}
    </div>
  );
}
