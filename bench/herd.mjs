/**
 * The doors-open herd (issue 15): HERD_FANS simulated fans (100,000) arrive over HERD_SECONDS (60)
 * through the balancer of a real cluster (scripts/cluster/cluster.mjs, the launcher behind
 * `npm run cluster`: HERD_NODES Encore nodes (3) behind HAProxy, on a private PostgreSQL and Redis
 * started here on the sockets bench's ports). Each fan checks its ticket, enters (a device session),
 * opens a realtime socket with that session and subscribes to the show, then leaves (DELETE of the
 * session, socket closed). HERD_CLIENT_PROCS load-generator processes (4, bench/herd-client.mjs), each
 * from its own source address 127.0.0.x, start every fan at its own instant of the window whatever the
 * earlier ones are waiting on (an open arrival model: a slow server sees the crowd pile up, as at a
 * real door). The report gives, per step, the count, the failures (by cause) and p50/p99/max.
 *
 *   node_modules/.bin/node bench/herd.mjs                           (seeding 100,000 fans takes minutes)
 *   HERD_FANS=20000 HERD_SECONDS=60 node_modules/.bin/node bench/herd.mjs
 *
 * Knobs: HERD_PORT (9700: the balancer; the nodes take the next ports), HERD_PG_PORT (5457),
 * HERD_REDIS_PORT (6407), HERD_CONNECTIONS (1000: keep-alive HTTP connections per load generator, at most),
 * HERD_BALANCERS (1: HAProxy processes on the balancer's port, each with its own descriptors; the
 * HAProxy check figures are then one instance's, whichever answers the stats port),
 * HERD_SHARED_SERVICES=1 (a database and key prefix of its own on the shared PostgreSQL and Redis
 * instead of private ones, bench/shared-services.mjs), HERD_ROOM_RATE (the waiting room's run, below;
 * it exits non-zero when any fan errs or is not inside by the end), HERD_BALANCED=1 (HAProxy in front
 * of a single node too).
 */
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HEALTH_PORT_OFFSET, startCluster } from '../scripts/cluster/cluster.mjs';
import { startPostgres, startRedis } from '../scripts/cluster/private-services.mjs';
import { createProcessGroup, keyFor } from './processes.mjs';
import { scrapeMetrics } from './scrape-metrics.mjs';
import { sharedServices } from './shared-services.mjs';
import { prepareWaitingRoom, reportWaitingRoom } from './waiting-room-herd.mjs';

const prepareRoom = (databaseUrl, seed, base) =>
  prepareWaitingRoom({ databaseUrl, seed, base, rate: ROOM_RATE, fans: FANS });
const reportRoom = (opts) => reportWaitingRoom({ ...opts, rate: ROOM_RATE, root: ROOM_ROOT, node: NODE });

const ROOT = path.resolve(import.meta.dirname, '..');
const ROOM_ROOT = ROOT;
const NODE = existsSync(path.join(ROOT, 'node_modules/.bin/node'))
  ? path.join(ROOT, 'node_modules/.bin/node')
  : process.execPath;
const num = (name, def, min, max) => Math.min(Math.max(Number(process.env[name] ?? def) || def, min), max);
const FANS = num('HERD_FANS', 100_000, 100, 200_000);
const SECONDS = num('HERD_SECONDS', 60, 5, 600);
const NODES = num('HERD_NODES', 3, 1, 8);
/** HAProxy processes sharing the balancer's port (scripts/cluster/cluster.mjs `balancers`). */
const BALANCERS = num('HERD_BALANCERS', 1, 1, 4);
const CLIENT_PROCS = num('HERD_CLIENT_PROCS', 4, 1, 16);
// At 64 per generator the fans' calls queued in the generators' own pools (a fan's leave behind
// thousands of newer fans' checks) while the nodes idled, and each fan held its socket meanwhile:
// the run measured the load generator's queue. A browser tab has connections of its own.
const CONNECTIONS = num('HERD_CONNECTIONS', 1000, 1, 5000);
const PORT = num('HERD_PORT', 9700, 1024, 65000);
/**
 * HERD_ROOM_RATE (fans/s): the waiting room's run (issue 28). Each fan enters; over the rate it gets a
 * place (429), polls it and enters with it once admitted; no socket and no leave (every fan stays
 * inside, max_active set above the herd). The report adds the order check, the admitted rate measured
 * from the line's own mark, and the poll's server CPU beside a bare Fastify route in the same run.
 */
