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

/**
 * The delay before a countdown's next tick at time `t`, or null once `deadline` has passed: ticks
 * keep the wall clock's `intervalMs` boundaries and one lands on the deadline itself.
 */
export function nextTickDelay(t: number, deadline: number, intervalMs: number): number | null {
  // Also null for a deadline that is not a number (NaN compares false).
  if (!(t < deadline)) return null;
  return Math.max(1, Math.min(intervalMs - (t % intervalMs), deadline - t));
}

/**
 * The current time for a countdown to `deadline`: refreshed every `intervalMs` until a tick at or
 * after the deadline, so the countdown always reaches zero. Whether to go on ticking is decided from
 * the tick's own time, never from a fresh Date.now() at render: on a busy page a render can come after
 * the deadline while the last tick was just before it, and a timer stopped then would leave the
 * countdown (and what it locks) stuck at its last second.
 */
export function useNowUntil(deadline: number, intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    let timer = 0;
    const tick = () => {
      const t = Date.now();
      setNow(t);
      const delay = nextTickDelay(t, deadline, intervalMs);
      if (delay !== null) timer = window.setTimeout(tick, delay);
    };
    tick();
    return () => window.clearTimeout(timer);
  }, [deadline, intervalMs]);
  return now;
}
