/**
 * Cheer ingest benchmark (DESIGN.md section 8): POST /thor/hangs/{hangId}/{sessionId}/wall_reaction/
 * from many distinct fans who joined the show's chat, each post carrying a light-stick count, and the
 * global total of GET /wall_stats/{channel_id}.json checked exact after every phase.
 *
 *   node bench/cheer.mjs            (or: npm run bench:cheer)
 *
 * In one run: a bare Fastify route (the baseline, in slices alternating with the target so that both
 * rates come from the same minutes), then the real server (apps/server/src/main.ts) on embedded
 * PGlite and, when 127.0.0.1:5432 answers, on PostgreSQL (a database created and dropped here).
 * Phases send a fixed number of posts (not a duration), so every post is answered before the total
 * is read: expected total = count per post x posts answered 200.
 *
 * Knobs: BENCH_POSTS (30000 per slice), BENCH_FANS (5000), BENCH_CONNECTIONS (50),
 * BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres), BENCH_DB (pglite or postgres: one
 * of them), BENCH_PROFILE_DIR (a CPU profile of each server process, written there),
 * BENCH_SERVER_PROCS (1: server processes making the node, each on its own port with its share of the
 * connections and fans; the bare route then runs as many processes, so that the ratio stays fair),
 * BENCH_LOADGEN (autocannon, or wrk: Debian's C load generator in a process of its own, one server
 * process, slices of 3 s: wrk runs for a time, so the posts in flight when a slice stops may be
 * stored unanswered, and the total is checked between the posts answered and the posts sent).
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  answers,
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
const NODE = existsSync(path.join(ROOT, 'node_modules/.bin/node'))
  ? path.join(ROOT, 'node_modules/.bin/node')
  : process.execPath;
const POSTS = Math.min(Math.max(Number(process.env.BENCH_POSTS ?? 30_000), 1000), 1_000_000);
const FANS = Math.min(Math.max(Number(process.env.BENCH_FANS ?? 5000), 100), 200_000);
const CONNECTIONS = Math.min(Math.max(Number(process.env.BENCH_CONNECTIONS ?? 50), 1), 500);
const PG_ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROUNDS = 3;
const LOADGEN = process.env.BENCH_LOADGEN === 'wrk' ? 'wrk' : 'autocannon';
const WRK_SLICE_SECONDS = 3;
if (LOADGEN === 'wrk') {
  if (SERVER_PROCS > 1) throw new Error('BENCH_LOADGEN=wrk drives one server process');
  ensureWrk();
}
/** Light sticks per post: 10 s of a fan's taps. */
const LT_STK = 7;

const { run, start, stop, finish } = createProcessGroup({
  name: 'cheer',
  root: ROOT,
  node: NODE,
  watchdogMs: 20 * 60_000,
  serverWaitMs: 30_000,
  stopGraceMs: 15_000,
});

function load({ url, body, amount, setup, connections = CONNECTIONS }) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        method: 'POST',
        connections,
        amount,
        body,
        headers: { 'content-type': 'application/json' },
        requests: setup ? [{ setupRequest: setup }] : undefined,
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

/** `amount` posts over every server process at once, shared out as the connections are. */
async function loadAll(parts, amount) {
  const connections = splitConnections(CONNECTIONS, parts.length);
  const results = await Promise.all(
    parts.map((part, k) =>
      load({
        ...part,
        connections: connections[k],
        amount: Math.round((amount * connections[k]) / CONNECTIONS),
      }),
    ),
  );
  return results.length === 1 ? results[0] : mergeResults(results);
}

/** Every fan joins the show's featured hang (the page does it before it cheers). */
async function joinAll(base, seed) {
  const headers = (i) => ({
    authorization: `Token ${keyFor(seed.keyPrefix, i)}`,
    'content-type': 'application/json',
  });
  const list = await fetch(
    `${base}/thor/hangs/get_hangs_list/?filter=featured_hangs&channel_id=${seed.channelId}`,
    { headers: headers(0) },
  );
  const featured = (await list.json()).hang_category_list[0].hangs[0].id;
  const joined = new Array(seed.fans);
  let next = 0;
  const worker = async () => {
    while (next < seed.fans) {
      const i = next++;
      const res = await fetch(`${base}/thor/hangs/join_hang/`, {
        method: 'PUT',
        headers: headers(i),
        body: JSON.stringify({ hang_id: featured, session_id: 'new' }),
      });
      if (res.status !== 200) throw new Error(`join_hang ${res.status}: ${await res.text()}`);
      const hang = await res.json();
      joined[i] = { hangId: hang.id, session: hang.session_id };
    }
  };
  await Promise.all(Array.from({ length: 20 }, worker));
  return joined;
}