const ROOM_RATE = process.env.HERD_ROOM_RATE ? num('HERD_ROOM_RATE', 200, 1, 100_000) : null;
const STEPS = ROOM_RATE ? ['join', 'poll', 'admitted-enter'] : ['check', 'enter', 'socket', 'leave'];
const METRICS_TOKEN = randomUUID();
const SAMPLE_MS = 5000;

const { children, run, finish } = createProcessGroup({
  name: 'herd',
  root: ROOT,
  node: NODE,
  watchdogMs: 40 * 60_000,
  serverWaitMs: 60_000,
  stopGraceMs: 10_000,
});

/**
 * Every SAMPLE_MS while the herd runs: each node's event-loop delay and socket count (its /metrics,
 * whose delay window resets at each scrape) and HAProxy's own count of failed checks and of times it
 * took the node out (its statistics page as CSV). stop() answers the worst seen per node.
 */
function watchCluster(nodeBases, statsCsvUrl) {
  const worst = nodeBases.map(() => ({
    loopP99: 0,
    loopMax: 0,
    sockets: 0,
    chkfail: 0,
    chkdown: 0,
    livezMs: 0,
    healthzMs: 0,
    checkMs: 0,
  }));
  // How long each node takes to answer a check of either route, as HAProxy would time it.
  const timed = async (url) => {
    const t = performance.now();
    await fetch(url, { signal: AbortSignal.timeout(10_000) })
      .then((r) => r.text())
      .catch(() => '');
    return performance.now() - t;
  };
  const sample = async () => {
    await Promise.all(
      nodeBases.map(async (base, i) => {
        const healthBase = `http://127.0.0.1:${Number(new URL(base).port) + HEALTH_PORT_OFFSET}`;
        const [livez, healthz, check] = await Promise.all([
          timed(`${base}/livez`),
          timed(`${base}/healthz`),
          timed(`${healthBase}/livez`),
        ]);
        const w = worst[i];
        w.livezMs = Math.max(w.livezMs, livez);
        w.checkMs = Math.max(w.checkMs, check);
        w.healthzMs = Math.max(w.healthzMs, healthz);
        const m = await scrapeMetrics(base, METRICS_TOKEN).catch(() => null);
        if (!m) return;
        w.loopP99 = Math.max(w.loopP99, m.loopP99 || 0);
        w.loopMax = Math.max(w.loopMax, m.loopMax || 0);
        w.sockets = Math.max(w.sockets, m.sockets || 0);
      }),
    );
    const csv = await fetch(statsCsvUrl, { signal: AbortSignal.timeout(5000) })
      .then((r) => r.text())
      .catch(() => '');
    const [header, ...rows] = csv.replace(/^# /, '').trim().split('\n');
    const cols = (header ?? '').split(',');
    for (const row of rows) {
      const f = Object.fromEntries(row.split(',').map((v, k) => [cols[k], v]));
      const i = Number(/^node(\d+)$/.exec(f.svname ?? '')?.[1]) - 1;
      if (!worst[i]) continue;
      // Both are counters since HAProxy started: the last sample holds the run's totals.
      worst[i].chkfail = Number(f.chkfail) || 0;
      worst[i].chkdown = Number(f.chkdown) || 0;
    }
  };
  let running = sample();
  const timer = setInterval(() => {
    running = running.then(sample);
  }, SAMPLE_MS);
  return {
    async stop() {
      clearInterval(timer);
      await running;
      await sample();
      return worst;
    },
  };
}

function percentile(hist, total, p) {
  const want = Math.ceil(total * p);
  let seen = 0;
  for (let ms = 0; ms < hist.length; ms++) {
    seen += hist[ms];
    if (seen >= want) return ms;
  }
  return hist.length - 1;
}

const SHARED = process.env.HERD_SHARED_SERVICES === '1';
const shared = SHARED ? await sharedServices('herd') : null;
const redis = shared ? null : await startRedis(num('HERD_REDIS_PORT', 6407, 1024, 65535));
const postgres = shared ? null : await startPostgres(num('HERD_PG_PORT', 5457, 1024, 65535));
const databaseUrl = shared?.url ?? postgres.url;
// The watchdog exits without the finally block: the private services stop synchronously.
process.once('exit', () => {
  void postgres?.stop().catch(() => undefined);
  void redis?.stop().catch(() => undefined);
});
let cluster = null;
const loadBefore = os.loadavg();
try {
  process.stderr.write(`herd: seeding ${FANS} fans...\n`);
  const env = {
    PATH: process.env.PATH,
    DATABASE_URL: databaseUrl,
    NODE_ENV: 'development',
    DEMO_DATA: 'false',
  };
  const seed = JSON.parse(
    (await run(['bench/seed-fans.ts', String(FANS)], env, 1_800_000)).trim().split('\n').pop(),
  );
  process.stderr.write(`herd: starting ${NODES} nodes behind HAProxy on ${PORT}...\n`);
  cluster = await startCluster({
    port: PORT,
    nodes: NODES,
    statsPort: PORT + 20,
    balancers: BALANCERS,
    databaseUrl,
    redisUrl: shared?.redisUrl ?? redis.url,
    ...(shared ? { redisKeyPrefix: shared.keyPrefix } : {}),
    log: 'ignore',
    // Every fan comes from 127.0.0.x: the per-address limits are for the internet, not this bench.
    env: {
      DEMO_DATA: 'false',
      RATE_LIMIT_SCALE: '100000',
      // Without HERD_ROOM_RATE the herd is the old one, straight at the doors (the room out of the way).
      ...(ROOM_RATE
        ? { WAITING_ROOM_AUTO: process.env.HERD_ROOM_AUTO ?? 'true' }
        : { WAITING_ROOM_RATE: '100000', WAITING_ROOM_AUTO: 'false' }),
      METRICS_TOKEN,
      WEB_DIST: path.join(os.tmpdir(), 'encore-herd-no-web'),
    },
  });
  const room = ROOM_RATE ? await prepareRoom(databaseUrl, seed, cluster.url) : null;
  const procs = Array.from({ length: CLIENT_PROCS }, () => {
    const child = fork(path.join(ROOT, 'bench/herd-client.mjs'), [], { execPath: NODE, stdio: 'inherit' });
    children.add(child);
    return child;
  });
  const nodeBases = cluster.nodePorts.map((p) => `http://127.0.0.1:${p}`);
  // One node needs no balancer: the waiting room's one-node run goes straight at it (HERD_BALANCED=1
  // keeps HAProxy in front).
  const fansBase = ROOM_RATE && NODES === 1 && process.env.HERD_BALANCED !== '1' ? nodeBases[0] : cluster.url;
  const watch = watchCluster(nodeBases, `http://127.0.0.1:${PORT + 20}/;csv`);
  const startAt = Date.now() + 2000;
  process.stderr.write(`herd: ${FANS} fans over ${SECONDS} s through ${fansBase}...\n`);
  const answers = await Promise.all(
    procs.map(
      (p, k) =>
        new Promise((resolve) => {
          p.once('message', resolve);
          const keys = [];
          // With the waiting room, fan 0 is the host who reads the line (prepareRoom).
          for (let i = k + (room ? 1 : 0); i < FANS; i += CLIENT_PROCS) keys.push(keyFor(seed.keyPrefix, i));
          p.send({
            cmd: 'run',
            base: fansBase,
            slug: seed.slug,
            paidEventName: seed.paidEventName,
            keys,
            // The processes interleave: together their fans arrive evenly over the window.
            startAt: startAt + (k * (SECONDS * 1000)) / FANS,
            windowMs: SECONDS * 1000,
            connections: CONNECTIONS,
            localAddress: `127.0.0.${20 + k}`,
            room: Boolean(room),
            giveUpAt: Date.now() + 20 * 60_000,
          });
        }),
    ),
  );
  const tookS = (Date.now() - startAt) / 1000;
  const watched = await watch.stop();
  const line = room ? await room.stop() : null;
  for (const p of procs) {
    p.kill();
    children.delete(p);
  }
  const cpus = os.cpus();
  console.log(
    `\nHerd, ${new Date().toISOString()}: ${FANS} fans over ${SECONDS} s (${Math.round(FANS / SECONDS)} arrivals/s) ` +
      `${fansBase === cluster.url ? `through HAProxy to ${NODES} Encore nodes` : 'straight at one Encore node'} on PostgreSQL and Redis, ${CLIENT_PROCS} load-generator processes; ` +
      `the last fan done after ${tookS.toFixed(1)} s; ${answers.reduce((s, a) => s + a.late, 0)} fans started over 100 ms late; ` +
      `${cpus.length} x ${cpus[0]?.model ?? 'cpu'}, load average before ${loadBefore.map((l) => l.toFixed(1)).join(' ')}, ` +
      `after ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}\n`,
  );
  console.log(
    '| node | event-loop p99, worst 15 s window | event-loop max | sockets at most | slowest /livez | slowest /healthz | slowest /livez on HEALTH_PORT | HAProxy: failed checks | taken out (UP to DOWN) |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  watched.forEach((n, i) => {
    console.log(
      `| node${i + 1} | ${(n.loopP99 * 1000).toFixed(0)} ms | ${(n.loopMax * 1000).toFixed(0)} ms | ${n.sockets} | ${n.livezMs.toFixed(0)} ms | ${n.healthzMs.toFixed(0)} ms | ${n.checkMs.toFixed(0)} ms | ${n.chkfail} | ${n.chkdown} |`,
    );
  });
  console.log('');
  console.log('| step | done | failed | p50 ms | p99 ms | max ms | failures by cause |');
  console.log('|---|---:|---:|---:|---:|---:|---|');
  for (const step of STEPS) {
    const hist = new Array(60_001).fill(0);
    let ok = 0;
    let failed = 0;
    const errors = {};
    for (const a of answers) {
      const s = a.steps[step];
      ok += s.ok;
      failed += s.failed;
      s.hist.forEach((n, ms) => {
        hist[ms] += n;
      });
      for (const [cause, n] of Object.entries(s.errors)) errors[cause] = (errors[cause] ?? 0) + n;
    }
    const max = hist.findLastIndex((n) => n > 0);
    const causes = Object.entries(errors)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([c, n]) => `${c}: ${n}`)
      .join('; ');
    console.log(
      `| ${step} | ${ok} | ${failed} | ${percentile(hist, ok, 0.5)} | ${percentile(hist, ok, 0.99)} | ${max} | ${causes || '-'} |`,
    );
  }
  if (room && line) {
    const places = answers.flatMap((a) => a.places);
    const problems = await reportRoom({ places, line, cluster, room, seed });
    // Every fan but the host (fan 0) must be inside, none having met an error on any step.
    const failed = STEPS.reduce((n, step) => n + answers.reduce((m, a) => m + a.steps[step].failed, 0), 0);
    if (failed > 0) problems.push(`${failed} failed calls (any kind: 5xx, resets, timeouts)`);
    if (places.length !== FANS - 1) problems.push(`${FANS - 1 - places.length} fans not inside by the end`);
    console.log(
      `\nload average at the end: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    if (problems.length > 0) {
      console.log(`\nHERD FAILED:\n- ${problems.join('\n- ')}`);
      process.exitCode = 1;
    } else console.log(`\nHERD PASSED: ${places.length} fans inside, 0 errors`);
  }
} finally {
  if (cluster) await cluster.stop();
  finish();
  await postgres?.stop().catch(() => undefined);
  await redis?.stop().catch(() => undefined);
  await shared?.stop().catch(() => undefined);
}
