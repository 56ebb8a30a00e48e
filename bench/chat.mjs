/**
 * Chat fan-out benchmark (DESIGN.md section 8): connections held, chat messages delivered per second
 * and p50/p99 delivery latency, for Encore and two baselines under the same load in the same run:
 * a minimal `ws` broadcast server and Socket.IO rooms (bench/chat-baseline-server.mjs).
 *
 *   node_modules/.bin/node bench/chat.mjs      (about 1.5 minutes)
 *
 * Load: BENCH_CONNECTIONS sockets (2000) in rooms of BENCH_ROOM_SIZE (1000), held by
 * BENCH_CLIENT_PROCS load-generator processes (2, bench/chat-client.mjs); one publisher per room
 * sends BENCH_RATE messages per second (50) for BENCH_SECONDS (10) after a 2 s warm-up. Each message
 * carries its send time; latency is receive time minus send time, on the same clock.
 *
 * Encore is the real server (apps/server/src/main.ts, embedded PGlite in a temporary DATA_DIR, fans
 * seeded by bench/seed-fans.ts): its publisher is the real toss call (HTTP POST, validated,
 * profanity-checked, persisted in batches, published on the bus), its rooms are hangs (capacity 1
 * while the publishers join, so each publisher opens its own hang), and its sockets go through auth
 * and a subscribe with the channel access check. The baselines take the message straight off a socket
 * and write it to every socket of the room at once. Everything listens on 127.0.0.1.
 *
 * Ceiling mode (BENCH_CEILING=1): per target, the rate starts at BENCH_RATE and rises by 1.6x each
 * step of BENCH_SECONDS (at most BENCH_CEILING_STEPS steps) until p99 passes BENCH_P99_LIMIT_MS (200)
 * or under 99 % is delivered; the report gives every step and the highest rate held.
 *
 * Several processes (BENCH_SERVER_PROCS, 1): Encore's share a private PostgreSQL and Redis (ports
 * BENCH_PG_PORT 5457, BENCH_REDIS_PORT 6407), or with BENCH_SHARED_SERVICES=1 a database and a key
 * prefix of their own on the shared ones (bench/shared-services.mjs); the fans are spread over the
 * processes round robin and each room's publisher posts to one of them (the bus carries it to the
 * others). A baseline's processes are independent: each room's publisher sends to every one.
 *
 * BENCH_TICK_MS sets the server's REALTIME_TICK_MS (50): a longer tick carries more messages per
 * write to each socket, i.e. fewer writes per delivery, for that much more latency.
 *
 * Soak mode (BENCH_SOAK_MINUTES=30, Encore only): the load above held steady for that long; every
 * 30 s the node's /metrics (resident memory, V8 heap, event-loop delay, sockets) and the window's
 * deliveries are sampled, and the report compares the first five minutes with the last five.
 *   BENCH_SOAK_MINUTES=30 BENCH_CONNECTIONS=1000 BENCH_ROOM_SIZE=500 BENCH_RATE=10 \
 *     node_modules/.bin/node bench/chat.mjs
 */
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { io } from 'socket.io-client';
import { WebSocket } from 'ws';
import { startPostgres, startRedis } from '../scripts/cluster/private-services.mjs';
import { cpuSeconds, createProcessGroup, freePort } from './processes.mjs';
import { scrapeMetrics } from './scrape-metrics.mjs';
import { sharedServices } from './shared-services.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const NODE = existsSync(path.join(ROOT, 'node_modules/.bin/node'))
  ? path.join(ROOT, 'node_modules/.bin/node')
  : process.execPath;
