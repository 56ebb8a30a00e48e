import { type AnalyticsEvent, type AnalyticsEventType, makeVisitorId, VISITOR_ID_RE } from '@encore/contract';
import { apiRequest } from '../api/api-client.ts';
import { useSessionStore } from '../store/session-store.ts';
import { createAnalyticsQueue } from './analytics-queue.ts';

/** Where an event happened (ANL-02, ANL-03): the selected show's name and the hang session. */
interface AnalyticsContext {
  category: string;
  deviceId: string | null;
}

const VISITOR_KEY = 'visitorId';
let context: AnalyticsContext = { category: '', deviceId: null };
let visitor: string | null = null;

/** The visitor id (ANL-04): made once, timestamp plus 1000 to 10000, and kept in this browser. */
export function visitorId(): string {
  if (visitor) return visitor;
  try {
    const stored = localStorage.getItem(VISITOR_KEY);
    if (stored && VISITOR_ID_RE.test(stored)) visitor = stored;
    else {
      visitor = makeVisitorId();
      localStorage.setItem(VISITOR_KEY, visitor);
    }
  } catch {
    visitor = makeVisitorId();
  }
  return visitor;
}

/** Referral parameters of the landing URL (utm_* and friends), passed along with every event. */
function referral(): Record<string, string> | undefined {
  const params = new URLSearchParams(window.location.search);
  const entries = [...params].filter(([k]) => /^(utm_|ref|fbclid|gclid)/.test(k)).slice(0, 16);
  return entries.length > 0
    ? Object.fromEntries(entries.map(([k, v]) => [k.slice(0, 64), v.slice(0, 512)]))
    : undefined;
}

const queue = createAnalyticsQueue({
  send: async (events, { keepalive }) => {
    await apiRequest('/thor/event/', {
      method: 'POST',
      body: { events },
      keepalive,
      handleAuthFailure: false,
    });
  },
});

if (typeof window !== 'undefined') window.addEventListener('pagehide', () => queue.flush(true));

/** The show being watched names every event's category (ANL-02); the hang session is its device id. */
export function setAnalyticsContext(next: Partial<AnalyticsContext>): void {
  context = { ...context, ...next };
}

type DataOf<T extends AnalyticsEventType> = Omit<
  Extract<AnalyticsEvent, { event_type: T }>['event_data'],
  'visitor_id' | 'referrer' | 'referral'
>;

/** Records one event; it goes to POST /thor/event/ with the next batch. */
export function track<T extends AnalyticsEventType>(type: T, data: DataOf<T>): void {
  const user = useSessionStore.getState().user;
  const ref = document.referrer ? document.referrer.slice(0, 2048) : undefined;
  const params = referral();
  const event = {
    event_type: type,
    event_time: new Date().toISOString(),
    event_category: context.category,
    device_id: context.deviceId,
    user_info: user ? { user_id: user.id, username: user.username } : null,
    event_data: {
      ...data,
      visitor_id: visitorId(),
      ...(ref ? { referrer: ref } : {}),
      ...(params ? { referral: params } : {}),
    },
  } as AnalyticsEvent;
  queue.push(event);
}

/** Sends the waiting events now (tests, leaving the page). */
export const flushAnalytics = () => queue.flush();
