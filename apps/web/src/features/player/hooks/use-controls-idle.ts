import { useCallback, useEffect, useRef, useState } from 'react';
import { idleDelayMs } from '../controls-visibility.ts';

/**
 * `active` is true for the idle delay after the last pointer or key activity on the player, and for
 * the same delay after mount (PLY-24): 1250 ms on desktop, 3000 ms on phones and tablets (PLY-22).
 */
export function useControlsIdle(handheld: boolean) {
  const [active, setActive] = useState(true);
  const timer = useRef(0);
  const delay = idleDelayMs(handheld);

  const poke = useCallback(() => {
    setActive(true);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setActive(false), delay);
  }, [delay]);

  useEffect(() => {
    poke();
    return () => window.clearTimeout(timer.current);
  }, [poke]);

  return { active, poke };
}
