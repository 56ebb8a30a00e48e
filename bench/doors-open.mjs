/**
 * Doors-open benchmark (DESIGN.md section 8): every fan's ticket check (POST /thor/ticket/validate/)
 * and entry (POST /thor/shows/{slug}/enter/) within the same minute, from many distinct fans.
 *
 *   node bench/doors-open.mjs            (or: npm run bench:doors-open)
 *
 * In one run: a bare Fastify route (the baseline), then the real server (apps/server/src/main.ts) on
 * embedded PGlite and, when 127.0.0.1:5432 answers, on PostgreSQL (a database created and dropped
 * here), each without the node's session and ticket caches (the old path) and with them.
 * Everything listens on 127.0.0.1; every load phase is bounded in time, and the whole run by a
 * watchdog.
 *
 * Knobs: BENCH_SECONDS (9: per phase, in 3 slices), BENCH_FANS (40000), BENCH_CONNECTIONS (50),
 * BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres: where the bench database is made),
 * BENCH_DB (pglite or postgres: one of them), BENCH_CACHES ('caches' or 'no caches': one setup),
 * BENCH_PHASES (returning,new,enter: the phases to run), BENCH_PROFILE_DIR (a CPU profile of each server process, written there),
 * BENCH_SERVER_PROCS (1: server processes making the node, each on its own port with its share of the
 * connections and fans; the bare route then runs as many processes, so that the ratio stays fair),
 * BENCH_LOADGEN (autocannon, or wrk: Debian's C load generator in a process of its own, bench/wrk-load.mjs;
 * one server process).
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  answers,
  backendPids,
  cpuSeconds,
  createProcessGroup,
  freePort,
  keyFor,
  mergeResults,
  SERVER_PROCS,
  splitConnections,
  startEncoreProcesses,
  wantsDb,
} from './processes.mjs';
import { ensureWrk, wrkLoad } from './wrk-load.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
// The server runs TypeScript directly, which needs Node 24 (the repo's node_modules/.bin/node).
const NODE = existsSync(path.join(ROOT, 'node_modules/.bin/node'))
  ? path.join(ROOT, 'node_modules/.bin/node')
  : process.execPath;
/** Target time per phase, in ROUNDS slices. */
const SECONDS = Math.min(Math.max(Number(process.env.BENCH_SECONDS ?? 9), 3), 60);
const WARMUP_SECONDS = 2;
const ROUNDS = 3;
const BARE_SLICE_SECONDS = 2;
const FANS = Math.min(Math.max(Number(process.env.BENCH_FANS ?? 40_000), 2000), 200_000);
const CONNECTIONS = Math.min(Math.max(Number(process.env.BENCH_CONNECTIONS ?? 50), 1), 500);
const PG_ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const WATCHDOG_MS = 20 * 60_000;
const LOADGEN = process.env.BENCH_LOADGEN === 'wrk' ? 'wrk' : 'autocannon';
if (LOADGEN === 'wrk') {
  if (SERVER_PROCS > 1) throw new Error('BENCH_LOADGEN=wrk drives one server process');
  ensureWrk();
}

/** Before: every request asks the database; after: the node's session and ticket caches. */
const CACHE_SETUPS = [
  ['no caches', { AUTH_CACHE_MS: '0', TICKET_CACHE_MS: '0' }],
  ['caches', { AUTH_CACHE_MS: '30000', TICKET_CACHE_MS: '30000' }],
].filter(([label]) => !process.env.BENCH_CACHES || process.env.BENCH_CACHES === label);
const RETURNING_FANS = 1000;
/** BENCH_PHASES=enter (or returning,new,enter: a comma list) runs only those phases. */
const PHASES = process.env.BENCH_PHASES?.split(',');
const wantsPhase = (name) => !PHASES || PHASES.includes(name);

const { run, start, stop, finish } = createProcessGroup({
  name: 'doors-open',
  root: ROOT,
  node: NODE,
  watchdogMs: WATCHDOG_MS,
  serverWaitMs: 30_000,
  stopGraceMs: 15_000,
});

