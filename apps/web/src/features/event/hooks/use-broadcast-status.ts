import { type Channel, type ShowStatus, showChannel } from '@encore/contract';
import { useEffect, useState } from 'react';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { realtime } from '../../../lib/realtime/realtime.ts';

type BroadcastState = 'scheduled' | 'doors_open' | 'live' | 'ended' | 'replay';

const fanStatus: Record<BroadcastState, ShowStatus> = {
  scheduled: 'upcoming',
  doors_open: 'open',
  live: 'live',
  ended: 'ended',
  replay: 'ended',
};

/**
 * The show's status as the server has it (issue 11: a live-ingest show is live when the host pressed
 * Go live, not when the clock says), followed in real time on `show-<slug>`. Null until known: the
 * caller keeps the clock's status meanwhile, which is also what a demo show's status is.
 */
export function useBroadcastStatus(slug: string, channelId: number): ShowStatus | null {
  const [status, setStatus] = useState<ShowStatus | null>(null);
  useEffect(() => {
    let cancelled = false;
    apiRequest<Channel>(`/thor/channels/${channelId}/`).then(
      (res) => {
        if (!cancelled) setStatus((current) => current ?? res.data.status);
      },
      () => undefined,
    );
    const off = realtime.subscribe(showChannel(slug), (event) => {
      if (event.kind === 'broadcast' && event.slug === slug) setStatus(fanStatus[event.state]);
    });
    return () => {
      cancelled = true;
      off();
    };
  }, [slug, channelId]);
  return status;
}
