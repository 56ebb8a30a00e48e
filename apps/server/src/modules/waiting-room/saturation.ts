import { sampleLoopDelay } from '../../platform/loop-delay.ts';

/** What a node reads of itself each second to decide whether it is saturated. */
export type SaturationSignals = {
  /** Event-loop delay, p99 over the last second (ms). */
  loopP99Ms: number;
  /** Queries waiting for a database connection now (PostgreSQL pool; 0 on PGlite). */
  poolWaiting: number;
  /** p99 of entry (POST enter) over the last second's entries (ms); 0 without entries. */
  entryP99Ms: number;
};

/**
 * Over any of these the node counts as saturated (docs/decisions.md, "The waiting room"): a loop
 * held 150 ms at p99 answers every fan late; a pool with a queue of 8 is past its 20 connections'
 * worth; an entry p99 of 1 s is ten times its unloaded figure.
 */
export const SATURATION_LIMITS: SaturationSignals = { loopP99Ms: 150, poolWaiting: 8, entryP99Ms: 1000 };

/** Multiplicative decrease, additive increase (as TCP): down fast under pressure, back up in ~20 s. */
export const FACTOR_MIN = 0.05;
const DECREASE = 0.7;
const INCREASE = 0.05;

export function nextFactor(factor: number, saturated: boolean): number {
  return saturated ? Math.max(FACTOR_MIN, factor * DECREASE) : Math.min(1, factor + INCREASE);
}

export function saturatedBy(s: SaturationSignals, limits = SATURATION_LIMITS): string[] {
  const by: string[] = [];
  if (s.loopP99Ms > limits.loopP99Ms) by.push('event_loop');
  if (s.poolWaiting > limits.poolWaiting) by.push('db_pool');
  if (s.entryP99Ms > limits.entryP99Ms) by.push('entry_p99');
  return by;
}

/**
 * The node's own signals: its event loop (perf_hooks), its pool's waiting queries and its entries'
 * latency, each read and reset once per tick.
 */
export function createSignals(opts: { pool?: { waitingCount: number } | undefined }) {
  // Sampled in JavaScript: monitorEventLoopDelay's reset lost a stall that ended just before a tick.
  const { histogram: loop, stop } = sampleLoopDelay();
  let entries: number[] = [];
  return {
    /** An entry's duration (ms), recorded by the enter route. */
    recordEntry(ms: number): void {
      if (entries.length < 50_000) entries.push(ms);
    },
    read(): SaturationSignals {
      const loopP99Ms = loop.count > 0 ? loop.percentile(99) / 1e6 : 0;
      loop.reset();
      const sorted = entries.sort((a, b) => a - b);
      const entryP99Ms = sorted.length > 0 ? (sorted[Math.ceil(sorted.length * 0.99) - 1] ?? 0) : 0;
      entries = [];
      return { loopP99Ms, poolWaiting: opts.pool?.waitingCount ?? 0, entryP99Ms };
    },
    close(): void {
      stop();
    },
  };
}

export type Signals = ReturnType<typeof createSignals>;