/**
 * One load phase, `seconds` long. Each request comes from the next fan of `fans` (a cursor over
 * the seeded fans, shared by the phases of one server so that "new" fans are new to that process).
 */
async function load({ url, body, fans, seconds, amount, connections = CONNECTIONS }) {
  // Warm-ups (a count of requests) stay on autocannon: wrk runs for a time only.
  if (LOADGEN === 'wrk' && !amount) {
    const r = await wrkLoad({
      url,
      seconds,
      connections,
      fans: fans ? fans.wrk() : { prefix: 'bare', from: 0, count: 1, start: 0 },
      request: { method: 'POST', path: new URL(url).pathname, body },
    });
    fans?.advance(r.used);
    return r;
  }
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        method: 'POST',
        connections,
        // A count (warm-ups) or a duration; either way the phase ends.
        ...(amount ? { amount } : { duration: seconds }),
        // No content-type without a body: Fastify answers an empty JSON body with a 400.
        ...(body ? { body, headers: { 'content-type': 'application/json' } } : {}),
        requests: [
          {
            setupRequest: (req) => {
              if (!fans) return req;
              const authorization = `Token ${fans.next()}`;
              return { ...req, headers: { ...req.headers, authorization } };
            },
          },
        ],
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

/**
 * One slice on every server process at once: `parts` holds each process's url, body and fans, and
 * the connections are shared out among them. The result reads as one autocannon run.
 */
async function loadAll(parts, { seconds, amount }) {
  const connections = splitConnections(CONNECTIONS, parts.length);
  const results = await Promise.all(
    parts.map((part, k) => load({ ...part, seconds, amount, connections: connections[k] })),
  );
  return results.length === 1 ? results[0] : mergeResults(results);
}

/**
 * Fans `from + k`, `from + k + n` ... wrapping within `count` of them: process k of n gets every
 * n-th fan, so that the processes never share a fan (and a fan enters where it checked).
 */
function fanCursor(seed, from, count, k = 0, n = 1) {
  let i = 0;
  return {
    next: () => keyFor(seed.keyPrefix, from + ((k + n * i++) % count)),
    used: () => Math.min(i, Math.ceil(count / n)),
    // For wrk (one process), which builds each fan's key itself from the cursor's place on.
    wrk: () => ({ prefix: seed.keyPrefix, from, count, start: i }),
    advance: (used) => {
      i += used;
    },
  };
}

const rows = [];

const total = (list, pick) => list.reduce((sum, r) => sum + pick(r), 0);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/** The bare route, as many processes as the server has. */
let bare = null;
async function bareRoute() {
  if (!bare) {
    const children = [];
    for (let k = 0; k < SERVER_PROCS; k++) {
      const port = await freePort();
      children.push(await start(['bench/bare-fastify.mjs', String(port)], { PATH: process.env.PATH }, port));
    }
    const body = JSON.stringify({ paid_event: 'BENCH', redeemed_only: true });
    bare = {
      children,
      pids: children.map((c) => c.pid),
      parts: children.map((c) => ({ url: `http://127.0.0.1:${c.port}/check`, body })),
    };
    await loadAll(bare.parts, { seconds: WARMUP_SECONDS });
  }
  return bare;
}

/**
 * One measured phase. On a shared 2-core machine the CPU left to us drifts by the minute, so the
 * phase alternates ROUNDS slices of the bare route with slices of the target: both rates come from
 * the same minutes, and their ratio is what the table reports.
 */
async function phase(name, target) {
  const baseline = await bareRoute();
  const b = [];
  const t = [];
  const cpu = { bare: 0, server: 0, db: 0 };
  for (let round = 0; round < ROUNDS; round++) {
    const bare0 = cpuSeconds(baseline.pids);
    b.push(await loadAll(baseline.parts, { seconds: BARE_SLICE_SECONDS }));
    cpu.bare += cpuSeconds(baseline.pids) - bare0;
    const server0 = cpuSeconds(target.pids);
    const dbPids0 = target.dbPids ? await target.dbPids() : [];
    const db0 = cpuSeconds(dbPids0);
    t.push(await loadAll(target.parts, { seconds: SECONDS / ROUNDS }));
    cpu.server += cpuSeconds(target.pids) - server0;
    // Connections opened during the slice count from zero.
    const dbPids1 = target.dbPids ? await target.dbPids() : [];
    cpu.db += cpuSeconds([...new Set([...dbPids0, ...dbPids1])]) - db0;
  }
  const rate = (list) => total(list, (r) => r.requests.total) / total(list, (r) => r.duration);
  const perRequest = (seconds, list) => (1e6 * seconds) / total(list, (r) => r.requests.total);
  const row = {
    name,
    rps: rate(t),
    baseline: rate(b),
    serverUs: perRequest(cpu.server, t),
    dbUs: target.dbPids ? perRequest(cpu.db, t) : null,
    bareUs: perRequest(cpu.bare, b),
    p50: median(t.map((r) => r.latency.p50)),
    p99: Math.max(...t.map((r) => r.latency.p99)),
    non2xx: total(t, (r) => r.non2xx),
    failed: total(t, (r) => r.errors + r.timeouts),
    // A slice that completed no request measured nothing (its latencies read 0): the phase is void.
    emptySlices: t.filter((r) => r.requests.total === 0).length,
  };
  rows.push(row);
  process.stderr.write(
    `  ${name}: ${Math.round(row.rps)} req/s (bare ${Math.round(row.baseline)}), p99 ${row.p99} ms, ` +
      `non-2xx ${row.non2xx}, failed ${row.failed}` +
      (row.emptySlices ? `, ${row.emptySlices} of ${ROUNDS} slices completed no request` : '') +
      '\n',
  );
}

/**
 * Per server configuration, three phases on a fresh process:
 * - ticket check, returning fans: 1,000 fans over and over (the reloads and repeated checks of a
 *   doors-open minute; with the caches, a node that has seen the fan answers from memory);
 * - ticket check, new fans: every request from a fan this process has not seen (the database path);
 * - enter: the fans who just checked, in the same order (the gate right after the landing's check).
 */
async function measureServer(label, dbEnv, seed, dbPids = null) {
  for (const [cacheLabel, caches] of CACHE_SETUPS) {
    let children = [];
    try {
      children = await startEncoreProcesses(start, SERVER_PROCS, { ...caches, ...dbEnv });
      const pids = children.map((c) => c.pid);
      const base = (c) => `http://127.0.0.1:${c.port}`;
      const n = children.length;
      const body = JSON.stringify({ paid_event: seed.paidEventName, redeemed_only: true });
      const checkOf = (cursor) => ({
        pids,
        dbPids,
        parts: children.map((c, k) => ({ url: `${base(c)}/thor/ticket/validate/`, body, fans: cursor(k) })),
      });
      const returningCount = Math.min(RETURNING_FANS, seed.fans);
      const returning = checkOf((k) => fanCursor(seed, 0, returningCount, k, n));
      // Every returning fan once or twice before the clock starts.
      await loadAll(returning.parts, { amount: Math.ceil((2 * returningCount) / n) });
      const name = (what) => `${label}, ${cacheLabel}: ${what}`;
      if (wantsPhase('returning')) await phase(name('ticket check, returning fans'), returning);
      const newCount = seed.fans - RETURNING_FANS;
      const fresh = checkOf((k) => fanCursor(seed, RETURNING_FANS, newCount, k, n));
      if (wantsPhase('new')) await phase(name('ticket check, new fans'), fresh);
      // The fans who just checked, each on the process that checked it, in the same order.
      const enter = {
        pids,
        dbPids,
        parts: children.map((c, k) => ({
          url: `${base(c)}/thor/shows/${seed.slug}/enter/`,
          fans: fanCursor(seed, RETURNING_FANS, newCount, k, n),
        })),
      };
      if (wantsPhase('enter')) await phase(name('enter, fans who just checked'), enter);
      if (fresh.parts.reduce((sum, p) => sum + p.fans.used(), 0) >= newCount) {
        process.stderr.write('  (more requests than seeded fans: raise BENCH_FANS for truly new fans)\n');
      }
    } finally {
      for (const child of children) await stop(child);
    }
  }
}

async function seedFans(dbEnv) {
  const out = await run(['bench/seed-fans.ts', String(FANS)], { PATH: process.env.PATH, ...dbEnv });
  return JSON.parse(out.trim().split('\n').pop());
}

const tmp = await mkdtemp(path.join(os.tmpdir(), 'encore-bench-'));
try {
  process.stderr.write(
    `doors-open: ${FANS} fans, ${CONNECTIONS} connections, ${SERVER_PROCS} server process(es), ${SECONDS} s per phase\n`,
  );

  const pgliteEnv = { DATA_DIR: path.join(tmp, 'pglite') };
  if (wantsDb('pglite')) await measureServer('PGlite', pgliteEnv, await seedFans(pgliteEnv));

  const pgUrl = new URL(PG_ADMIN_URL);
  if (!wantsDb('postgres')) {
    // BENCH_DB=pglite
  } else if (await answers(Number(pgUrl.port || 5432), pgUrl.hostname)) {
    const name = `encore_bench_${process.pid}`;
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    try {
      const dbUrl = new URL(PG_ADMIN_URL);
      dbUrl.pathname = `/${name}`;
      const pgEnv = { DATABASE_URL: dbUrl.toString() };
      await measureServer('PostgreSQL', pgEnv, await seedFans(pgEnv), () => backendPids(admin, name));
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  } else {
    process.stderr.write(`doors-open: ${pgUrl.host} does not answer; PostgreSQL skipped\n`);
  }
} finally {
  if (bare) for (const child of bare.children) await stop(child);
  finish();
  await rm(tmp, { recursive: true, force: true });
}

const cpus = os.cpus();
console.log(
  `\nDoors-open, ${new Date().toISOString()}: ${cpus.length} x ${cpus[0]?.model ?? 'cpu'}, ` +
    `${Math.round(os.totalmem() / 2 ** 30)} GB, ${os.type()} ${os.release()}; load from ${LOADGEN === 'wrk' ? 'a wrk process' : 'this process'} ` +
    `(${LOADGEN}, ${CONNECTIONS} connections over ${SERVER_PROCS} server process(es), ${SECONDS} s per phase in ${ROUNDS} slices alternating with ` +
    `the bare route, ${FANS} seeded fans)\n`,
);
console.log(
  '| run | requests/s | p50 ms | p99 ms | non-2xx / failed | bare Fastify, same minutes | ratio | ' +
    'CPU µs per request: server / database / bare |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
for (const r of rows) {
  const ratio = `${((100 * r.rps) / r.baseline).toFixed(0)} %`;
  console.log(
    `| ${r.name} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.non2xx} / ${r.failed} | ` +
      `${Math.round(r.baseline)} | ${ratio} | ${Math.round(r.serverUs)} / ` +
      `${r.dbUs === null ? 'in it' : Math.round(r.dbUs)} / ${Math.round(r.bareUs)} |`,
  );
}

// A phase that measured nothing, or met errors, is a failed run, not a row of zeros (issue 28: the
// PGlite phase with caches served 0 requests/s and the bench still exited 0).
const broken = rows.filter((r) => r.emptySlices > 0 || r.non2xx > 0 || r.failed > 0);
for (const r of broken) {
  console.error(
    `doors-open: FAILED ${r.name}: ${r.emptySlices} empty slice(s), ${r.non2xx} non-2xx, ${r.failed} failed`,
  );
}
if (broken.length > 0) process.exitCode = 1;
