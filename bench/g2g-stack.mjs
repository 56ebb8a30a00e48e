// The glass-to-glass bench's moving parts (bench/glass-to-glass.mjs): an Encore build serving live
// ingest on a fresh data directory, the demo encoder pushing into it, the previous release unpacked
// beside this one, and the CPU of what one angle costs.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');
const NODE = existsSync(path.join(ROOT, 'node_modules/.bin/node'))
  ? path.join(ROOT, 'node_modules/.bin/node')
  : process.execPath;
const TICK = 100; // clock ticks per second in /proc/<pid>/stat

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export async function until(what, probe, ms = 90_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const v = await probe().catch(() => undefined);
    if (v) return v;
    await sleep(300);
  }
  throw new Error(`timed out: ${what}`);
}

/**
 * The previous release's source (`git archive` of `ref`, no worktree of the repository is touched)
 * with this checkout's installed packages beside it (the same lock file but for test-only tools) and
 * its own web build. Kept in the temp directory between runs.
 */
export function previousRelease(ref) {
  const dir = path.join(os.tmpdir(), `encore-release-${ref}`);
  if (existsSync(path.join(dir, 'apps/web/dist/index.html'))) return dir;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  execFileSync('sh', ['-c', `git -C "${ROOT}" archive ${ref} | tar -x -C "${dir}"`]);
  // Every package from this checkout's node_modules, except the workspace's own (the release's).
  const modules = path.join(dir, 'node_modules');
  mkdirSync(path.join(modules, '@encore'), { recursive: true });
  for (const name of readdirSync(path.join(ROOT, 'node_modules'))) {
    if (name === '@encore') continue;
    symlinkSync(path.join(ROOT, 'node_modules', name), path.join(modules, name));
  }
  for (const [name, where] of [
    ['contract', 'packages/contract'],
    ['server', 'apps/server'],
    ['web', 'apps/web'],
    ['e2e', 'e2e'],
  ])
    symlinkSync(path.join(dir, where), path.join(modules, '@encore', name));
  const webModules = path.join(ROOT, 'apps/web/node_modules');
  if (existsSync(webModules)) {
    mkdirSync(path.join(dir, 'apps/web/node_modules'), { recursive: true });
    for (const name of readdirSync(webModules).filter((n) => !n.startsWith('.')))
      symlinkSync(path.join(webModules, name), path.join(dir, 'apps/web/node_modules', name));
  }
  console.error(`building the web client of ${ref} in ${dir} ...`);
  execFileSync(NODE, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build'], {
    cwd: path.join(dir, 'apps/web'),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return dir;
}

/** An Encore server of the tree at `root` with live ingest, on a fresh data directory. */
export async function startServer({ root, port, rtmpPort }) {
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'encore-bench-g2g-'));
  const child = spawn(NODE, [path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      WEB_DIST: path.join(root, 'apps/web/dist'),
      MEDIA_DIR: process.env.MEDIA_DIR ?? path.join(ROOT, 'media-cache'),
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      INGEST_ENABLED: 'true',
      RTMP_PORT: String(rtmpPort),
    },
  });
  let log = '';
  child.stderr.on('data', (d) => {
    log = (log + d).slice(-4000);
  });
  await until('the server', async () => (await fetch(`${base}/healthz`)).ok);
  return {
    base,
    rtmp: `rtmp://127.0.0.1:${rtmpPort}/live/`,
    child,
    dataDir,
    log: () => log,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(5000)]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function api(base, method, url, token, body) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Token ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${json.code ?? ''}`);
  return json;
}

/** The demo encoder pushing one angle of `slug` with the picture and keyframe interval of `feed`. */
export function startEncoder(server, slug, feed) {
  const child = spawn(
    process.execPath,
    [
      path.join(ROOT, 'scripts/demo-encoder.mjs'),
      slug,
      '--angles',
      '1',
      '--size',
      feed.size,
      '--fps',
      String(feed.fps),
      '--kbps',
      String(feed.kbps),
      '--gop-seconds',
      String(feed.gopSeconds),
      '--preset',
      feed.preset,
      '--url',
      server.base,
      '--rtmp',
      server.rtmp,
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  return {
    child,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGINT');
      await exited;
    },
  };
}

/** The processes now: pid, parent, command line, CPU seconds (own, and of reaped children). */
function processes() {
  const list = [];
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      list.push({
        pid: Number(pid),
        ppid: Number(f[1]),
        cmd,
        own: (Number(f[11]) + Number(f[12])) / TICK,
        children: (Number(f[13]) + Number(f[14])) / TICK,
      });
    } catch {}
  }
  return list;
}

/**
 * CPU seconds so far of one server's ingest: the angles' packagers (ffmpeg reading an RTMP feed), the
 * engine (nginx master and workers), the server itself, and apart the mosaic (its compositor, which
 * reads the angles and makes a picture of its own, and the packager fed from it): a show's mosaic
 * is one per show, not per angle.
 */
export function cpuNow(server) {
  const ps = processes();
  const master = ps.find((p) => p.cmd.startsWith('nginx') && p.cmd.includes(server.dataDir));
  const sum = (xs) => xs.reduce((n, p) => n + p.own, 0);
  const ffmpegs = ps.filter((p) => p.ppid === server.child.pid && p.cmd.startsWith('ffmpeg'));
  const mosaic = ffmpegs.filter((p) => p.cmd.includes('-filter_complex') || p.cmd.includes('pipe:0'));
  const packagers = ffmpegs.filter((p) => !mosaic.includes(p));
  const engine = ps.filter((p) => p === master || (master && p.ppid === master.pid));
  const self = ps.find((p) => p.pid === server.child.pid);
  return {
    packager: sum(packagers),
    engine: sum(engine),
    server: self ? self.own + self.children : 0,
    mosaic: sum(mosaic),
  };
}

/** Share of a core of each part over `seconds` (or over the time `during` takes). */
export async function cpuShare(server, during) {
  const a = cpuNow(server);
  const t0 = performance.now();
  const result = await during();
  const b = cpuNow(server);
  const wall = (performance.now() - t0) / 1000;
  const share = {};
  for (const k of Object.keys(a)) share[k] = (b[k] - a[k]) / wall;
  return { share, result };
}
