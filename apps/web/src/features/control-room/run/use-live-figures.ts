import { FIGURES_MAX_SAMPLES, type FiguresSample, hostChannel } from '@encore/contract';
import { useEffect, useState } from 'react';
import { realtime } from '../../../lib/realtime/realtime.ts';
import { useSessionStore } from '../../../lib/store/session-store.ts';
import { getFigures } from '../api/host-api.ts';

/**
 * The show's live figures: the last hour from the server once, then each new sample (every 2 s) over
 * the host-only realtime channel `host-<slug>`.
 */
export function useLiveFigures(slug: string): { samples: FiguresSample[]; error: boolean } {
  const token = useSessionStore((s) => s.authToken);
  const [samples, setSamples] = useState<FiguresSample[]>([]);
  const [error, setError] = useState(false);

  useEffect(() => {
    if (!token) return;
    let alive = true;
    const add = (next: FiguresSample[]) =>
      setSamples((prev) => {
        const seen = new Set(prev.map((s) => s.t));
        const merged = [...prev, ...next.filter((s) => !seen.has(s.t))].sort((a, b) => a.t - b.t);
        return merged.slice(-FIGURES_MAX_SAMPLES);
      });
    const off = realtime.subscribe(hostChannel(slug), (event) => {
      if (event.kind === 'figures' && event.slug === slug) add([event.sample]);
    });
    realtime.connect({ token });
    getFigures(slug)
      .then((h) => alive && add(h.samples))
      .catch(() => alive && setError(true));
    return () => {
      alive = false;
      off();
    };
  }, [slug, token]);

  return { samples, error };
}