async function wallTotal(base, channelId) {
  // The document is regenerated at most once a second: wait that out, then read.
  await new Promise((r) => setTimeout(r, 1100));
  const res = await fetch(`${base}/wall_stats/${channelId}.json`);
  if (res.status !== 200) throw new Error(`wall_stats ${res.status}`);
  return (await res.json()).toss_data.total_cumulative_lt_stk;
}

const rows = [];
const total = (list, pick) => list.reduce((sum, r) => sum + pick(r), 0);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
let bare = null;

async function measureServer(label, dbEnv) {
  const seed = JSON.parse(
    (await run(['bench/seed-fans.ts', String(FANS)], { PATH: process.env.PATH, ...dbEnv }))
      .trim()
      .split('\n')
      .pop(),
  );
  let children = [];
  try {
    children = await startEncoreProcesses(start, SERVER_PROCS, { CHEER_USER_BUDGET: '10000', ...dbEnv });
    const pids = children.map((c) => c.pid);
    const n = children.length;
    const base = `http://127.0.0.1:${children[0].port}`;
    const joined = await joinAll(base, seed);
    // Process k of n posts for every n-th fan: no fan's posts are split over two processes.
    const setupFor = (k) => {
      let i = 0;
      return (req) => {
        const fan = (k + n * i++) % seed.fans;
        const { hangId, session } = joined[fan];
        return {
          ...req,
          path: `/thor/hangs/${hangId}/${session}/wall_reaction/`,
          headers: { ...req.headers, authorization: `Token ${keyFor(seed.keyPrefix, fan)}` },
          body: JSON.stringify({
            hang_id: hangId,
            toss_type: 'wall_reaction',
            toss_id: randomUUID(),
            toss_text: '',
            toss_data: { lt_stk: LT_STK },
          }),
        };
      };
    };
    const parts = children.map((c, k) => ({ url: `http://127.0.0.1:${c.port}/`, setup: setupFor(k) }));
    // wrk builds each post from the fan's number: its hang, session and a toss_id unique per post.
    const perFan =
      LOADGEN === 'wrk'
        ? Object.fromEntries(
            joined.map(({ hangId, session }, fan) => [
              fan,
              {
                path: `/thor/hangs/${hangId}/${session}/wall_reaction/`,
                body: JSON.stringify({
                  hang_id: hangId,
                  toss_type: 'wall_reaction',
                  toss_id: '%s',
                  toss_text: '',
                  toss_data: { lt_stk: LT_STK },
                }),
              },
            ]),
          )
        : null;
    let cursor = 0;
    /** Posts sent but not answered when a wrk slice stopped: stored or not, never acknowledged. */
    let cutOff = 0;
    const cheerSlice = async () => {
      if (!perFan) return loadAll(parts, POSTS);
      const r = await wrkLoad({
        url: base,
        seconds: WRK_SLICE_SECONDS,
        connections: CONNECTIONS,
        fans: { prefix: seed.keyPrefix, from: 0, count: seed.fans, start: cursor },
        request: { method: 'POST', path: '/', perFan },
      });
      cursor += r.used;
      cutOff += Math.max(0, r.used - r.requests.total);
      return r;
    };
    const bareSlice = () =>
      LOADGEN === 'wrk'
        ? wrkLoad({
            url: bare.parts[0].url,
            seconds: 2,
            connections: CONNECTIONS,
            fans: { prefix: 'bare', from: 0, count: 1, start: 0 },
            request: { method: 'POST', path: '/check', body: '{}' },
          })
        : loadAll(bare.parts, POSTS);
    // Warm-up (sessions, auth and hang caches), counted in the total like every other post.
    const warm = await loadAll(parts, Math.min(5000, POSTS));
    let ok = warm['2xx'];
    const b = [];
    const t = [];
    const cpu = { bare: 0, server: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const bare0 = cpuSeconds(bare.pids);
      b.push(await bareSlice());
      cpu.bare += cpuSeconds(bare.pids) - bare0;
      const server0 = cpuSeconds(pids);
      const r = await cheerSlice();
      cpu.server += cpuSeconds(pids) - server0;
      ok += r['2xx'];
      t.push(r);
    }
    const got = await wallTotal(base, seed.channelId);
    const rate = (list) => total(list, (r) => r.requests.total) / total(list, (r) => r.duration);
    const row = {
      name: `${label}: wall_reaction, ${seed.fans} fans${n > 1 ? `, ${n} processes` : ''}`,
      rps: rate(t),
      baseline: rate(b),
      p50: median(t.map((r) => r.latency.p50)),
      p99: Math.max(...t.map((r) => r.latency.p99)),
      non2xx: total(t, (r) => r.non2xx),
      failed: total(t, (r) => r.errors + r.timeouts),
      expected: ok * LT_STK,
      cutOff: cutOff * LT_STK,
      got,
      // CPU per post: the server process (with PGlite, the database in it), and per bare request.
      serverUs: (1e6 * cpu.server) / total(t, (r) => r.requests.total),
      bareUs: (1e6 * cpu.bare) / total(b, (r) => r.requests.total),
    };
    rows.push(row);
    process.stderr.write(
      `  ${row.name}: ${Math.round(row.rps)} req/s (bare ${Math.round(row.baseline)}), p99 ${row.p99} ms, ` +
        `total ${got} of ${row.expected} expected; CPU per post ${Math.round(row.serverUs)} µs ` +
        `(bare ${Math.round(row.bareUs)} µs)\n`,
    );
  } finally {
    for (const child of children) await stop(child);
  }
}

