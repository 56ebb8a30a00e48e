import { type Show, type ShowStatus, showStatus } from '@encore/contract';
import { useCallback, useEffect, useState } from 'react';
import { useSessionStore } from '../../../lib/store/session-store.ts';

export type ShowStatusOf = (show: Show, now: number) => ShowStatus;

/** A live-ingest show plays from the live origin: its status is the host's (Go live), not its clock's. */
export const isIngestShow = (show: Show): boolean =>
  Object.values(show.streams).some((s) => s.hls.url.startsWith('/media/live/'));

/**
 * The landing page's status of each listed show (issue 11): a demo show's comes from its clock; a
 * live-ingest show's from the server, followed as the host presses Go live and End show
 * (follow-show-states.ts, loaded only when such a show is listed: the landing entry's budget).
 * Returns the status of a show at `now` (ms).
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
    let cancelled = false;
    let stop = () => {};
    void import('./follow-show-states.ts').then(({ followShowStates }) => {
      if (cancelled) return;
      stop = followShowStates(new Set(slugs.split(',')), token, (next) =>
        // The list is re-read every 10 s: an answer that changes nothing keeps the same object, so
        // the landing does not re-render for it (issue 14, main-thread work).
        setStates((current) =>
          Object.entries(next).every(([slug, state]) => current[slug] === state)
            ? current
            : { ...current, ...next },
        ),
      );
    });
    return () => {
      cancelled = true;
      stop();
    };
  }, [slugs, token]);

  return useCallback(
    (show: Show, now: number) => states[show.slug] ?? showStatus(show, new Date(now)),
    [states],
  );
}
