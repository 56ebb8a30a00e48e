import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { AppError } from '../errors.ts';
import type { Bus } from '../realtime/bus.ts';
import { type PushedHealth, registerIngestMetrics } from './ingest-metrics.ts';
import { busLag, processInstruments } from './instruments.ts';
import { createLoopDelayWindow, type LoopDelay } from './loop-delay.ts';

/** How often the bus probe publishes (one tiny event per node). */
const PROBE_INTERVAL_MS = 5000;

export type MetricsDeps = {
  app: FastifyInstance;
  token: string;
  bus: Bus;
  pool: pg.Pool | undefined;
  /** Open realtime sockets and followed channels of this node. */
  sockets: () => number;
  channels: () => number;
  /** The pushed streams of this ingest node and their health (live ingest, issue 11). */
  ingest?: PushedHealth;
  /** The waiting room's own series (issue 28). */
  extra?: (registry: Registry) => void;
};

/** Without METRICS_TOKEN: /metrics is a plain 404, not the web app's fallback page. */
export function refuseMetrics(app: FastifyInstance): void {
  app.get('/metrics', { schema: { hide: true } }, async () => {
    throw new AppError('NOT_FOUND', 404, 'Metrics are not enabled on this node (METRICS_TOKEN).');
  });
}

/**
 * GET /metrics in Prometheus text format for operators (docs/operations.md, alert rules): HTTP
 * latency per route pattern, realtime sockets, deliveries and tick lag, bus lag, event-loop delay,
 * database pool waits, batch sizes, cache hit rates and each pushed stream's health. Bearer-token protected (METRICS_TOKEN): the
 * series tell how busy a show is, which is nobody's business but the operator's.
 */
export function installMetrics(deps: MetricsDeps): void {
  const { app } = deps;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  for (const metric of processInstruments) registry.registerMetric(metric);

  if (deps.ingest) registerIngestMetrics(registry, deps.ingest);
  deps.extra?.(registry);

  const http = new Histogram({
    name: 'encore_http_request_duration_seconds',
    help: 'HTTP request latency by method, route pattern (not the raw URL) and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (req, reply) => {
    // The route's pattern (/thor/hangs/:hang_id/...) keeps the label set bounded; no route: 'unmatched'.
    const route = req.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    http.observe(
      { method: req.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  new Gauge({
    name: 'encore_realtime_sockets',
    help: 'Open realtime WebSockets on this node.',
    registers: [registry],
    collect() {
      this.set(deps.sockets());
    },
  });
  new Gauge({
    name: 'encore_realtime_channels',
    help: 'Channels this node follows on the bus (one subscription each, however many sockets).',
    registers: [registry],
    collect() {
      this.set(deps.channels());
    },
  });

  // Event-loop delay over the last 15 s, whoever scrapes (platform/loop-delay.ts). Three gauges named
  // as prom-client's own nodejs_eventloop_lag_*: a `quantile` label belongs to summaries only
  // (promtool check metrics).
  const loop = createLoopDelayWindow();
  const loopGauge = (name: string, help: string, pick: (d: LoopDelay) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        const reading = loop.read();
        if (reading) this.set(pick(reading));
      },
    });
  loopGauge(
    'encore_event_loop_delay_p50_seconds',
    'Event-loop delay, median over the last 15 s.',
    (d) => d.p50,
  );
  loopGauge(
    'encore_event_loop_delay_p99_seconds',
    'Event-loop delay, p99 of the worst second of the last 15 s.',
    (d) => d.p99,
  );
  loopGauge('encore_event_loop_delay_max_seconds', 'Event-loop delay, max over the last 15 s.', (d) => d.max);

  const pool = deps.pool;
  new Gauge({
    name: 'encore_db_pool_clients',
    help: 'PostgreSQL pool connections by state (total, idle) and queries waiting for one (waiting).',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      if (!pool) return;
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });

  // The bus probe: this node publishes on a channel of its own and times its own delivery, the
  // same path (Redis pub/sub when clustered) every chat message and alert takes.
  const probeChannel = `metrics-probe-${randomUUID()}`;
  const sent = new Map<number, number>();
  let probeSeq = 0;
  const unsubscribe = deps.bus.subscribe(probeChannel, (message) => {
    if (message.event.kind !== 'devices') return;
    const at = sent.get(message.event.count);
    if (at === undefined) return;
    sent.delete(message.event.count);
    busLag.observe((performance.now() - at) / 1000);
  });
  const probe = setInterval(() => {
    probeSeq += 1;
    sent.clear();
    sent.set(probeSeq, performance.now());
    deps.bus
      .publish(probeChannel, { kind: 'devices', paid_event_name: 'metrics-probe', count: probeSeq })
      .catch((err: unknown) => app.log.warn({ err }, 'bus probe not published'));
  }, PROBE_INTERVAL_MS);
  probe.unref();
  app.addHook('preClose', async () => {
    clearInterval(probe);
    unsubscribe();
    loop.close();
  });

  const expected = Buffer.from(`Bearer ${deps.token}`);
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    const given = Buffer.from(req.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw new AppError('UNAUTHORIZED', 401, 'A valid metrics token is required.');
    }
    reply.header('content-type', registry.contentType);
    reply.header('cache-control', 'no-store');
    return registry.metrics();
  });
}
