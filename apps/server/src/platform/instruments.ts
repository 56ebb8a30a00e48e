import { Counter, Histogram, type Metric } from 'prom-client';

/**
 * The process's own measurements, recorded where the work happens (caches, batchers, the realtime
 * fan-out, the database pool) and read by /metrics (metrics.ts). They belong to no registry of their
 * own: each app's registry adds them, so that the tests' many apps in one process can each serve
 * /metrics. One Encore node is one process, so process-wide counters are the node's.
 */

/**
 * Per cache name, its lookups so far. Plain numbers, read when /metrics is scraped: prom-client hashes
 * the labels on every inc(), and every doors-open request makes two or three lookups.
 */
const cacheCounts = new Map<string, { hit: number; miss: number }>();

/** The counts a cache adds its lookups to (caches of one name share them, as one series). */
export function cacheCounter(name: string): { hit: number; miss: number } {
  let counts = cacheCounts.get(name);
  if (!counts) {
    counts = { hit: 0, miss: 0 };
    cacheCounts.set(name, counts);
  }
  return counts;
}

export const cacheRequests = new Counter({
  name: 'encore_cache_requests_total',
  help: 'Node-local cache lookups by cache and result (hit or miss); the hit rate is hit / all.',
  labelNames: ['cache', 'result'] as const,
  registers: [],
  collect() {
    this.reset();
    for (const [cache, counts] of cacheCounts) {
      this.inc({ cache, result: 'hit' }, counts.hit);
      this.inc({ cache, result: 'miss' }, counts.miss);
    }
  },
});

export const batchSize = new Histogram({
  name: 'encore_batch_size',
  help: 'Items per group-commit batch (platform/batcher.ts), by batcher.',
  labelNames: ['batcher'] as const,
  buckets: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000],
  registers: [],
});

export const deliveries = new Counter({
  name: 'encore_realtime_deliveries_total',
  help: 'Tick batches written to sockets (one batch of a channel to one subscriber is one delivery).',
  registers: [],
});

export const deliveredEvents = new Counter({
  name: 'encore_realtime_delivered_events_total',
  help: 'Channel events written to sockets, summed over subscribers.',
  registers: [],
});

export const tickLag = new Histogram({
  name: 'encore_realtime_tick_lag_seconds',
  help: 'How late a channel tick started its fan-out after it was due (REALTIME_TICK_MS after the first event).',
  buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  registers: [],
});

export const fanOutDuration = new Histogram({
  name: 'encore_realtime_fanout_seconds',
  help: 'Time to write one tick batch to all of its channel subscribers on this node.',
  buckets: [0.0005, 0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
  registers: [],
});

export const busLag = new Histogram({
  name: 'encore_bus_lag_seconds',
  help: 'Publish to local delivery of a probe event on the bus (Redis pub/sub round trip when clustered).',
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
  registers: [],
});

export const poolAcquire = new Histogram({
  name: 'encore_db_pool_acquire_seconds',
  help: 'Wait for a PostgreSQL pool connection (long waits: the pool is too small or queries too slow).',
  buckets: [0.0001, 0.0005, 0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
  registers: [],
});

export const processInstruments: Metric<string>[] = [
  cacheRequests,
  batchSize,
  deliveries,
  deliveredEvents,
  tickLag,
  fanOutDuration,
  busLag,
  poolAcquire,
];
