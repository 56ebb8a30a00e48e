import { createHistogram } from 'node:perf_hooks';

/** Seconds one reading covers: the shipped scrape interval (ops/prometheus/prometheus.yml). */
export const LOOP_WINDOW_SECONDS = 15;

/** How often the loop is sampled (ms): perf_hooks' monitorEventLoopDelay resolution, as before. */
const RESOLUTION_MS = 10;

export type LoopDelay = { p50: number; p99: number; max: number };

/**
 * The event loop's delay as monitorEventLoopDelay measures it (each sample the time since the last,
 * in ns: 10 ms when the loop is free), from a timer in JavaScript whose last time a reset of the
 * histogram does not forget (see below). Readers may reset `histogram` as often as they like.
 */
export function sampleLoopDelay() {
  const histogram = createHistogram();
  let last = performance.now();
  const sampler = setInterval(() => {
    const now = performance.now();
    histogram.record(Math.max(1, Math.round((now - last) * 1e6)));
    last = now;
  }, RESOLUTION_MS);
  sampler.unref();
  return { histogram, stop: () => clearInterval(sampler) };
}

/**
 * The event loop's delay over the last `windowSeconds`, in seconds, the same for whoever reads it.
 * Reading no longer resets anything: a reading per scrape, reset by the scrape, gave two Prometheus
 * replicas (or Prometheus and a bench) each a part of the interval, and each missed the stalls the
 * other's window held. The seconds are a ring of one-second readings; a reading is the worst second's
 * p99 (an upper bound of the window's p99), the window's max (exact) and the median of the seconds'
 * medians.
 *
 * The loop is sampled by a timer of its own, as monitorEventLoopDelay does (each sample is the time
 * since the last one, 10 ms when the loop is free), but in JavaScript: monitorEventLoopDelay's reset
 * also forgets its last sample's time, so a stall in a timer callback that ran just before the
 * one-second tick (in the same timers phase, before its native timer could record the late sample)
 * vanished from the metric. Seen as a flaky test on loaded runs (28 Nov): a 200 ms stall read 11 ms.
 * This sampler's timer runs in that same phase, in expiry order, and its last time is never reset: a
 * stall is counted in this second or the next, never lost.
 */
export function createLoopDelayWindow(opts: { windowSeconds?: number; tickMs?: number } = {}) {
  const windowSeconds = opts.windowSeconds ?? LOOP_WINDOW_SECONDS;
  const { histogram, stop } = sampleLoopDelay();
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
      stop();
    },
  };
}
