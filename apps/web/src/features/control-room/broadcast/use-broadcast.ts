import type { BroadcastStatus, Channel } from '@encore/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { isApiError } from '../../../lib/api/api-error.ts';
import { hostKeys } from '../api/host-api.ts';
import { getBroadcast } from './broadcast-api.ts';

/** Health refreshes this often on every screen of a show (the status bar reads it too). */
export const BROADCAST_POLL_MS = 2000;

export const broadcastKey = (slug: string) => ['host', 'broadcast', slug] as const;

/** A show that does not take live feeds answers INGEST_NOT_ENABLED: that is a state, not an error. */
async function readBroadcast(slug: string): Promise<BroadcastStatus | null> {
  try {
    return await getBroadcast(slug);
  } catch (error) {
    if (isApiError(error) && error.code === 'INGEST_NOT_ENABLED') return null;
    throw error;
  }
}

/**
 * The one broadcast status of a show, shared by the status bar, the pill, the broadcast panel and the
 * alerts (one poll, one truth). `null` data: the show plays the demo loop (no live ingest).
 * When the state changes, the show itself is read again: its streams then name the live origin, so
 * the preview switches without a reload, and the host list follows.
 */
export function useBroadcast(slug: string) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: broadcastKey(slug),
    queryFn: () => readBroadcast(slug),
    refetchInterval: BROADCAST_POLL_MS,
    retry: false,
  });
  // 'none': the show takes no live feeds; undefined: not read yet.
  const state = query.isSuccess ? (query.data?.state ?? 'none') : undefined;
  const last = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (state === undefined || last.current === state) return;
    const first = last.current === undefined;
    last.current = state;
    if (first) return;
    void client.invalidateQueries({ queryKey: hostKeys.show(slug) });
    void client.invalidateQueries({ queryKey: hostKeys.shows });
  }, [state, client, slug]);
  return query;
}

/** The angle's name from Setup ("Stage wide") for a pushed stream, else the stream's own name. */
export function angleNamer(show: Pick<Channel, 'pips'>): (stream: string) => string {
  const names = new Map(show.pips.sinks.map((s) => [`mix-stream${s.id}`, s.label.trim()]));
  return (stream) => names.get(stream) || stream;
}
