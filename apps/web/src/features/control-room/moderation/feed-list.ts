import type { Toss } from '@encore/contract';

/** What the feed keeps on screen: the newest messages of every hang together. */
export const FEED_MAX = 300;

/** Appends unseen tosses (by toss_id), oldest first, keeping the newest `max`. */
export function mergeFeed(list: readonly Toss[], incoming: readonly Toss[], max = FEED_MAX): Toss[] {
  const seen = new Set(list.map((t) => t.toss_id));
  const added = incoming.filter((t) => !seen.has(t.toss_id) && seen.add(t.toss_id));
  if (added.length === 0) return list as Toss[];
  const next = [...list, ...added].sort((a, b) => a.send_time.localeCompare(b.send_time));
  return next.length > max ? next.slice(next.length - max) : next;
}