const tmp = await mkdtemp(path.join(os.tmpdir(), 'encore-bench-'));
const bareChildren = [];
try {
  process.stderr.write(
    `cheer: ${FANS} fans, ${CONNECTIONS} connections, ${SERVER_PROCS} server process(es), ${POSTS} posts per slice\n`,
  );
  // The bare route, as many processes as the server has.
  for (let k = 0; k < SERVER_PROCS; k++) {
    const port = await freePort();
    bareChildren.push(
      await start(['bench/bare-fastify.mjs', String(port)], { PATH: process.env.PATH }, port),
    );
  }
  bare = {
    pids: bareChildren.map((c) => c.pid),
    parts: bareChildren.map((c) => ({ url: `http://127.0.0.1:${c.port}/check`, body: '{}' })),
  };
  await loadAll(bare.parts, 5000);

  if (wantsDb('pglite')) await measureServer('PGlite', { DATA_DIR: path.join(tmp, 'pglite') });

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
      await measureServer('PostgreSQL', { DATABASE_URL: dbUrl.toString() });
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  } else {
    process.stderr.write(`cheer: ${pgUrl.host} does not answer; PostgreSQL skipped\n`);
  }
} finally {
  for (const child of bareChildren) await stop(child);
  finish();
  await rm(tmp, { recursive: true, force: true });
}

const cpus = os.cpus();
console.log(
  `\nCheer ingest, ${new Date().toISOString()}: ${cpus.length} x ${cpus[0]?.model ?? 'cpu'}, ` +
    `${Math.round(os.totalmem() / 2 ** 30)} GB, ${os.type()} ${os.release()}; load from ${LOADGEN === 'wrk' ? 'a wrk process' : 'this process'} ` +
    `(${LOADGEN}, ${CONNECTIONS} connections over ${SERVER_PROCS} server process(es), ${ROUNDS} slices of ${LOADGEN === 'wrk' ? `${WRK_SLICE_SECONDS} s` : `${POSTS} posts`} alternating with the bare ` +
    `route, ${LT_STK} light sticks per post)\n`,
);
console.log(
  '| run | posts/s | p50 ms | p99 ms | non-2xx / failed | bare Fastify, same minutes | ratio | ' +
    'CPU µs per request: server / bare | total after the run |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---|');
for (const r of rows) {
  const exact =
    r.cutOff === 0
      ? r.got === r.expected
        ? `${r.got} = expected, exact`
        : `${r.got} ≠ expected ${r.expected}`
      : r.got >= r.expected && r.got <= r.expected + r.cutOff
        ? `${r.got}: every answered post (${r.expected}), and ${r.got - r.expected} of ${r.cutOff} cut off unanswered`
        : `${r.got} outside ${r.expected} to ${r.expected + r.cutOff}`;
  console.log(
    `| ${r.name} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.non2xx} / ${r.failed} | ` +
      `${Math.round(r.baseline)} | ${((100 * r.rps) / r.baseline).toFixed(0)} % | ` +
      `${Math.round(r.serverUs)} / ${Math.round(r.bareUs)} | ${exact} |`,
  );
}
if (rows.some((r) => r.got !== r.expected)) process.exitCode = 1;
