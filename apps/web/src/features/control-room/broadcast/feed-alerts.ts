import type { AngleHealth, FeedIssueCode } from '@encore/contract';

/** What a host is alerted to: a drop, falling behind real time, going silent. */
export type AlertIssue = 'down' | 'slow' | 'silent';

/** The measured issue codes (feed-health-rules.ts) behind each alert. */
const ALERTED: Record<Exclude<AlertIssue, 'down'>, readonly FeedIssueCode[]> = {
  slow: ['encoder_too_slow', 'falling_behind'],
  silent: ['silent_audio', 'no_audio'],
};

/** The alerts an angle stands for now; [] when it is on air and keeping up. */
export function feedIssues(a: AngleHealth): AlertIssue[] {
  const codes = (a.issues ?? []).map((i) => i.code);
  if (!a.connected || !a.healthy || codes.includes('stale_picture')) return ['down'];
  return (['slow', 'silent'] as const).filter((k) => ALERTED[k].some((c) => codes.includes(c)));
}

/** Whether anything is wrong with an angle: an alert, or any measured issue (warnings too). */
export const hasProblem = (a: AngleHealth) => feedIssues(a).length > 0 || (a.issues ?? []).length > 0;

/** One alert: an angle got an issue, or lost its last one (`back`). */
export type FeedAlert = { stream: string; kind: AlertIssue | 'back' };

/** Readings (2 s apart) a new state must hold before it alerts: a measure's blip is not news. */
export const CONFIRM_READINGS = 2;

/** What the alerts remember of one angle between readings. */
export type AngleMemory = {
  shown: AlertIssue[];
  /** Whether `shown` was told to the host (a start-up's "down" is not, so its end is no "back"). */
  told: boolean;
  candidate: string;
  count: number;
  onAir: boolean;
};

/**
 * The alerts between two readings. An angle is news once it was on air since the page opened (an
 * unused camera or an encoder still starting is not): it then alerts when it drops and when it comes
 * back. Falling behind or going silent is measured only on air, so it alerts without that. A new
 * state alerts once it held for CONFIRM_READINGS readings, except an encoder gone (at once).
 */
export function feedAlerts(memory: Map<string, AngleMemory>, angles: AngleHealth[]): FeedAlert[] {
  const out: FeedAlert[] = [];
  for (const a of angles) {
    const now = feedIssues(a);
    const m = memory.get(a.stream) ?? { shown: [], told: false, candidate: '', count: 0, onAir: false };
    const key = now.join(' ');
    m.count = key === m.candidate ? m.count + 1 : 1;
    m.candidate = key;
    const changed = key !== m.shown.join(' ');
    if (changed && (m.count >= CONFIRM_READINGS || !a.connected)) {
      const was = m.shown;
      if (now.length === 0 && was.length > 0 && m.told) out.push({ stream: a.stream, kind: 'back' });
      const news = now.filter((issue) => issue !== 'down' || m.onAir);
      for (const issue of news) if (!was.includes(issue)) out.push({ stream: a.stream, kind: issue });
      m.shown = now;
      m.told = news.length > 0;
    }
    if (a.healthy) m.onAir = true;
    memory.set(a.stream, m);
  }
  return out;
}

/** Angles with at least one problem. */
export const problemCount = (angles: AngleHealth[]) => angles.filter(hasProblem).length;
