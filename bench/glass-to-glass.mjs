/**
 * Glass-to-glass benchmark (issue 11): how far behind the encoder's clock a fan sees the picture, and
 * what one ingested angle costs the ingest node.
 *
 *   node bench/glass-to-glass.mjs [seconds]     (or: npm run bench:glass-to-glass -- [seconds])
 *
 * Starts the real server with live ingest (INGEST_ENABLED, its nginx-rtmp engine) on a fresh data
 * directory, turns the demo show (encore-live) into an ingest show, and runs the demo encoder
 * (scripts/demo-encoder.mjs: one 640x360 30 fps angle, 1 s GOP, the wall clock's milliseconds burned
 * in as a 24-bit barcode). Then:
 * - latency: fan@encore.test watches in headless Chromium; for every frame the <video> presents
 *   (requestVideoFrameCallback), the page reads the barcode off the frame and subtracts it from the
 *   frame's presentation time on the wall clock: median and p95 over `seconds` (default 30);
 * - CPU of one angle: the packager's ffmpeg and the engine (nginx), from /proc, over the same time,
 *   passing the source through only; then again with a two-rung ladder (360p source + 240p + 144p).
 *
 * Knobs: BENCH_PORT (8243), BENCH_RTMP_PORT (19353), WEB_DIST (apps/web/dist), MEDIA_DIR.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launch, login, openAs, waitPlaying } from './viewer-helpers.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const NODE = existsSync(path.join(ROOT, 'node_modules/.bin/node'))
  ? path.join(ROOT, 'node_modules/.bin/node')
  : process.execPath;
const PORT = Number(process.env.BENCH_PORT ?? 8243);
const RTMP_PORT = Number(process.env.BENCH_RTMP_PORT ?? 19353);
const BASE = `http://127.0.0.1:${PORT}`;
const SECONDS = Math.min(Math.max(Number(process.argv[2] ?? 30), 10), 300);
const WEB_DIST = path.resolve(process.env.WEB_DIST ?? path.join(ROOT, 'apps/web/dist'));
const SLUG = 'encore-live';
const TICK = 100; // clock ticks per second in /proc/<pid>/stat

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'encore-bench-g2g-'));
const server = spawn(NODE, [path.join(ROOT, 'apps/server/src/main.ts')], {
  cwd: ROOT,
  stdio: ['ignore', 'ignore', 'pipe'],
  env: {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    PUBLIC_URL: BASE,
    DATA_DIR: dataDir,
    WEB_DIST,
    MEDIA_DIR: process.env.MEDIA_DIR ?? path.join(ROOT, 'media-cache'),
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    INGEST_ENABLED: 'true',
    RTMP_PORT: String(RTMP_PORT),
  },
});
let serverLog = '';
server.stderr.on('data', (d) => {
  serverLog = (serverLog + d).slice(-4000);
});
let browser = null;
let encoder = null;
async function cleanup() {
  encoder?.kill('SIGINT');
  await browser?.close().catch(() => {});
  server.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1500));
  rmSync(dataDir, { recursive: true, force: true });
}
const watchdog = setTimeout(() => {
  console.error('glass-to-glass: watchdog fired');
  void cleanup().then(() => process.exit(1));
}, 10 * 60_000);

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function until(what, probe, ms = 90_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const v = await probe().catch(() => undefined);
    if (v) return v;
    await sleep(300);
  }
  throw new Error(`timed out: ${what}`);
}

async function api(method, url, token, body) {
  const res = await fetch(`${BASE}${url}`, {
    method,
    headers: { authorization: `Token ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${json.code ?? ''}`);
  return json;
}

function startEncoder() {
  encoder = spawn(
    process.execPath,
    [
      path.join(ROOT, 'scripts/demo-encoder.mjs'),
      SLUG,
      '--angles',
      '1',
      '--size',
      '640x360',
      '--url',
      BASE,
      '--rtmp',
      `rtmp://127.0.0.1:${RTMP_PORT}/live/`,
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
}
async function stopEncoder() {
  const e = encoder;
  encoder = null;
  if (!e) return;
  e.kill('SIGINT');
  await new Promise((r) => e.once('exit', r));
}

/** The processes now: pid, parent, command line, CPU seconds (own, and of reaped children). */
function processes() {
  const list = [];
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const own = (Number(f[11]) + Number(f[12])) / TICK;
      list.push({
        pid: Number(pid),
        ppid: Number(f[1]),
        cmd,
        own,
        children: (Number(f[13]) + Number(f[14])) / TICK,
      });
    } catch {}
  }
  return list;
}

/** CPU seconds so far of the packagers (ffmpeg), the engine (nginx master and workers) and the server. */
function cpuNow() {
  const ps = processes();
  const master = ps.find((p) => p.cmd.startsWith('nginx') && p.cmd.includes(dataDir));
  const sum = (xs) => xs.reduce((n, p) => n + p.own, 0);
  const packagers = ps.filter((p) => p.ppid === server.pid && p.cmd.startsWith('ffmpeg'));
  const engine = ps.filter((p) => p === master || (master && p.ppid === master.pid));
  const self = ps.find((p) => p.pid === server.pid);
  // The server's own work for ingest (encrypting, indexing; with a fan, serving too) and its reaped ffprobe runs.
  return { packager: sum(packagers), engine: sum(engine), server: self ? self.own + self.children : 0 };
}

