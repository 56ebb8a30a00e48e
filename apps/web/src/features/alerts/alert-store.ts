import {
  type Alert,
  type CueStamp,
  type EnterEventResponse,
  isTimedCue,
  showChannel,
  TIMED_CUE_TYPES,
  userChannel,
} from '@encore/contract';
import { useEffect } from 'react';
import { create } from 'zustand';
import { realtime } from '../../lib/realtime/realtime.ts';
import type { ChannelHandler } from '../../lib/realtime/realtime-client.ts';
import { pictureClock } from '../../lib/show-clock/picture-clock.ts';
import { useSessionStore } from '../../lib/store/session-store.ts';
import {
  type AlertState,
  applyAlert,
  type EndSlate,
  expireAlerts,
  initialAlertState,
  nextExpiry,
} from './alert-state.ts';
import { createCueScheduler, type TimedEntry } from './cue-scheduler.ts';
import { startDistanceReports } from './fan-distance.ts';

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

/** The last timed cue applied, for tests and the e2e journey: its moment and the picture's date then. */
export interface AppliedCue {
  id: string;
  atMs: number;
  pictureMs: number;
}

interface AlertStore extends AlertState {
  slug: string | null;
  lastCue: AppliedCue | null;
  /** An alert from the realtime connection: a timed cue waits for the picture's moment (issue 27). */
  receive: (alert: Alert, cue?: CueStamp) => void;
  /** The hang's chat_enabled at join time: a fan who joins after the host turned chat off (ALR-09). */
  setChatEnabled: (enabled: boolean) => void;
  expire: () => void;
  reset: (slug: string | null) => void;
}

const usernameNow = () => useSessionStore.getState().user?.username ?? null;

/** Applies one alert as of `at` (wall clock), then drops what has already run out by now. */
function applied(state: AlertState, alert: Alert, at: number): AlertState {
  const next = applyAlert(state, alert, { username: usernameNow(), now: at });
  return next === state ? state : expireAlerts(next, Date.now());
}

let scheduler: ReturnType<typeof createCueScheduler<Alert>> | null = null;

export const useAlertStore = create<AlertStore>()((set, get) => ({
  ...initialAlertState(true, null),
  slug: null,
  lastCue: null,
  receive: (alert, cue) => {
    if (cue && isTimedCue(alert) && scheduler) {
      scheduler.add([{ id: cue.id, atMs: Date.parse(cue.at), alert }]);
      return;
    }
    const before = get();
    const next = applyAlert(before, alert, { username: usernameNow(), now: Date.now() });
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
  reset: (slug) => set({ ...initialAlertState(true, readEndSlate(slug)), slug, lastCue: null }),
}));

/** The timed cues of the show on screen, applied at this fan's picture's moments. */
function startScheduler(): () => void {
  const store = useAlertStore;
  const commit = (next: AlertState & { lastCue?: AppliedCue | null }) => {
    const before = store.getState();
    if (next.endSlate !== before.endSlate) writeEndSlate(before.slug, next.endSlate);
    store.setState(next);
  };
  scheduler = createCueScheduler<Alert>({
    pictureDate: pictureClock.date,
    rate: pictureClock.rate,
    now: Date.now,
    apply: (e, wallMs, pictureMs) => {
      const state = applied(store.getState(), e.alert, wallMs);
      commit({ ...state, lastCue: { id: e.id, atMs: e.atMs, pictureMs } });
    },
    rebuild: (entries, offsetMs) => {
      const { chatEnabled, endSlate } = store.getState();
      let state: AlertState = { ...initialAlertState(chatEnabled, endSlate) };
      for (const e of entries) state = applied(state, e.alert, e.atMs + offsetMs);
      const last = entries.at(-1);
      commit({
        ...state,
        lastCue: last ? { id: last.id, atMs: last.atMs, pictureMs: Date.now() - offsetMs } : null,
      });
    },
  });
  // The cues the playlists and MPDs carry: those a fan who joins or rewinds needs for their moment.
  const offCarried = pictureClock.onCarried((cues) => {
    const timed = cues.flatMap((c): TimedEntry<Alert>[] =>
      (TIMED_CUE_TYPES as readonly string[]).includes(c.alert.type) && isTimedCue(c.alert)
        ? [{ id: c.id, atMs: Date.parse(c.at), alert: c.alert as Alert }]
        : [],
    );
    if (timed.length > 0) scheduler?.add(timed);
  });
  return () => {
    offCarried();
    scheduler?.stop();
    scheduler = null;
  };
}

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
    if (event.kind === 'alert' && event.slug === slug)
      useAlertStore.getState().receive(event.alert, event.cue);
  };
  const offs = [realtime.subscribe(showChannel(slug), onEvent), startScheduler(), startDistanceReports(slug)];
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