const num = (name, def, min, max) => Math.min(Math.max(Number(process.env[name] ?? def) || def, min), max);
const CONNECTIONS = num('BENCH_CONNECTIONS', 2000, 10, 100_000);
const ROOM_SIZE = num('BENCH_ROOM_SIZE', 1000, 1, 100_000);
const SERVER_PROCS = num('BENCH_SERVER_PROCS', 1, 1, 8);
const PG_PORT = num('BENCH_PG_PORT', 5457, 1024, 65535);
const REDIS_PORT = num('BENCH_REDIS_PORT', 6407, 1024, 65535);
const RATE = num('BENCH_RATE', 50, 1, 2000);
const SECONDS = num('BENCH_SECONDS', 10, 2, 120);
const CLIENT_PROCS = num('BENCH_CLIENT_PROCS', 2, 1, 8);
const TARGETS = (process.env.BENCH_TARGETS ?? 'encore,ws,socketio').split(',');
const WARMUP_MS = 2000;
const DRAIN_MS = 1500;
const ROOMS = Math.ceil(CONNECTIONS / ROOM_SIZE);
const CEILING = process.env.BENCH_CEILING === '1';
const P99_LIMIT_MS = num('BENCH_P99_LIMIT_MS', 200, 10, 10_000);
const CEILING_STEPS = num('BENCH_CEILING_STEPS', 6, 1, 20);
const SOAK_MINUTES = num('BENCH_SOAK_MINUTES', 0, 0, 24 * 60);
const SOAK_SAMPLE_MS = 30_000;
/** The server's REALTIME_TICK_MS (its own default, 50, when unset). */
const TICK_MS = process.env.BENCH_TICK_MS;
const METRICS_TOKEN = randomUUID();
/** Publishes awaiting their answer, at most; one over that counts as a failed publish. */
const MAX_IN_FLIGHT = 200;

const { children, run, start, stop, finish } = createProcessGroup({
  name: 'chat',
  root: ROOT,
  node: NODE,
  watchdogMs: (10 + SOAK_MINUTES) * 60_000,
  serverWaitMs: 60_000,
  stopGraceMs: 10_000,
});

