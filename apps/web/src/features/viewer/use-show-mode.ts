import { useCallback, useRef, useState } from 'react';
import { track } from '../../lib/analytics/analytics.ts';
import { analyticsPipId, OVERVIEW_PIP, type ShowMode } from './show-modes.ts';

export interface ShowModeState {
  mode: ShowMode;
  /** 1-based pip, or OVERVIEW_PIP while the pip grid is open. */
  pip: number;
  /** The pip to come back to when the overview closes without a choice. */
  previousPip: number;
}

/**
 * Mode and pip of the viewer (viewing section 4), with the pipclick analytics of every change of
 * picture (ANL-06): the pip left, its label, the pip chosen and the seconds spent on the one left.
 */
export function useShowMode(initialPip: number, labelOf: (mode: ShowMode, pip: number) => string) {
  const [state, setState] = useState<ShowModeState>({
    mode: 'multiview',
    pip: initialPip,
    previousPip: initialPip,
  });
  const since = useRef(performance.now());
  const stateRef = useRef(state);
  stateRef.current = state;
  const labelRef = useRef(labelOf);
  labelRef.current = labelOf;

  const go = useCallback((mode: ShowMode, pip: number, previousPip?: number) => {
    const from = stateRef.current;
    if (from.mode === mode && from.pip === pip) return;
    const now = performance.now();
    track('pipclick', {
      lastpip_id: analyticsPipId(from.mode, from.pip),
      last_pip: labelRef.current(from.mode, from.pip).slice(0, 64),
      pip_id: analyticsPipId(mode, pip),
      lastpip_duration: Math.round((now - since.current) / 100) / 10,
    });
    since.current = now;
    const next = {
      mode,
      pip,
      previousPip: previousPip ?? (from.pip === OVERVIEW_PIP ? from.previousPip : from.pip),
    };
    stateRef.current = next;
    setState(next);
  }, []);

  /** Choose an angle (from the overlay or the dropdown): multiview mode, that pip. */
  const choosePip = useCallback((pip: number) => go('multiview', pip, pip), [go]);
  const openOverview = useCallback(() => go('multiview', OVERVIEW_PIP), [go]);
  /** Leaving the overview without a choice restores the previous pip (MV-12). */
  const closeOverview = useCallback(() => {
    const s = stateRef.current;
    if (s.pip === OVERVIEW_PIP) go('multiview', s.previousPip, s.previousPip);
  }, [go]);
  const setMode = useCallback(
    (mode: ShowMode) => {
      const s = stateRef.current;
      const pip = s.pip === OVERVIEW_PIP ? s.previousPip : s.pip;
      go(mode, pip, pip);
    },
    [go],
  );

  return { ...state, choosePip, openOverview, closeOverview, setMode };
}
