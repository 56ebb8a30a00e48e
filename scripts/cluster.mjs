// `npm run cluster`: three Encore nodes on PostgreSQL and Redis behind HAProxy (docs/operations.md).
// Fans' browsers and the benches use only the balancer's port, CLUSTER_PORT (default 8300); the
// nodes listen on the next three ports. Ctrl-C stops everything.
//
//   DATABASE_URL  default postgres://postgres@127.0.0.1:5432/encore_cluster (created when missing)
//   REDIS_URL     default redis://127.0.0.1:6379 (keys under REDIS_KEY_PREFIX, encore-cluster-<port>:)
//   CLUSTER_NODES default 3
//   METRICS_TOKEN the nodes' /metrics token (default: a new random one, printed)
//   CLUSTER_PROMETHEUS  1 (default): a Prometheus on CLUSTER_PORT + 30 with ops/prometheus's rules; 0: none
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { startCluster } from './cluster/cluster.mjs';
import { startPrometheus } from './cluster/prometheus.mjs';
import { buildWebIfStale, run } from './lib.mjs';

const port = Number(process.env.CLUSTER_PORT ?? 8300);
const nodes = Number(process.env.CLUSTER_NODES ?? 3);
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/encore_cluster';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const metricsToken = process.env.METRICS_TOKEN ?? randomBytes(24).toString('hex');
const withPrometheus = process.env.CLUSTER_PROMETHEUS !== '0';

/** Creates the cluster's database on the server when it does not exist yet. */
async function ensureDatabase(url) {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (rowCount === 0) await client.query(`create database "${name.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}

await ensureDatabase(databaseUrl);
// The nodes serve the web build and the demo media like `npm start` does.
if ((await buildWebIfStale()) !== 0) process.exit(1);
await run(process.execPath, [path.join(import.meta.dirname, 'generate-media.mjs')]);

const cluster = await startCluster({
  port,
  nodes,
  databaseUrl,
  redisUrl,
  statsPort: port + 20,
  env: { METRICS_TOKEN: metricsToken },
});
let prometheus = null;
if (withPrometheus) {
  try {
    prometheus = await startPrometheus({
      port: port + 30,
      targets: cluster.nodePorts.map((p) => `127.0.0.1:${p}`),
      token: metricsToken,
    });
  } catch (err) {
    // The cluster itself is up: say so and go on without the monitoring.
    console.error(`Prometheus not started: ${err.message}`);
  }
}
console.log(`
  Encore cluster: ${nodes} nodes (ports ${cluster.nodePorts.join(', ')}) behind HAProxy
  Fans and benches: ${cluster.url}      HAProxy stats: http://127.0.0.1:${port + 20}/
  PostgreSQL: ${databaseUrl}    Redis: ${redisUrl}
  Each node's /metrics: Authorization: Bearer ${metricsToken}${
    prometheus ? `\n  Prometheus with Encore's alert rules: ${prometheus.url}/alerts` : ''
  }
`);
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    await prometheus?.stop();
    await cluster.stop();
    process.exit(0);
  });
}
