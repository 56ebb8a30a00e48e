// `npm run faults` (docs/operations.md, figures in docs/benchmarks.md): the cluster of `npm run
// cluster` on a PostgreSQL and a Redis of its own (never the shared ones), with fans watching and
// chatting through the balancer, while a node is killed with -9, then Redis, then PostgreSQL are
// restarted. Every fan is a WebSocket client that resumes each channel with last_seq, as the web
// client does. Checked per fan: every socket came back through the balancer, no acknowledged toss
// lost, none delivered twice; device sessions and DRM tokens still work; every acknowledged toss is
// in the database.
//
//   node scripts/faults.mjs            about 2 minutes; FAULTS_FANS (24)
//   node scripts/faults.mjs --short    the CI form (scripts/test.mjs): 8 fans, shorter phases
//
// Ports: FAULTS_PORT (8310: balancer; nodes on the next three), private PostgreSQL FAULTS_PG_PORT
// (5445) and Redis FAULTS_REDIS_PORT (6395). Exit code 1 when a check fails.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startCluster } from './cluster/cluster.mjs';
import { createFan } from './cluster/fault-fan.mjs';
import { startPostgres, startRedis } from './cluster/private-services.mjs';
import { logoutClosesOnAnotherNode } from './cluster/revocation-probe.mjs';

const root = path.resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({ options: { short: { type: 'boolean', default: false } } });
const SHORT = args.short;
const FANS = Number(process.env.FAULTS_FANS ?? (SHORT ? 8 : 24));
const PORT = Number(process.env.FAULTS_PORT ?? 8310);
const STEADY_MS = SHORT ? 2000 : 5000;
const TOSS_EVERY_MS = SHORT ? 600 : 400;
const RECOVER_MS = 30_000;
/** How long a fault has to show its cut sockets (a killed node's are cut within HAProxy's 2 s). */
const CUT_WINDOW_MS = SHORT ? 3000 : 5000;

const started = Date.now();
/** The phase each acknowledged toss was sent in (steady, or after which fault), for the report. */
const ackedPhase = new Map();
let phase = 'before the faults';
const log = (msg) =>
  console.log(`[faults ${((Date.now() - started) / 1000).toFixed(1).padStart(5)} s] ${msg}`);

/** Fans with tickets and auth tokens written straight into the database (bench/seed-fans.ts). */
function seedFans(databaseUrl, n) {
  const res = spawnSync(process.execPath, [path.join(root, 'bench/seed-fans.ts'), String(n)], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: 'utf8',
  });
  if (res.status !== 0) throw new Error(`seed-fans failed: ${res.stderr}`);
  return JSON.parse(res.stdout.trim().split('\n').pop());
}

async function waitAllReady(fans, since) {
  const deadline = Date.now() + RECOVER_MS;
  while (Date.now() < deadline) {
    if (fans.every((f) => f.ready && f.opened > (since.get(f) ?? 0))) return Date.now();
    await sleep(100);
  }
  return null;
}

