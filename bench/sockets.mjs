/**
 * Sockets held by one node and the memory each costs (issue 15): BENCH_SOCKETS fans (5,000; 50,000
 * is the target) authenticate and subscribe to their show's channel through BENCH_CLIENT_PROCS
 * load-generator processes (bench/chat-client.mjs, 2), each from its own source address 127.0.0.x
 * so that no process runs out of ephemeral ports. The node is BENCH_SERVER_PROCS Encore processes (1):
 * one process on embedded PGlite, or several on consecutive ports sharing a private PostgreSQL and
 * Redis (ports BENCH_PG_PORT 5457 and BENCH_REDIS_PORT 6407, started and removed by the bench), the
 * way two processes of one machine would share a port behind the balancer. Each process's resident
 * memory and V8 heap are read from its own /metrics (METRICS_TOKEN) before and after, with its socket
 * count and event-loop delay; the memory per socket is the sum of the growths over the sockets held.
 *
 *   node_modules/.bin/node bench/sockets.mjs                 (about a minute at 5,000)
 *   BENCH_SOCKETS=50000 BENCH_SERVER_PROCS=3 BENCH_CLIENT_PROCS=4 node_modules/.bin/node bench/sockets.mjs
 *
 * BENCH_WATCHDOG_MINUTES (20) bounds the run: connecting 50,000 on a busy machine takes a while.
 *
 * Every socket is a descriptor of one server process and one load-generator process: each must stay
 * under `ulimit -n` (the hard limit; this machine's is 20,000 and cannot be raised here), so the bench
 * refuses a split that would not fit rather than report a refusal to accept as a crash.
 */
import { execFileSync, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startPostgres, startRedis } from '../scripts/cluster/private-services.mjs';
import { createProcessGroup, freePort, keyFor } from './processes.mjs';
import { scrapeMetrics } from './scrape-metrics.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const NODE = existsSync(path.join(ROOT, 'node_modules/.bin/node'))
  ? path.join(ROOT, 'node_modules/.bin/node')
  : process.execPath;
const num = (name, def, min, max) => Math.min(Math.max(Number(process.env[name] ?? def) || def, min), max);
const SOCKETS = num('BENCH_SOCKETS', 5000, 100, 200_000);
const CLIENT_PROCS = num('BENCH_CLIENT_PROCS', 2, 1, 16);
const SERVER_PROCS = num('BENCH_SERVER_PROCS', 1, 1, 8);
const PG_PORT = num('BENCH_PG_PORT', 5457, 1024, 65535);
const REDIS_PORT = num('BENCH_REDIS_PORT', 6407, 1024, 65535);
const TOKEN = randomBytes(24).toString('hex');

