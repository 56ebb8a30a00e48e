/** Scroll handling runs at most every 150 ms (viewing section 9, LAY-11). */
export const SCROLL_THROTTLE_MS = 150;

export interface Throttled {
  (): void;
  /** Drops a pending trailing call (on unmount). */
  cancel: () => void;
}

/**
 * Runs `fn` at once, then at most once per `ms`: calls inside the window collapse into one trailing
 * call at its end, so the last event of a burst (where a fling stops) is always handled.
 */
export function throttle(fn: () => void, ms: number): Throttled {
  let last = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const run = () => {
    timer = null;
    last = Date.now();
    fn();
  };
  const throttled = () => {
    const wait = last + ms - Date.now();
    if (wait <= 0 && timer === null) run();
    else if (timer === null) timer = setTimeout(run, Math.max(wait, 0));
  };
  throttled.cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  return throttled;
}
