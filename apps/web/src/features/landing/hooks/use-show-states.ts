import {
  type ActiveChannels,
  type Show,
  type ShowStatus,
  showStateChannel,
  showStatus,
} from '@encore/contract';
import { useCallback, useEffect, useState } from 'react';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { useSessionStore } from '../../../lib/store/session-store.ts';

export type ShowStatusOf = (show: Show, now: number) => ShowStatus;

/** A visitor without a session has no realtime socket: the public show list is read this often. */
export const STATE_POLL_MS = 10_000;
/** With a socket, the list is still re-read this often: a frame lost to a reconnect is caught up. */
export const STATE_RECHECK_MS = 10_000;

const fanStatus = {
  scheduled: 'upcoming',
  doors_open: 'open',
  live: 'live',
  ended: 'ended',
  replay: 'ended',
} as const;

/** A live-ingest show plays from the live origin: its status is the host's (Go live), not its clock's. */
export const isIngestShow = (show: Show): boolean =>
  Object.values(show.streams).some((s) => s.hls.url.startsWith('/media/live/'));

/**
 * The landing page's status of each listed show (issue 11): a demo show's comes from its clock; a
 * live-ingest show's from the server (the public `/thor/channels/active/`), then follows Go live and
 * End show as they happen: on `state-<slug>` when the visitor is signed in, by re-reading the list
 * every STATE_POLL_MS otherwise. Returns the status of a show at `now` (ms).
 */
export function useShowStates(shows: readonly Show[]): ShowStatusOf {
  const [states, setStates] = useState<Record<string, ShowStatus>>({});
  const token = useSessionStore((s) => s.authToken);
  const slugs = shows
    .filter(isIngestShow)
    .map((s) => s.slug)
    .sort()
    .join(',');

  useEffect(() => {
    if (!slugs) return;
    const wanted = new Set(slugs.split(','));
    let cancelled = false;
    // When each show's last frame arrived: a list read sent before it answers an older state (a read
    // in flight as the host pressed Go live came back after the frame and put "open" back).
    const heardAt = new Map<string, number>();
    const read = () => {
      const sentAt = performance.now();
      return apiRequest<ActiveChannels>('/thor/channels/active/').then(
        (res) => {
          if (cancelled) return;
          const next: Record<string, ShowStatus> = {};
          for (const c of res.data.results) {
            if (wanted.has(c.slug) && (heardAt.get(c.slug) ?? -1) < sentAt) next[c.slug] = c.status;
          }
          setStates((current) => ({ ...current, ...next }));
        },
        () => undefined,
      );
    };
    void read();
    const timer = window.setInterval(read, token ? STATE_RECHECK_MS : STATE_POLL_MS);
    if (!token) {
      return () => {
        cancelled = true;
        window.clearInterval(timer);
      };
    }
    // The realtime client loads only when an ingest show is listed: the landing entry stays lean.
    let offs: (() => void)[] = [];
    void import('../../../lib/realtime/realtime.ts').then(({ realtime }) => {
      if (cancelled) return;
      realtime.connect({ token });
      offs = [...wanted].map((slug) =>
        realtime.subscribe(
          showStateChannel(slug),
          (event) => {
            if (event.kind === 'broadcast' && event.slug === slug) {
              heardAt.set(slug, performance.now());
              setStates((current) => ({ ...current, [slug]: fanStatus[event.state] }));
            }
          },
          // Frames were missed (a long disconnect): the list has the state.
          () => void read(),
        ),
      );
      // Each time the socket is (re)opened with the subscriptions: what changed before them.
      offs.push(
        realtime.onStatus((status) => {
          if (status === 'open') void read();
        }),
      );
      if (realtime.getStatus() === 'open') void read();
    });
    return () => {
      cancelled = true;
      window.clearInterval(timer);
      for (const off of offs) off();
    };
  }, [slugs, token]);

  return useCallback(
    (show: Show, now: number) => states[show.slug] ?? showStatus(show, new Date(now)),
    [states],
  );
}
