import { useEffect, useState } from 'react';
import { useAlertStore } from '../alerts/alert-store.ts';
import { effectWindow, type StickProgram, stickProgram } from './lightstick-program.ts';
import { useLightstickStore } from './lightstick-store.ts';

export type EffectPhase = 'off' | 'setup' | 'on' | 'done';

/**
 * What the sticks play now, from the host's alerts: re-evaluated when an alert changes it and at the
 * light-sticks-on effect's own edges (set up after 1 s, over when the timer runs out, CHR-10).
 */
export function useStickProgram(): { program: StickProgram | null; effect: EffectPhase } {
  const lightstick = useAlertStore((s) => s.lightstick);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    const window = effectWindow(lightstick);
    const t = Date.now();
    setNow(t);
    const edges = window ? [window.from, window.until].filter((at) => at > t) : [];
    const timers = edges.map((at) => setTimeout(() => setNow(Date.now()), at - t + 1));
    return () => {
      for (const id of timers) clearTimeout(id);
    };
  }, [lightstick]);

  const window = effectWindow(lightstick);
  const effect: EffectPhase = !window
    ? 'off'
    : now < window.from
      ? 'setup'
      : now < window.until
        ? 'on'
        : 'done';
  // While the effect is being set up the sticks wait: the program starts at its own time anyway.
  const program = stickProgram(lightstick, now);
  return { program, effect };
}

/** Feeds the paired stick whatever the host's alerts say it should play (mounted once per viewer). */
export function useDriveLightstick(program: StickProgram | null): void {
  useEffect(() => {
    useLightstickStore.getState().program(program);
  }, [program]);
}
