import { type ActiveChannels, type ShowStatus, showStateChannel } from '@encore/contract';
import { apiRequest } from '../../../lib/api/api-client.ts';

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

/**
 * Follows the server's state of the live-ingest shows `wanted` (issue 11): the public
 * `/thor/channels/active/` at once, then `state-<slug>` when signed in (`token`), with a re-read every
 * STATE_RECHECK_MS, or a re-read every STATE_POLL_MS without a session. Each change goes to `onStates`.
 * Loaded by useShowStates only when such a show is listed: the landing entry stays within its budget.
 * Returns the stop function.
 */
export function followShowStates(
  wanted: ReadonlySet<string>,
  token: string | null,
  onStates: (next: Record<string, ShowStatus>) => void,
): () => void {
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
        onStates(next);
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
  // The realtime client loads only when an ingest show is listed and the visitor is signed in.
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
            onStates({ [slug]: fanStatus[event.state] });
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
}
