import { type EnterEventResponse, lastEndOf, type QueueStatus, type Show } from '@encore/contract';
import { startTransition, useCallback, useEffect, useState } from 'react';
import { isApiError, statusOf } from '../../../lib/api/api-error.ts';
import { useSessionStore } from '../../../lib/store/session-store.ts';
import { useTicketStore } from '../../tickets/index.ts';
import { enterEvent } from '../api/enter-event.ts';
import { leaveEvent } from '../api/leave-event.ts';
import { heldPlace, pollQueue } from '../api/queue-poll.ts';
import { type EntryProblem, entryProblem } from '../entry-outcome.ts';

export type EntryState =
  | { kind: 'entering' }
  /** In the waiting room: the fan's place, polled until it is let in (then it enters by itself). */
  | { kind: 'queued'; queue: QueueStatus }
  | { kind: 'in'; entry: EnterEventResponse }
  | { kind: 'expired' }
  | { kind: 'problem'; problem: EntryProblem };

// Over once its last window (main show or re-airing) has ended; between re-airings the server decides.
const hasEnded = (show: Show | undefined) => !show || Date.now() >= lastEndOf(show);

/**
 * Enters the event on arrival (POST enter) and leaves it (DELETE, keepalive) when the page goes:
 * route change, sign-out or the tab closing. `retry` enters again, e.g. after the session expired.
 */
export function useEventEntry(slug: string, show: Show | undefined) {
  const token = useSessionStore((s) => s.authToken);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<EntryState>({ kind: 'entering' });
  const retry = useCallback(() => setAttempt((a) => a + 1), []);
  const expire = useCallback(() => setState({ kind: 'expired' }), []);
  // The server ended this show's subscriptions: the ticket went (issue 29). The viewer unmounts, which
  // leaves the event; the landing must not keep offering Enter.
  const ticketRevoked = useCallback(() => {
    if (show) useTicketStore.getState().apply(show.paid_event_name, { ok: false, status: 402 });
    setState({ kind: 'problem', problem: 'ticket-revoked' });
  }, [show]);

  useEffect(() => {
    void attempt; // a retry runs this effect again
    if (!token) {
      setState({ kind: 'problem', problem: 'logged-out' });
      return;
    }
    // A show known to be over says so without asking (LAND-34); one not listed may be unknown or over.
    if (show && hasEnded(show)) {
      setState({ kind: 'problem', problem: 'ended' });
      return;
    }
    setState({ kind: 'entering' });
    const controller = new AbortController();
    let pollTimer = 0;
    const fail = (error: unknown) => {
      if (controller.signal.aborted) return;
      setState({ kind: 'problem', problem: entryProblem(statusOf(error), hasEnded(show)) });
    };
    // A place refused (another account's, or from before a secret change): take a new one.
    const refusedPlace = (error: unknown) => isApiError(error) && error.code === 'QUEUE_TOKEN_INVALID';
    const waitInLine = (queue: QueueStatus) => {
      heldPlace.set(slug, queue.token);
      setState({ kind: 'queued', queue });
      pollTimer = window.setTimeout(() => {
        pollQueue(slug, queue.token, controller.signal).then(
          (next) => (next.admitted ? enter(next.token) : waitInLine(next)),
          (error: unknown) => {
            if (controller.signal.aborted) return;
            if (refusedPlace(error)) {
              heldPlace.clear(slug);
              enter(undefined);
              return;
            }
            // A lost answer keeps the place: ask again a little later.
            waitInLine({ ...queue, poll_after_ms: 5000 });
          },
        );
      }, queue.poll_after_ms);
    };
    const enter = (queueToken: string | undefined) => {
      enterEvent(slug, controller.signal, queueToken).then(
        (result) => {
          if (controller.signal.aborted) return;
          if (!result.entered && result.status === 429) {
            waitInLine(result.queue);
            return;
          }
          heldPlace.clear(slug);
          if (!result.entered) {
            // The account holds no ticket after all: the landing must not keep offering Enter.
            if (show) useTicketStore.getState().apply(show.paid_event_name, { ok: false, status: 402 });
            setState({ kind: 'problem', problem: 'no-ticket' });
            return;
          }
          const { ticket } = result.entry;
          useTicketStore.getState().apply(ticket.paid_event_name, { ok: true, ticket });
          // The viewer is the largest tree of the app: rendered as a transition, React draws it in
          // slices that leave the main thread free in between (issue 14: one long task before).
          startTransition(() => setState({ kind: 'in', entry: result.entry }));
        },
        (error: unknown) => {
          if (queueToken && refusedPlace(error)) {
            heldPlace.clear(slug);
            enter(undefined);
            return;
          }
          fail(error);
        },
      );
    };
    // Deferred a tick: a development double mount must not open two device sessions. A place held
    // from before a reload is shown again, not taken anew at the end of the line.
    const timer = window.setTimeout(() => enter(heldPlace.get(slug)), 0);
    return () => {
      window.clearTimeout(timer);
      window.clearTimeout(pollTimer);
      controller.abort();
    };
  }, [slug, show, token, attempt]);

  const sessionId = state.kind === 'in' ? state.entry.session_id : null;
  useEffect(() => {
    if (!sessionId) return;
    const tokenAtEntry = useSessionStore.getState().authToken;
    let left = false;
    const leave = () => {
      if (left) return;
      left = true;
      leaveEvent(slug, sessionId, tokenAtEntry);
    };
    // A page restored from the back-forward cache left its session on the way out: enter again.
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) retry();
    };
    window.addEventListener('pagehide', leave);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      window.removeEventListener('pagehide', leave);
      window.removeEventListener('pageshow', onPageShow);
      leave();
    };
  }, [slug, sessionId, retry]);

  return { state, retry, expire, ticketRevoked };
}
