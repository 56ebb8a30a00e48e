import { type Alert, type EnterEventResponse, showChannel, userChannel } from '@encore/contract';
import { useEffect } from 'react';
import { create } from 'zustand';
import { realtime } from '../../lib/realtime/realtime.ts';
import type { ChannelHandler } from '../../lib/realtime/realtime-client.ts';
import { useSessionStore } from '../../lib/store/session-store.ts';
import {
  type AlertState,
  applyAlert,
  type EndSlate,
  expireAlerts,
  initialAlertState,
  nextExpiry,
} from './alert-state.ts';

/**
 * The host's alerts for the show on screen. ShowOverlays (over the video) and the chat column both
 * read them, so one subscription per show feeds one store: the first user subscribes, the last one
 * to unmount releases the channels.
 */

const END_SLATE_KEY = 'endSlate';

/** Stored with its show, so one show's end-slate never covers another's stream. */
function readEndSlate(slug: string | null): EndSlate | null {
  try {
    const raw = slug ? localStorage.getItem(END_SLATE_KEY) : null;
    const value = raw ? (JSON.parse(raw) as Partial<EndSlate> & { slug?: string }) : null;
    return value && value.slug === slug && typeof value.url === 'string' && value.url
      ? { url: value.url, link: typeof value.link === 'string' ? value.link : null }
      : null;
  } catch {
    return null;
  }
}

function writeEndSlate(slug: string | null, endSlate: EndSlate | null): void {
  try {
    if (endSlate && slug) localStorage.setItem(END_SLATE_KEY, JSON.stringify({ slug, ...endSlate }));
    else localStorage.removeItem(END_SLATE_KEY);
  } catch {
    // Blocked storage: the end-slate still shows until reload.
  }
}

interface AlertStore extends AlertState {
  slug: string | null;
  receive: (alert: Alert) => void;
  /** The hang's chat_enabled at join time: a fan who joins after the host turned chat off (ALR-09). */
  setChatEnabled: (enabled: boolean) => void;
  expire: () => void;
  reset: (slug: string | null) => void;
}

export const useAlertStore = create<AlertStore>()((set, get) => ({
  ...initialAlertState(true, null),
  slug: null,
  receive: (alert) => {
    const before = get();
    const username = useSessionStore.getState().user?.username ?? null;
    const next = applyAlert(before, alert, { username, now: Date.now() });
    if (next === before) return;
    if (next.endSlate !== before.endSlate) writeEndSlate(before.slug, next.endSlate);
    set(next);
  },
  setChatEnabled: (chatEnabled) => set({ chatEnabled }),
  expire: () => {
    const before = get();
    const next = expireAlerts(before, Date.now());
    if (next !== before) set(next);
  },
  reset: (slug) => set({ ...initialAlertState(true, readEndSlate(slug)), slug }),
}));

let expiryTimer: ReturnType<typeof setTimeout> | undefined;
// Overlay and slate leave on their own when their time is up.
useAlertStore.subscribe((state) => {
  clearTimeout(expiryTimer);
  const at = nextExpiry(state);
  if (at !== null)
    expiryTimer = setTimeout(() => useAlertStore.getState().expire(), Math.max(0, at - Date.now()) + 5);
});

let users = 0;
let release: (() => void) | null = null;
let currentKey: string | null = null;

function subscribe(slug: string, userId: number | undefined): () => void {
  const onEvent: ChannelHandler = (event) => {
    if (event.kind === 'alert' && event.slug === slug) useAlertStore.getState().receive(event.alert);
  };
  const offs = [realtime.subscribe(showChannel(slug), onEvent)];
  // Targeted alerts come on the viewer's own channel (the device session listens there too).
  if (userId !== undefined) offs.push(realtime.subscribe(userChannel(userId), onEvent));
  return () => {
    for (const off of offs) off();
  };
}

/** Keeps this show's alert channels subscribed while mounted; read the state with useAlertStore. */
export function useShowAlerts(entry: EnterEventResponse): void {
  const slug = entry.show.slug;
  const userId = useSessionStore((s) => s.user?.id);
  useEffect(() => {
    const key = `${slug}|${userId ?? ''}`;
    if (currentKey !== key) {
      release?.();
      release = subscribe(slug, userId);
      currentKey = key;
      if (useAlertStore.getState().slug !== slug) useAlertStore.getState().reset(slug);
    }
    users++;
    return () => {
      users--;
      // A sibling that re-mounts in the same commit keeps the channels.
      queueMicrotask(() => {
        if (users > 0 || currentKey !== key) return;
        release?.();
        release = null;
        currentKey = null;
        useAlertStore.getState().reset(null);
      });
    };
  }, [slug, userId]);
}