async function cpuShare(seconds) {
  const a = cpuNow();
  const t0 = performance.now();
  await sleep(seconds * 1000);
  const b = cpuNow();
  const wall = (performance.now() - t0) / 1000;
  return {
    packager: (b.packager - a.packager) / wall,
    engine: (b.engine - a.engine) / wall,
    server: (b.server - a.server) / wall,
  };
}

/** In the page: barcode of each presented frame against its presentation on the wall clock. */
function sampleLatency(seconds) {
  const v = document.querySelector('[data-testid="player-video"]');
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  const samples = [];
  const BITS = 24;
  const mod = 2 ** BITS;
  return new Promise((resolve) => {
    const end = performance.now() + seconds * 1000;
    const onFrame = (_now, meta) => {
      canvas.width = v.videoWidth;
      canvas.height = v.videoHeight;
      ctx.drawImage(v, 0, 0);
      const box = Math.max(6, Math.floor((v.videoWidth - 20) / BITS));
      let value = 0;
      for (let i = 0; i < BITS; i++) {
        const x = 10 + i * box + Math.floor((box - 2) / 2);
        const y = 4 + Math.floor((box - 2) / 2);
        const [r, g, b] = ctx.getImageData(x, y, 1, 1).data;
        if ((r + g + b) / 3 > 128) value += 2 ** i;
      }
      const presented = performance.timeOrigin + meta.presentationTime;
      samples.push((((presented % mod) - value + mod) % mod) / 1000);
      if (performance.now() < end) v.requestVideoFrameCallback(onFrame);
      else resolve(samples);
    };
    v.requestVideoFrameCallback(onFrame);
  });
}

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

try {
  await until('the server', async () => (await fetch(`${BASE}/healthz`)).ok);
  const host = await login(BASE, 'host@encore.test');
  const fan = await login(BASE, 'fan@encore.test');

  // Phase 1: passthrough only; the fan watches.
  await api('PUT', `/thor/host/shows/${SLUG}/ingest/`, host.key, { ladder: [] });
  startEncoder();
  await until(
    'a healthy angle',
    async () => (await api('GET', `/thor/host/shows/${SLUG}/ingest/`, host.key)).angles[0]?.healthy,
  );
  await api('POST', `/thor/host/shows/${SLUG}/ingest/go-live/`, host.key);
  await sleep(5000);
  browser = await launch();
  const { page } = await openAs(browser, BASE, fan, `/event/${SLUG}`);
  await waitPlaying(page, 60_000);
  await sleep(4000);
  const [samples, passthrough] = await Promise.all([
    page.evaluate(sampleLatency, SECONDS),
    cpuShare(SECONDS),
  ]);
  // A misread barcode (a frame mid-transition) gives nonsense: keep readings within a minute.
  const latency = samples.filter((s) => s > 0 && s < 60);
  await browser.close();
  browser = null;
  await stopEncoder();

  // Phase 2: the same angle with a ladder below the source.
  await sleep(3000);
  await api('PUT', `/thor/host/shows/${SLUG}/ingest/`, host.key, {
    ladder: [
      { name: '240p', height: 240, video_kbps: 400 },
      { name: '144p', height: 144, video_kbps: 200 },
    ],
  });
  startEncoder();
  await until(
    'a healthy angle again',
    async () => (await api('GET', `/thor/host/shows/${SLUG}/ingest/`, host.key)).angles[0]?.healthy,
  );
  await sleep(4000);
  const ladder = await cpuShare(SECONDS);
  await stopEncoder();

  const core = (x) => `${(x * 100).toFixed(1)}%`;
  console.log(
    `\nglass-to-glass, ${SECONDS} s, ${latency.length} frames read (of ${samples.length}); load ${os.loadavg()[0].toFixed(1)}`,
  );
  console.log('| figure | value |');
  console.log('|---|---|');
  console.log(`| latency median (encoder clock -> frame presented) | ${pct(latency, 50).toFixed(2)} s |`);
  console.log(`| latency p95 | ${pct(latency, 95).toFixed(2)} s |`);
  const row = (c) => `${core(c.packager)} + ${core(c.engine)} + ${core(c.server)} of a core`;
  console.log(
    `| CPU, one angle passed through (packager + engine + Encore; a fan watching) | ${row(passthrough)} |`,
  );
  console.log(`| CPU, one angle with a 240p + 144p ladder (packager + engine + Encore) | ${row(ladder)} |`);
  const per = (c) => Math.floor((2 * 0.8) / Math.max(0.001, c.packager + c.engine + c.server));
  console.log(
    `| angles per 2-core node at 80% (passthrough / ladder) | ${per(passthrough)} / ${per(ladder)} |`,
  );
} catch (err) {
  console.error('glass-to-glass failed:', err.message);
  console.error(serverLog.slice(-1500));
  process.exitCode = 1;
} finally {
  clearTimeout(watchdog);
  await cleanup();
}
