import type { Toss } from '@encore/contract';
import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { chatReplayPage } from '../api/get-chat-replay.ts';
import { binOf, binsAround, readBin, visibleAt } from './chat-replay-bins.ts';

/**
 * The chat beside a replay at the picture's moment: the bins around it are read once each (a seek
 * reads the bins of where it lands, a seek back reuses them), and the list is what fans had written
 * up to the moment on screen.
 */
export function useChatReplay(slug: string, dateMs: number | null) {
  const bin = dateMs === null ? null : binOf(dateMs);
  const bins = useMemo(() => (bin === null ? [] : binsAround(bin)), [bin]);
  const results = useQueries({
    queries: bins.map((b) => ({
      queryKey: ['chat-replay', slug, b],
      queryFn: ({ signal }: { signal: AbortSignal }) => readBin(b, chatReplayPage(slug, signal)),
      // The show is over: a bin read once is final.
      staleTime: Number.POSITIVE_INFINITY,
      retry: 2,
    })),
  });
  const loaded = results.map((r) => r.data ?? ([] as Toss[]));
  return {
    tosses: dateMs === null ? [] : visibleAt(loaded, dateMs),
    failed: results.some((r) => r.isError),
    loading: results.some((r) => r.isPending),
  };
}