const redis = await startRedis(Number(process.env.FAULTS_REDIS_PORT ?? 6395));
const postgres = await startPostgres(Number(process.env.FAULTS_PG_PORT ?? 5445));
let cluster;
const fans = [];
const results = [];
let failed = false;
const check = (name, ok, detail) => {
  results.push({ name, ok, detail });
  if (!ok) failed = true;
  log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? `: ${detail}` : ''}`);
};

try {
  const seed = seedFans(postgres.url, FANS);
  cluster = await startCluster({
    port: PORT,
    databaseUrl: postgres.url,
    redisUrl: redis.url,
    // FAULTS_NODE_LOGS=1 shows the nodes' own warnings and errors (LOG_LEVEL warn), to see why a check failed.
    log: process.env.FAULTS_NODE_LOGS === '1' ? 'inherit' : 'ignore',
    env: {
      DEMO_DATA: 'false',
      CHAT_USER_BUDGET: '10000',
      CHAT_HANG_BUDGET: '100000',
      RATE_LIMIT_SCALE: '100',
    },
  });
  log(`cluster up at ${cluster.url} (nodes ${cluster.nodePorts.join(', ')}), ${FANS} fans`);
  const active = await (await fetch(`${cluster.url}/thor/channels/active/`)).json();
  const show = active.results.find((s) => s.slug === seed.slug);
  for (let i = 0; i < FANS; i++) {
    fans.push(
      createFan(i, {
        base: cluster.url,
        key: `${seed.keyPrefix}${String(i).padStart(7, '0')}`,
        slug: seed.slug,
        show,
        tossEveryMs: TOSS_EVERY_MS,
        onAck: (id) => ackedPhase.set(id, phase),
      }),
    );
  }
  for (const f of fans) await f.setup();
  for (const f of fans) f.connect();
  const openedAt = () => new Map(fans.map((f) => [f, f.opened]));
  if (!(await waitAllReady(fans, new Map()))) throw new Error('fans did not connect');
  for (const f of fans) f.startTossing();
  await sleep(STEADY_MS);

  const faults = [
    ['kill -9 of node 2', () => cluster.kill(1), () => cluster.restart(1)],
    ['Redis restart', () => redis.restart(SHORT ? 500 : 2000), null],
    ['PostgreSQL restart', () => postgres.restart(SHORT ? 500 : 2000), null],
  ];
  for (const [name, fault, repair] of faults) {
    const before = openedAt();
    const on = nodeSockets(fans);
    const t0 = Date.now();
    phase = `after the ${name}`;
    await fault();
    // Only the sockets the fault cut must come back; with a node killed that is the node's share.
    const cut = await waitCut(fans, before);
    const back = await waitAllReadyAfterCut(fans, before, cut);
    check(
      `${name}: every cut socket reconnected through the balancer`,
      back !== null,
      back === null
        ? `${cut.length} cut, not all back in ${RECOVER_MS} ms`
        : `${cut.length} of ${fans.length} cut (${on}), all back in ${back - t0} ms`,
    );
    if (repair) await repair();
    await sleep(STEADY_MS);
  }

  for (const f of fans) f.stopTossing();
  await sleep(3000);

  // Per fan: every acknowledged toss of every fan delivered once (the fan's own too: the server echoes).
  const acked = fans.flatMap((f) => f.acked);
  let lost = 0;
  let dup = 0;
  const perFan = [];
  for (const f of fans) {
    const missing = acked.filter((id) => !f.received.has(id) && !f.reloadedIds.has(id)).length;
    lost += missing;
    dup += f.duplicates;
    perFan.push(`${missing}/${f.duplicates}`);
  }
  const lostByPhase = new Map();
  for (const f of fans) {
    for (const id of acked) {
      if (f.received.has(id) || f.reloadedIds.has(id)) continue;
      const p = ackedPhase.get(id);
      lostByPhase.set(p, (lostByPhase.get(p) ?? 0) + 1);
    }
  }
  if (lost > 0)
    log(`lost (fan x toss) by phase: ${[...lostByPhase].map(([p, n]) => `${p}: ${n}`).join('; ')}`);
  check(
    'no acknowledged toss lost by any fan',
    lost === 0,
    `${acked.length} acknowledged; lost/duplicated per fan: ${perFan.join(' ')}`,
  );
  check('no toss delivered twice to a fan', dup === 0, `${dup} duplicates`);
  const reused = fans.reduce((n, f) => n + f.seqReused, 0);
  check(
    'sequence numbers never reused on a channel',
    reused === 0,
    `${reused} tosses arrived with a seq already seen`,
  );
  check(
    'device sessions still valid on every reconnect',
    fans.every((f) => f.sessionValid.every(Boolean)),
    `${fans.reduce((n, f) => n + f.sessionValid.filter((v) => !v).length, 0)} ready frames with session_valid false`,
  );
  const drm = await Promise.all(fans.map((f) => f.drmWorks()));
  check(
    'DRM tokens still issued and accepted',
    drm.every((d) => d === 'ok'),
    drm.filter((d) => d !== 'ok').join(', '),
  );
  // Last, as it ends a fan's login: a logout sent to node 3 closes that login's socket on node 1, after
  // the Redis restart above (the revocation subscriber must have subscribed again).
  const last = fans[fans.length - 1];
  last.close();
  const revoked = await logoutClosesOnAnotherNode({
    key: `${seed.keyPrefix}${String(fans.length - 1).padStart(7, '0')}`,
    deviceSession: last.deviceSession,
    socketPort: cluster.nodePorts[0],
    logoutPort: cluster.nodePorts[2],
  });
  check("a logout on one node closes the login's socket on another (4410)", revoked.ok, revoked.detail);
  const client = new pg.Client({ connectionString: postgres.url });
  await client.connect();
  const { rows } = await client.query('select count(*)::int as n from tosses where id = any($1::uuid[])', [
    acked,
  ]);
  const held = await client.query(
    'select coalesce(held_reason, $2) as reason, count(*)::int as n from tosses where id = any($1::uuid[]) group by 1',
    [acked, 'delivered'],
  );
  log(`acknowledged tosses by outcome: ${held.rows.map((r) => `${r.reason} ${r.n}`).join(', ')}`);
  await client.end();
  check(
    'every acknowledged toss is in PostgreSQL',
    rows[0].n === acked.length,
    `${rows[0].n} of ${acked.length}`,
  );
  log(
    `resyncs (resync frames or gaps): ${fans.reduce((n, f) => n + f.resyncs, 0)}, tosses taken from join_hang on resync: ${fans.reduce((n, f) => n + f.reloaded, 0)}`,
  );
  const errors = fans.flatMap((f) => f.errors);
  if (errors.length > 0) log(`error frames: ${[...new Set(errors)].join('; ')}`);
  const failedSends = fans.reduce((n, f) => n + f.failedSends, 0);
  log(`sends refused or failed during the faults (not acknowledged, so not expected): ${failedSends}`);
} catch (err) {
  failed = true;
  log(`FAIL: ${err instanceof Error ? err.stack : err}`);
} finally {
  for (const f of fans) f.close();
  await cluster?.stop().catch(() => undefined);
  await postgres.stop().catch(() => undefined);
  await redis.stop().catch(() => undefined);
}
log(
  `${results.filter((r) => r.ok).length} passed, ${results.filter((r) => !r.ok).length + (failed && results.every((r) => r.ok) ? 1 : 0)} failed`,
);
// scripts/test.mjs counts each check as a test.
if (process.env.FAULTS_JSON) {
  const { writeFileSync } = await import('node:fs');
  writeFileSync(process.env.FAULTS_JSON, JSON.stringify({ results, failed }));
}
process.exit(failed ? 1 : 0);

/** How many fans are connected right now (for the report). */
function nodeSockets(list) {
  return `${list.filter((f) => f.ready).length} connected before`;
}

/** The fans whose socket the fault closed (waits up to CUT_WINDOW_MS for the closes to show). */
async function waitCut(list, before) {
  const deadline = Date.now() + CUT_WINDOW_MS;
  let cut = [];
  while (Date.now() < deadline) {
    cut = list.filter((f) => !f.ready || f.opened > (before.get(f) ?? 0));
    if (cut.length > 0) await sleep(500);
    else await sleep(100);
    const again = list.filter((f) => !f.ready || f.opened > (before.get(f) ?? 0));
    if (again.length === cut.length && cut.length > 0) return again;
  }
  return cut;
}

async function waitAllReadyAfterCut(list, before, cut) {
  const deadline = Date.now() + RECOVER_MS;
  while (Date.now() < deadline) {
    if (list.every((f) => f.ready) && cut.every((f) => f.opened > (before.get(f) ?? 0))) return Date.now();
    await sleep(100);
  }
  return null;
}
