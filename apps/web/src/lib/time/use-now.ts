import { useEffect, useState } from 'react';

/**
 * The current time, refreshed every `intervalMs` and aligned to the wall clock's second boundary so
 * that countdowns on one page tick together.
 */
export function useNow(intervalMs = 1000, enabled = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!enabled) return;
    let timer = 0;
    const tick = () => {
      const t = Date.now();
      setNow(t);
      timer = window.setTimeout(tick, intervalMs - (t % intervalMs));
    };
    timer = window.setTimeout(tick, intervalMs - (Date.now() % intervalMs));
    return () => window.clearTimeout(timer);
  }, [intervalMs, enabled]);
  return now;
}