/** Forks the load generators; ask() sends a command to each and gathers their answers. */
function clientPool() {
  const procs = Array.from({ length: CLIENT_PROCS }, () => {
    const child = fork(path.join(ROOT, 'bench/chat-client.mjs'), [], { execPath: NODE, stdio: 'inherit' });
    children.add(child);
    return child;
  });
  const ask = (messages) =>
    Promise.all(
      procs.map(
        (p, i) =>
          new Promise((resolve) => {
            p.once('message', resolve);
            p.send(messages[i]);
          }),
      ),
    );
  return {
    pids: () => procs.map((p) => p.pid),
    async connect(mode, url, clients) {
      const shares = procs.map((_, i) => clients.filter((_, k) => k % procs.length === i));
      // Each load generator connects from its own source address: its own range of ephemeral ports.
      const answers = await ask(
        shares.map((share, i) => ({
          cmd: 'connect',
          mode,
          url,
          localAddress: `127.0.0.${10 + i}`,
          clients: share,
        })),
      );
      return answers.reduce(
        (sum, a) => ({ connected: sum.connected + a.connected, failed: sum.failed + a.failed }),
        {
          connected: 0,
          failed: 0,
        },
      );
    },
    reset: (since) => ask(procs.map(() => ({ cmd: 'reset', since }))),
    async report() {
      const answers = await ask(procs.map(() => ({ cmd: 'report' })));
      const hist = new Array(answers[0].hist.length).fill(0);
      for (const a of answers) {
        a.hist.forEach((n, ms) => {
          hist[ms] += n;
        });
      }
      return { received: answers.reduce((s, a) => s + a.received, 0), hist };
    },
    close() {
      for (const p of procs) {
        p.send({ cmd: 'close' });
        children.delete(p);
      }
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

/**
 * Calls send() `rate` times a second per room until stopped. Owed messages follow the wall clock, not
 * the timer's ticks, so a busy publisher catches up and every target gets the same offered load. The
 * rooms publish out of step, spread evenly over each 1/rate interval: a chat's rooms are independent,
 * and all of them in the same millisecond made every round one burst of ROOMS x ROOM_SIZE writes, so
 * that at 1 message/s per room (20,000 sockets) even the bare ws baseline missed p99 200 ms.
 */
function publishLoop(publishers, rate = RATE) {
  const startedAt = performance.now();
  let failures = 0;
  let inFlight = 0;
  const sent = publishers.map(() => 0);
  const offsetMs = publishers.map((_, k) => (k * 1000) / (rate * publishers.length));
  const timer = setInterval(() => {
    const elapsed = performance.now() - startedAt;
    publishers.forEach((p, k) => {
      const owed = Math.floor((Math.max(0, elapsed - (offsetMs[k] ?? 0)) * rate) / 1000) - (sent[k] ?? 0);
      for (let i = 0; i < owed; i++) {
        sent[k] = (sent[k] ?? 0) + 1;
        // A server that stops answering would otherwise pile up thousands of open requests here.
        if (inFlight >= MAX_IN_FLIGHT) {
          failures += 1;
          continue;
        }
        inFlight += 1;
        p(`bench ${Date.now()}`)
          .catch(() => (failures += 1))
          .finally(() => (inFlight -= 1));
      }
    });
  }, 5);
  /** Stops; answers the messages sent per room (the mean over rooms) and the failed publishes. */
  return () => {
    clearInterval(timer);
    return { rounds: sent.reduce((a, b) => a + b, 0) / Math.max(1, publishers.length), failures };
  };
}

/** The server processes of the target under test (their CPU time is read around each window). */
let serverPids = [];
/** Encore's processes' /metrics: the sockets they still hold when the measuring ends. */
let serverBases = [];

/** Sockets Encore's processes still hold (a socket too slow to keep up is closed with 1013). */
async function socketsHeld() {
  if (serverBases.length === 0) return null;
  const counts = await Promise.all(
    serverBases.map((b) =>
      scrapeMetrics(b, METRICS_TOKEN)
        .then((m) => m.sockets)
        .catch(() => Number.NaN),
    ),
  );
  return counts.reduce((a, b) => a + b, 0);
}

/** One measuring window at `rate` messages/s per room (the sockets are connected and warm). */
async function window(pool, connected, publishers, rate) {
  const since = Date.now();
  await pool.reset(since);
  const cpuBefore = [cpuSeconds(serverPids), cpuSeconds(pool.pids())];
  const stopLoop = publishLoop(publishers, rate);
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  const { rounds, failures } = stopLoop();
  await new Promise((r) => setTimeout(r, DRAIN_MS));
  const { received, hist } = await pool.report();
  const [serverCpu, clientCpu] = [cpuSeconds(serverPids), cpuSeconds(pool.pids())].map(
    (v, k) => v - (cpuBefore[k] ?? 0),
  );
  // Every socket of a room should get each message its room's publisher sent.
  const expected = rounds * connected;
  return {
    rate,
    perSecond: Math.round(received / SECONDS),
    delivered: expected ? received / expected : 0,
    p50: percentile(hist, received, 0.5),
    p99: percentile(hist, received, 0.99),
    publishFailures: failures,
    // CPU per delivery (µs), the servers' and the load generators', over the window and its drain.
    serverUs: received ? ((serverCpu ?? 0) * 1e6) / received : 0,
    clientUs: received ? ((clientCpu ?? 0) * 1e6) / received : 0,
  };
}

/**
 * Steady load for SOAK_MINUTES: the publishers never stop; every SOAK_SAMPLE_MS the node's metrics
 * and the deliveries of the last window (received since its start, latency histogram) are sampled.
 */
async function soak(pool, publishers, metricsBase) {
  const samples = [];
  const startedAt = Date.now();
  await scrapeMetrics(metricsBase, METRICS_TOKEN); // the event-loop window starts here
  const stopLoop = publishLoop(publishers, RATE);
  let since = Date.now();
  let failures = 0;
  let scrapeFailures = 0;
  await pool.reset(since);
  try {
    while (Date.now() - startedAt < SOAK_MINUTES * 60_000) {
      await new Promise((r) => setTimeout(r, SOAK_SAMPLE_MS));
      // A scrape that times out is a finding (the node did not answer for 90 s), not the end of the run.
      const m = await scrapeMetrics(metricsBase, METRICS_TOKEN).catch(() => null);
      if (!m) {
        scrapeFailures += 1;
        continue;
      }
      const { received, hist } = await pool.report();
      const now = Date.now();
      const seconds = (now - since) / 1000;
      since = now;
      await pool.reset(since);
      const sample = {
        minute: (now - startedAt) / 60_000,
        ...m,
        perSecond: Math.round(received / seconds),
        p99: percentile(hist, received, 0.99),
      };
      samples.push(sample);
      process.stderr.write(
        `  soak ${sample.minute.toFixed(1)} min: rss ${(m.rss / 2 ** 20).toFixed(0)} MB, heap ${(m.heap / 2 ** 20).toFixed(0)} MB, ` +
          `loop p99 ${(m.loopP99 * 1000).toFixed(1)} ms, sockets ${m.sockets}, ${sample.perSecond} deliveries/s, p99 ${sample.p99} ms\n`,
      );
    }
  } finally {
    failures = stopLoop().failures;
  }
  const mean = (list, key) => list.reduce((s, x) => s + x[key], 0) / Math.max(1, list.length);
  const first = samples.filter((x) => x.minute <= 5);
  const last = samples.filter((x) => x.minute > SOAK_MINUTES - 5);
  const keys = ['rss', 'heap', 'loopP99', 'sockets', 'perSecond', 'p99'];
  const compare = Object.fromEntries(keys.map((k) => [k, { first: mean(first, k), last: mean(last, k) }]));
  return {
    samples,
    compare,
    perSecond: Math.round(mean(samples, 'perSecond')),
    p99: Math.max(...samples.map((x) => x.p99)),
    publishFailures: failures,
    scrapeFailures,
  };
}

/** One target: connect every socket, warm up, measure SECONDS of publishing (or climb), drain, report. */
async function measure(name, mode, url, clients, publishers, metricsBase) {
  const pool = clientPool();
  try {
    const { connected, failed } = await pool.connect(mode, url, clients);
    const warm = publishLoop(publishers);
    await new Promise((r) => setTimeout(r, WARMUP_MS));
    warm();
    if (SOAK_MINUTES > 0) return { name, connected, failed, ...(await soak(pool, publishers, metricsBase)) };
    if (!CEILING) {
      const result = await window(pool, connected, publishers, RATE);
      return { name, connected, failed, ...result, atEnd: await socketsHeld() };
    }
    const steps = [];
    let held = null;
    let rate = RATE;
    for (let step = 0; step < CEILING_STEPS; step++) {
      const result = await window(pool, connected, publishers, rate);
      steps.push(result);
      process.stderr.write(
        `  ${name}: ${rate} msg/s per room -> ${result.perSecond} deliveries/s, p99 ${result.p99} ms\n`,
      );
      if (result.p99 > P99_LIMIT_MS || result.delivered < 0.99) break;
      held = result;
      rate = Math.round(rate * 1.6);
    }
    return {
      name,
      connected,
      failed,
      ...(held ?? steps[0]),
      held: held !== null,
      steps,
      atEnd: await socketsHeld(),
    };
  } finally {
    pool.close();
  }
}

async function encore() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'encore-chat-bench-'));
  try {
    const env = { PATH: process.env.PATH, DATA_DIR: dataDir, NODE_ENV: 'development', DEMO_DATA: 'false' };
    // Several processes of one node share a private PostgreSQL and Redis (the bus between them).
    const services = [];
    if (SERVER_PROCS > 1 && process.env.BENCH_SHARED_SERVICES === '1') {
      const shared = await sharedServices('chat');
      services.push(shared);
      Object.assign(env, {
        DATABASE_URL: shared.url,
        REDIS_URL: shared.redisUrl,
        REDIS_KEY_PREFIX: shared.keyPrefix,
      });
    } else if (SERVER_PROCS > 1) {
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
        REDIS_KEY_PREFIX: 'bench-chat:',
      });
    }
    const ports = [];
    const servers = [];
    try {
      const seed = JSON.parse(await run(['bench/seed-fans.ts', String(CONNECTIONS + ROOMS)], env, 900_000));
      for (let k = 0; k < SERVER_PROCS; k++) {
        const port = await freePort();
        ports.push(port);
        servers.push(
          await start(
            [
              ...(process.env.BENCH_CPU_PROF
                ? [`--cpu-prof`, `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
                : []),
              'apps/server/src/main.ts',
            ],
            {
              ...env,
              PORT: String(port),
              HOST: '127.0.0.1',
              LOG_LEVEL: 'warn',
              CHAT_HANG_CAPACITY: '1',
              CHAT_USER_BUDGET: '10000',
              CHAT_HANG_BUDGET: '1000000',
              METRICS_TOKEN,
              ...(TICK_MS ? { REALTIME_TICK_MS: TICK_MS } : {}),
            },
            port,
          ),
        );
      }
      serverPids = servers.map((c) => c.pid);
      const bases = ports.map((p) => `http://127.0.0.1:${p}`);
      serverBases = bases;
      const base = bases[0];
      const keyFor = (i) => `${seed.keyPrefix}${String(i).padStart(7, '0')}`;
      const call = async (method, p, key, body, at = base) => {
        const res = await fetch(`${at}${p}`, {
          method,
          headers: { authorization: `Token ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
          body: body ? JSON.stringify(body) : undefined,
        });
        if (res.status !== 200) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
        return res.json();
      };
      const publishers = [];
      const channels = [];
      for (let r = 0; r < ROOMS; r++) {
        const key = keyFor(CONNECTIONS + r);
        const list = await call(
          'GET',
          `/thor/hangs/get_hangs_list/?filter=featured_hangs&paid_event_name=${seed.paidEventName}`,
          key,
        );
        const featured = list.hang_category_list[0].hangs[0];
        const hang = await call('PUT', '/thor/hangs/join_hang/', key, {
          hang_id: featured.id,
          session_id: 'new',
        });
        channels.push(`hang-${hang.pubnubForHang}`);
        const path_ = `/thor/hangs/${hang.id}/${hang.session_id}/toss/`;
        // Room r's publisher posts to process r mod SERVER_PROCS; the bus carries it to the others.
        const at = bases[r % SERVER_PROCS];
        publishers.push((text) =>
          call(
            'POST',
            path_,
            key,
            {
              hang_id: hang.id,
              toss_type: 'chat',
              toss_id: randomUUID(),
              toss_text: text,
              toss_data: null,
              paid_event_name: seed.paidEventName,
            },
            at,
          ),
        );
      }
      if (new Set(channels).size !== ROOMS) throw new Error('publishers share a hang');
      const clients = Array.from({ length: CONNECTIONS }, (_, i) => ({
        token: keyFor(i),
        channel: channels[Math.floor(i / ROOM_SIZE)],
        url: `ws://127.0.0.1:${ports[i % SERVER_PROCS]}/realtime`,
      }));
      return await measure(
        SERVER_PROCS > 1
          ? `Encore, ${SERVER_PROCS} processes on Redis (HTTP toss, batched fan-out)`
          : 'Encore (HTTP toss, batched fan-out)',
        'encore',
        `ws://127.0.0.1:${ports[0]}/realtime`,
        clients,
        publishers,
        base,
      );
    } finally {
      for (const server of servers) await stop(server);
      for (const service of services.reverse()) await service.stop().catch(() => undefined);
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * A baseline of SERVER_PROCS independent processes: with several, each room's publisher sends every
 * message to each process itself (no bus between them, which only flatters the baseline).
 */
async function baseline(mode) {
  const servers = [];
  const urls = [];
  for (let k = 0; k < SERVER_PROCS; k++) {
    const port = await freePort();
    servers.push(
      await start(['bench/chat-baseline-server.mjs', mode, String(port)], { PATH: process.env.PATH }, port),
    );
    urls.push(mode === 'ws' ? `ws://127.0.0.1:${port}` : `http://127.0.0.1:${port}`);
  }
  serverPids = servers.map((c) => c.pid);
  serverBases = [];
  const sockets = [];
  try {
    const url = urls[0];
    const publishers = [];
    for (let r = 0; r < ROOMS; r++) {
      const each = [];
      for (const url of urls) each.push(await baselinePublisher(mode, url, r, sockets));
      publishers.push(async (text) => {
        for (const publish of each) publish(text);
      });
    }
    const clients = Array.from({ length: CONNECTIONS }, (_, i) => ({
      room: Math.floor(i / ROOM_SIZE),
      url: urls[i % SERVER_PROCS],
    }));
    const label = mode === 'ws' ? 'minimal ws broadcast' : 'Socket.IO rooms';
    return await measure(
      SERVER_PROCS > 1 ? `${label}, ${SERVER_PROCS} processes` : label,
      mode,
      url,
      clients,
      publishers,
    );
  } finally {
    for (const s of sockets) (s.disconnect ?? s.terminate).call(s);
    for (const server of servers) await stop(server);
  }
}

/** Opens one publishing socket to a baseline server and answers its send function. */
async function baselinePublisher(mode, url, r, sockets) {
  if (mode === 'ws') {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    sockets.push(ws);
    return (text) => ws.send(JSON.stringify({ room: r, text }));
  } else {
    const socket = io(url, { transports: ['websocket'], reconnection: false, forceNew: true });
    await new Promise((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    sockets.push(socket);
    return (text) => socket.emit('msg', { room: r, text });
  }
}

const results = [];
for (const target of SOAK_MINUTES > 0 ? ['encore'] : TARGETS) {
  process.stderr.write(`chat: ${target}...\n`);
  results.push(target === 'encore' ? await encore() : await baseline(target));
}
finish();

const cpus = os.cpus();
console.log(
  `\nchat fan-out: ${CONNECTIONS} connections in rooms of ${ROOM_SIZE}, ${RATE} msg/s per room, ${SECONDS} s, ` +
    `${CLIENT_PROCS} client processes${TICK_MS ? `, REALTIME_TICK_MS=${TICK_MS}` : ''}; ${cpus.length} x ${cpus[0]?.model ?? 'cpu'}, Node ${process.version}; ` +
    `${new Date().toISOString()}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}\n`,
);
if (SOAK_MINUTES > 0) {
  const [r] = results;
  const MB = 2 ** 20;
  const show = {
    rss: (v) => `${(v / MB).toFixed(1)} MB`,
    heap: (v) => `${(v / MB).toFixed(1)} MB`,
    loopP99: (v) => `${(v * 1000).toFixed(1)} ms`,
    sockets: (v) => v.toFixed(0),
    perSecond: (v) => v.toFixed(0),
    p99: (v) => `${v.toFixed(0)} ms`,
  };
  console.log(
    `Soak: ${SOAK_MINUTES} min at steady load, sampled every ${SOAK_SAMPLE_MS / 1000} s (${r.samples.length} samples), ${r.publishFailures} publish errors, ${r.scrapeFailures} failed scrapes, ${r.connected} connected (${r.failed} failed); ` +
      `offered ${RATE * r.connected} deliveries/s, worst window p99 ${r.p99} ms\n`,
  );
  console.log('| series | first 5 min (mean) | last 5 min (mean) | change |');
  console.log('|---|---:|---:|---:|');
  for (const [k, { first, last }] of Object.entries(r.compare)) {
    const change = first ? `${(((last - first) / first) * 100).toFixed(1)} %` : 'n/a';
    console.log(`| ${k} | ${show[k](first)} | ${show[k](last)} | ${change} |`);
  }
  process.exit(0);
}
if (CEILING) {
  console.log(`Ceiling: the highest rate with p99 <= ${P99_LIMIT_MS} ms and 99 % delivered.\n`);
  console.log(
    "| server | step msg/s per room | deliveries/s | delivered | p50 ms | p99 ms | server CPU µs per delivery | load generators' | held |",
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const r of results) {
    for (const s of r.steps) {
      const ok = s.p99 <= P99_LIMIT_MS && s.delivered >= 0.99;
      console.log(
        `| ${r.name} | ${s.rate} | ${s.perSecond} | ${(s.delivered * 100).toFixed(1)} % | ${s.p50} | ${s.p99} | ${s.serverUs.toFixed(1)} | ${s.clientUs.toFixed(1)} | ${ok ? 'yes' : 'no'} |`,
      );
    }
  }
  console.log('');
}
console.log(
  "| server | connections held | deliveries/s | delivered | p50 ms | p99 ms | publish errors | server CPU µs per delivery | load generators' |",
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const r of results) {
  const mark = CEILING ? (r.held ? ' (ceiling held)' : ' (first step already over the limit)') : '';
  console.log(
    `| ${r.name}${mark} | ${r.connected}${r.failed ? ` (${r.failed} failed)` : ''}${typeof r.atEnd === 'number' ? `, ${r.atEnd} at the end` : ''} | ${r.perSecond} | ${(r.delivered * 100).toFixed(1)} % | ${r.p50} | ${r.p99} | ${r.publishFailures} | ${(r.serverUs ?? 0).toFixed(1)} | ${(r.clientUs ?? 0).toFixed(1)} |`,
  );
}
process.exit(0);
