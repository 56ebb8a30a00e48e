import type { ChatMessage } from './chat-message.ts';

/**
 * What the chat tells a screen reader (issue 14): not every message of a busy room, which made the
 * list unusable, but the fan's own messages that were held or failed, and messages that mention them.
 */
export type Announcement =
  | { key: string; kind: 'held-profanity' | 'held-disabled' | 'failed'; text: string }
  | { key: string; kind: 'mention'; text: string; from: string };

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether the text names the fan as "@name" (any case), not as part of a longer name. */
export function mentions(text: string, username: string): boolean {
  if (!username) return false;
  return new RegExp(`(^|[^\\p{L}\\p{N}_])@${escapeRe(username)}(?![\\p{L}\\p{N}_])`, 'iu').test(text);
}

/** The announcements of the list not yet made (each toss once per kind), oldest first. */
export function newAnnouncements(
  messages: readonly ChatMessage[],
  made: ReadonlySet<string>,
  myName: string | undefined,
): Announcement[] {
  const out: Announcement[] = [];
  for (const m of messages) {
    if (m.own) {
      const kind = m.failed
        ? 'failed'
        : m.localOnly === 'profanity'
          ? 'held-profanity'
          : m.localOnly === 'chat_disabled'
            ? 'held-disabled'
            : null;
      const key = `${m.toss_id}:${kind}`;
      if (kind && !made.has(key)) out.push({ key, kind, text: m.toss_text });
    } else if (myName && m.toss_type === 'chat' && mentions(m.toss_text, myName)) {
      const key = `${m.toss_id}:mention`;
      if (!made.has(key)) out.push({ key, kind: 'mention', text: m.toss_text, from: m.sender.username });
    }
  }
  return out;
}
