import type { AngleHealth } from '@encore/contract';

/** What can be wrong with a feed, in the order a host should fix it. */
export type FeedIssue = 'down' | 'slow' | 'silent';

/** Below this share of real time an encoder falls behind (fans drift further back every minute). */
export const SLOW_SPEED = 0.9;

/** Optional measured fields (read when the server sends them). */
type Measured = { speed?: number | null; audio_present?: boolean | null; audio_silent?: boolean | null };

/** The issues of one angle now; [] when it is on air and keeping up. */
export function feedIssues(a: AngleHealth): FeedIssue[] {
  if (!a.connected || !a.healthy) return ['down'];
  const m = a as AngleHealth & Measured;
  const issues: FeedIssue[] = [];
  if (typeof m.speed === 'number' && m.speed < SLOW_SPEED) issues.push('slow');
  if (m.audio_silent === true || m.audio_present === false) issues.push('silent');
  return issues;
}

/** One alert: an angle got an issue, or lost its last one (`back`). */
export type FeedAlert = { stream: string; kind: FeedIssue | 'back' };

/**
 * The alerts between two readings. An angle is news once it was on air since the page opened (an
 * unused camera or an encoder still starting is not): it then alerts when it drops and when it comes
 * back. Falling behind or going silent is measured only on air, so it alerts at once.
 */
export function feedAlerts(
  seen: Set<string>,
  before: Map<string, FeedIssue[]>,
  angles: AngleHealth[],
): FeedAlert[] {
  const out: FeedAlert[] = [];
  for (const a of angles) {
    const now = feedIssues(a);
    const was = before.get(a.stream) ?? [];
    const known = seen.has(a.stream);
    if (now.length === 0 && was.length > 0 && known) out.push({ stream: a.stream, kind: 'back' });
    for (const issue of now) {
      if (!was.includes(issue) && (issue !== 'down' || known)) out.push({ stream: a.stream, kind: issue });
    }
    if (a.healthy) seen.add(a.stream);
    before.set(a.stream, now);
  }
  return out;
}

/** Angles with at least one issue, among those that take a feed. */
export const problemCount = (angles: AngleHealth[]) => angles.filter((a) => feedIssues(a).length > 0).length;
