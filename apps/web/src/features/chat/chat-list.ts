import { CHAT_LIST_MAX } from './chat-constants.ts';

/**
 * The chat list's rules (viewing sections 4 and 5): one entry per toss_id, oldest first, at most the
 * newest 200. A message the fan typed shows at once (local echo); its echo from the server carries
 * the same toss_id (the client's uuid) and is not shown twice.
 */

/** What the list needs of a message; ChatMessage adds display state. */
export interface ListedMessage {
  toss_id: string;
}

/** Appends the messages not yet listed, in order, and keeps the newest `max`. */
export function mergeMessages<T extends ListedMessage>(
  list: readonly T[],
  incoming: readonly T[],
  max = CHAT_LIST_MAX,
): T[] {
  if (incoming.length === 0) return list as T[];
  const seen = new Set(list.map((m) => m.toss_id));
  const added: T[] = [];
  for (const message of incoming) {
    if (seen.has(message.toss_id)) continue;
    seen.add(message.toss_id);
    added.push(message);
  }
  if (added.length === 0) return list as T[];
  const next = [...list, ...added];
  return next.length > max ? next.slice(next.length - max) : next;
}

/** Replaces the listed message with this toss_id (the server's stamp on a local echo); unknown ids are ignored. */
export function updateMessage<T extends ListedMessage>(
  list: readonly T[],
  tossId: string,
  patch: Partial<T>,
): T[] {
  const index = list.findIndex((m) => m.toss_id === tossId);
  if (index < 0) return list as T[];
  const next = [...list];
  next[index] = { ...next[index], ...patch } as T;
  return next;
}

/** Drops the message with this toss_id (deleted for everyone by a moderator); unknown ids are ignored. */
export function removeMessage<T extends ListedMessage>(list: readonly T[], tossId: string): T[] {
  const index = list.findIndex((m) => m.toss_id === tossId);
  if (index < 0) return list as T[];
  return [...list.slice(0, index), ...list.slice(index + 1)];
}

/**
 * Incoming messages of others wait here and join the list every 650 ms (CHAT-46): a busy room
 * re-renders a few times a second instead of once per message.
 */
export class MessageQueue<T extends ListedMessage> {
  private pending: T[] = [];

  push(message: T): void {
    this.pending.push(message);
  }

  /** Forgets a queued message that was deleted before it was shown. */
  remove(tossId: string): void {
    this.pending = this.pending.filter((m) => m.toss_id !== tossId);
  }

  /** Takes everything queued; the caller merges it into the list. */
  drain(): T[] {
    const out = this.pending;
    this.pending = [];
    return out;
  }

  get size(): number {
    return this.pending.length;
  }
}
