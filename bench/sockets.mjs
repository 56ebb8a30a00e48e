/**
 * Sockets held by one node and the memory each costs (issue 15): BENCH_SOCKETS fans (5,000; 50,000
 * is the target, for a quiet machine) authenticate and subscribe to their show's channel through
 * BENCH_CLIENT_PROCS load-generator processes (bench/chat-client.mjs, 2); the server's resident
 * memory and V8 heap are read from its own /metrics (METRICS_TOKEN) before and after, with its
 * socket count and event-loop delay.
 *
 *   node_modules/.bin/node bench/sockets.mjs                 (about a minute at 5,000)
 *   BENCH_SOCKETS=50000 BENCH_CLIENT_PROCS=4 node_modules/.bin/node bench/sockets.mjs
 *
 * The server is the real one (apps/server/src/main.ts, embedded PGlite in a temporary DATA_DIR, fans
 * seeded by bench/seed-fans.ts). Above ~28,000 sockets per load-generator process the loopback's
 * ephemeral ports run out: use more processes.
 */
import { execFileSync, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createProcessGroup, freePort, keyFor } from './processes.mjs';
import { scrapeMetrics } from './scrape-metrics.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const NODE = existsSync(path.join(ROOT, 'node_modules/.bin/node'))
  ? path.join(ROOT, 'node_modules/.bin/node')
  : process.execPath;
const num = (name, def, min, max) => Math.min(Math.max(Number(process.env[name] ?? def) || def, min), max);
const SOCKETS = num('BENCH_SOCKETS', 5000, 100, 100_000);
const CLIENT_PROCS = num('BENCH_CLIENT_PROCS', 2, 1, 16);
const TOKEN = randomBytes(24).toString('hex');

// Every socket is a descriptor of the server process: past `ulimit -n` it stops accepting (this
// workplace caps it at 20,000 and refuses to raise it), which would read as a crash.
const fdLimit = Number(execFileSync('bash', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim());
if (Number.isFinite(fdLimit) && SOCKETS > fdLimit - 1000) {
  process.stderr.write(
    `sockets: ${SOCKETS} sockets need more descriptors than this process may open (ulimit -n ${fdLimit}); ` +
      'raise the limit (ulimit -n, LimitNOFILE) or ask for fewer.\n',
  );
  process.exit(2);
}

const { children, run, start, stop, finish } = createProcessGroup({
  name: 'sockets',
  root: ROOT,
  node: NODE,
  watchdogMs: 15 * 60_000,
  serverWaitMs: 60_000,
  stopGraceMs: 10_000,
});

const scrape = (base) => scrapeMetrics(base, TOKEN);

const MB = 1024 * 1024;
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'encore-sockets-bench-'));
try {
  const env = { PATH: process.env.PATH, DATA_DIR: dataDir, NODE_ENV: 'development', DEMO_DATA: 'false' };
  const seed = JSON.parse(await run(['bench/seed-fans.ts', String(SOCKETS)], env, 600_000));
  const port = await freePort();
  const server = await start(
    ['apps/server/src/main.ts'],
    { ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', METRICS_TOKEN: TOKEN },
    port,
  );
  const base = `http://127.0.0.1:${port}`;
  const procs = Array.from({ length: CLIENT_PROCS }, () => {
    const child = fork(path.join(ROOT, 'bench/chat-client.mjs'), [], { execPath: NODE, stdio: 'inherit' });
    children.add(child);
    return child;
  });
  try {
    await new Promise((r) => setTimeout(r, 2000));
    await scrape(base); // resets the event-loop window
    const before = await scrape(base);
    const channel = `show-${seed.slug}`;
    const t0 = Date.now();
    const answers = await Promise.all(
      procs.map(
        (p, k) =>
          new Promise((resolve) => {
            p.once('message', resolve);
            const clients = [];
            for (let i = k; i < SOCKETS; i += CLIENT_PROCS)
              clients.push({ token: keyFor(seed.keyPrefix, i), channel });
            p.send({ cmd: 'connect', mode: 'encore', url: `ws://127.0.0.1:${port}/realtime`, clients });
          }),
      ),
    );
    const connectS = (Date.now() - t0) / 1000;
    const connected = answers.reduce((s, a) => s + a.connected, 0);
    const failed = answers.reduce((s, a) => s + a.failed, 0);
    await new Promise((r) => setTimeout(r, 5000));
    const after = await scrape(base);
    // The connect burst is behind (the scrape above reset the window): the delay while only holding.
    await new Promise((r) => setTimeout(r, 5000));
    const holding = await scrape(base);
    const perSocket = (a, b) => (connected > 0 ? ((b - a) / connected / 1024).toFixed(1) : 'n/a');
    console.log(`
Sockets held by one Encore process (PGlite), ${CLIENT_PROCS} load-generator processes, ${new Date().toISOString()}
  asked ${SOCKETS}, connected and subscribed ${connected}, failed ${failed}, in ${connectS.toFixed(1)} s (${Math.round(connected / connectS)}/s)
  server's own count (encore_realtime_sockets): ${after.sockets}
  resident memory ${(before.rss / MB).toFixed(0)} MB -> ${(after.rss / MB).toFixed(0)} MB: ${perSocket(before.rss, after.rss)} KiB per socket
  V8 heap used    ${(before.heap / MB).toFixed(0)} MB -> ${(after.heap / MB).toFixed(0)} MB: ${perSocket(before.heap, after.heap)} KiB per socket
  event-loop delay p99 during the connects: ${(after.loopP99 * 1000).toFixed(1)} ms, then 5 s holding them: ${(holding.loopP99 * 1000).toFixed(1)} ms`);
    for (const p of procs) {
      p.send({ cmd: 'close' });
      children.delete(p);
    }
  } finally {
    await stop(server);
  }
} finally {
  finish();
  await rm(dataDir, { recursive: true, force: true });
}