// The soft limit is what a process gets; raise it to the hard limit with `ulimit -n` before the run.
const fdLimit = Number(execFileSync('bash', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim());
const perServer = Math.ceil(SOCKETS / SERVER_PROCS);
const perClient = Math.ceil(SOCKETS / CLIENT_PROCS);
// A server process needs about 50 descriptors besides its sockets (its PostgreSQL pool of 20, Redis,
// the listening socket, stdio, libuv's own): 100 spare is the most sockets it can hold.
const SPARE_FDS = 100;
if (Number.isFinite(fdLimit) && Math.max(perServer, perClient) > fdLimit - SPARE_FDS) {
  process.stderr.write(
    `sockets: ${perServer} sockets per server process and ${perClient} per load generator need more ` +
      `descriptors than a process may open (ulimit -n ${fdLimit}): raise the limit, or use more ` +
      'BENCH_SERVER_PROCS / BENCH_CLIENT_PROCS.\n',
  );
  process.exit(2);
}

const { children, run, start, stop, finish } = createProcessGroup({
  name: 'sockets',
  root: ROOT,
  node: NODE,
  watchdogMs: num('BENCH_WATCHDOG_MINUTES', 20, 1, 240) * 60_000,
  serverWaitMs: 120_000,
  stopGraceMs: 10_000,
});

const MB = 1024 * 1024;
const sum = (list, key) => list.reduce((s, x) => s + x[key], 0);
const scrapeAll = (bases) => Promise.all(bases.map((b) => scrapeMetrics(b, TOKEN)));

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'encore-sockets-bench-'));
const services = [];
try {
  const env = { PATH: process.env.PATH, DATA_DIR: dataDir, NODE_ENV: 'development', DEMO_DATA: 'false' };
  if (SERVER_PROCS > 1) {
    const pgServer = await startPostgres(PG_PORT);
    services.push(pgServer);
    const redis = await startRedis(REDIS_PORT);
    services.push(redis);
    // The watchdog exits without the finally blocks: stopping them is synchronous (pg_ctl, a kill).
    process.once('exit', () => {
      for (const service of services) void service.stop().catch(() => undefined);
    });
    Object.assign(env, {
      DATABASE_URL: pgServer.url,
      REDIS_URL: redis.url,
      REDIS_KEY_PREFIX: 'bench-sockets:',
    });
  }
  const seed = JSON.parse(await run(['bench/seed-fans.ts', String(SOCKETS)], env, 900_000));
  const ports = [];
  const servers = [];
  for (let k = 0; k < SERVER_PROCS; k++) {
    const port = await freePort();
    ports.push(port);
    servers.push(
      await start(
        ['apps/server/src/main.ts'],
        { ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', METRICS_TOKEN: TOKEN },
        port,
      ),
    );
  }
  const bases = ports.map((p) => `http://127.0.0.1:${p}`);
  const procs = Array.from({ length: CLIENT_PROCS }, () => {
    const child = fork(path.join(ROOT, 'bench/chat-client.mjs'), [], { execPath: NODE, stdio: 'inherit' });
    children.add(child);
    return child;
  });
  try {
    await new Promise((r) => setTimeout(r, 2000));
    await scrapeAll(bases); // resets the event-loop windows
    const before = await scrapeAll(bases);
    const channel = `show-${seed.slug}`;
    const t0 = Date.now();
    const answers = await Promise.all(
      procs.map(
        (p, k) =>
          new Promise((resolve) => {
            p.once('message', resolve);
            const clients = [];
            for (let i = k; i < SOCKETS; i += CLIENT_PROCS) {
              // Fan i goes to server process i mod SERVER_PROCS, like a balancer's round robin.
              const url = `ws://127.0.0.1:${ports[i % SERVER_PROCS]}/realtime`;
              clients.push({ token: keyFor(seed.keyPrefix, i), channel, url });
            }
            p.send({ cmd: 'connect', mode: 'encore', url: '', localAddress: `127.0.0.${10 + k}`, clients });
          }),
      ),
    );
    const connectS = (Date.now() - t0) / 1000;
    const connected = answers.reduce((s, a) => s + a.connected, 0);
    const failed = answers.reduce((s, a) => s + a.failed, 0);
    await new Promise((r) => setTimeout(r, 5000));
    const after = await scrapeAll(bases);
    // The connect burst is behind (the scrape above reset the window): the delay while only holding.
    await new Promise((r) => setTimeout(r, 10_000));
    const holding = await scrapeAll(bases);
    const perSocket = (key) =>
      connected > 0 ? ((sum(after, key) - sum(before, key)) / connected / 1024).toFixed(1) : 'n/a';
    const each = (list, f) => list.map(f).join(' / ');
    const ms = (v) => (v * 1000).toFixed(1);
    const database = SERVER_PROCS > 1 ? 'PostgreSQL and Redis shared' : 'PGlite';
    console.log(`
Sockets held by one node: ${SERVER_PROCS} Encore process(es) (${database}), ${CLIENT_PROCS} load-generator processes, ${new Date().toISOString()}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}
  asked ${SOCKETS}, connected and subscribed ${connected}, failed ${failed}, in ${connectS.toFixed(1)} s (${Math.round(connected / connectS)}/s)
  the processes' own counts (encore_realtime_sockets): ${each(after, (m) => m.sockets)} = ${sum(after, 'sockets')}
  resident memory ${(sum(before, 'rss') / MB).toFixed(0)} MB -> ${(sum(after, 'rss') / MB).toFixed(0)} MB (${each(after, (m) => (m.rss / MB).toFixed(0))}): ${perSocket('rss')} KiB per socket
  V8 heap used    ${(sum(before, 'heap') / MB).toFixed(0)} MB -> ${(sum(after, 'heap') / MB).toFixed(0)} MB: ${perSocket('heap')} KiB per socket
  event-loop delay p99 over the connects' last 15 s: ${each(after, (m) => ms(m.loopP99))} ms; then after 10 s holding them (the last 15 s): p99 ${each(holding, (m) => ms(m.loopP99))} ms, max ${each(holding, (m) => ms(m.loopMax))} ms`);
    for (const p of procs) {
      p.send({ cmd: 'close' });
      children.delete(p);
    }
  } finally {
    for (const s of servers) await stop(s);
  }
} finally {
  finish();
  for (const s of services.reverse()) await s.stop().catch(() => undefined);
  await rm(dataDir, { recursive: true, force: true });
}
