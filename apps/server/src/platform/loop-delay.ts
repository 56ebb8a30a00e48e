import { monitorEventLoopDelay } from 'node:perf_hooks';

/** Seconds one reading covers: the shipped scrape interval (ops/prometheus/prometheus.yml). */
export const LOOP_WINDOW_SECONDS = 15;

export type LoopDelay = { p50: number; p99: number; max: number };

/**
 * The event loop's delay over the last `windowSeconds`, in seconds, the same for whoever reads it.
 * Reading no longer resets anything: a reading per scrape, reset by the scrape, gave two Prometheus
 * replicas (or Prometheus and a bench) each a part of the interval, and each missed the stalls the
 * other's window held. Node's histogram is read and reset once a second into a ring of seconds; a
 * reading is the worst second's p99 (an upper bound of the window's p99), the window's max (exact)
 * and the median of the seconds' medians.
 */
export function createLoopDelayWindow(opts: { windowSeconds?: number; tickMs?: number } = {}) {
  const windowSeconds = opts.windowSeconds ?? LOOP_WINDOW_SECONDS;
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const seconds: LoopDelay[] = [];
  const tick = setInterval(() => {
    if (histogram.count > 0) {
      seconds.push({
        p50: histogram.percentile(50) / 1e9,
        p99: histogram.percentile(99) / 1e9,
        max: histogram.max / 1e9,
      });
      if (seconds.length > windowSeconds) seconds.shift();
    }
    histogram.reset();
  }, opts.tickMs ?? 1000);
  tick.unref();

  return {
    /** Null until the first second has passed. */
    read(): LoopDelay | null {
      if (seconds.length === 0) return null;
      const medians = seconds.map((s) => s.p50).sort((a, b) => a - b);
      return {
        p50: medians[Math.floor(medians.length / 2)] ?? 0,
        p99: Math.max(...seconds.map((s) => s.p99)),
        max: Math.max(...seconds.map((s) => s.max)),
      };
    },
    close(): void {
      clearInterval(tick);
      histogram.disable();
    },
  };
}
