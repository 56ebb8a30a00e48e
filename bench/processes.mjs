// The child processes of a benchmark (servers, seeders, load generators): started from the repository
// root, tracked so that a watchdog or the end of the run can kill whatever is still running.
import { spawn } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * `name` labels the watchdog's message; `node` runs every child; `watchdogMs` bounds the whole run.
 * `serverWaitMs` is how long `start` waits for /healthz, `stopGraceMs` how long `stop` waits after
 * SIGTERM before SIGKILL.
 */
export function createProcessGroup({ name, root, node, watchdogMs, serverWaitMs, stopGraceMs }) {
  const children = new Set();
  const watchdog = setTimeout(() => {
    process.stderr.write(`${name}: watchdog fired, stopping\n`);
    for (const child of children) child.kill('SIGKILL');
    process.exit(1);
  }, watchdogMs);

  /** Runs a child to completion and answers its stdout; bounded by `timeoutMs`. */
  function run(args, env, timeoutMs = 120_000) {
    return new Promise((resolve, reject) => {
      const child = spawn(node, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
      children.add(child);
      let out = '';
      let err = '';
      child.stdout.on('data', (d) => {
        out += d;
      });
      child.stderr.on('data', (d) => {
        err += d;
      });
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      child.once('exit', (code) => {
        clearTimeout(timer);
        children.delete(child);
        if (code === 0) resolve(out);
        else reject(new Error(`${args.join(' ')} exited with ${code}: ${err}`));
      });
    });
  }

  /** Starts a server process and resolves once it answers /healthz (the child keeps its `port`). */
  async function start(args, env, port) {
    const logDir = process.env.BENCH_SERVER_LOG_DIR;
    const child = spawn(node, args, {
      cwd: root,
      env,
      stdio: ['ignore', logDir ? 'pipe' : 'ignore', 'pipe'],
    });
    child.port = port;
    children.add(child);
    let err = '';
    child.stderr.on('data', (d) => {
      err += d;
    });
    // BENCH_SERVER_LOG_DIR: each server's output kept in a file named after its port, to see what a
    // server did in a phase that went wrong (the table shows only counts).
    if (logDir) {
      const log = createWriteStream(path.join(logDir, `server-${port}.log`));
      child.stdout.pipe(log);
      child.stderr.pipe(log);
    }
    for (let waited = 0; waited < serverWaitMs; waited += 100) {
      if (child.exitCode !== null) throw new Error(`server exited: ${err}`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return child;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    child.kill('SIGKILL');
    throw new Error(`server did not answer in ${serverWaitMs / 1000} s: ${err}`);
  }

  async function stop(child) {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), stopGraceMs);
    await exited;
    clearTimeout(timer);
    children.delete(child);
  }

  /** The end of the run: kills what is left and disarms the watchdog. */
  function finish() {
    for (const child of children) child.kill('SIGKILL');
    clearTimeout(watchdog);
  }

  return { children, run, start, stop, finish };
}

/** A port the OS says is free on 127.0.0.1 now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Whether something accepts TCP connections at host:port (a PostgreSQL server to bench against). */
export function answers(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host, timeout: 1000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** The auth token of seeded fan i (bench/seed-fans.ts writes tokens in this form). */
export const keyFor = (prefix, i) => `${prefix}${String(i).padStart(7, '0')}`;

/**
 * The server's command line: with BENCH_PROFILE_DIR set, Node writes a CPU profile of each server
 * process there when it exits (`--cpu-prof`; open it in Chrome DevTools or read it with
 * `node bench/profile-top.mjs`).
 */
export function serverArgs(script = 'apps/server/src/main.ts') {
  const dir = process.env.BENCH_PROFILE_DIR;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`, script] : [script];
}

/** Which databases a run measures: BENCH_DB=pglite or postgres for one of them, both by default. */
export function wantsDb(which) {
  const only = process.env.BENCH_DB;
  return !only || only === which;
}

/**
 * CPU seconds (user + system) the processes have used so far, from /proc (Linux; 0 elsewhere). On
 * a shared machine the requests per second move with the other work, the CPU a request costs much
 * less: the benches report it beside the rates.
 */
export function cpuSeconds(pids) {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // Fields after the command (which may hold spaces): utime and stime are the 12th and 13th.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone, or no /proc
    }
  }
  return ticks / CLOCK_TICKS;
}
/** USER_HZ: 100 on every Linux this runs on. */
const CLOCK_TICKS = 100;

/** The PostgreSQL server processes serving one database (its connections' backends). */
export async function backendPids(admin, database) {
  const { rows } = await admin.query('select pid from pg_stat_activity where datname = $1', [database]);
  return rows.map((r) => r.pid);
}

/**
 * BENCH_SERVER_PROCS: how many server processes make the node (DESIGN.md section 8 counts per 2-core
 * node, two processes allowed). Each listens on its own port, as behind the cluster's balancer.
 */
export const SERVER_PROCS = Math.min(Math.max(Number(process.env.BENCH_SERVER_PROCS ?? 1), 1), 8);

/** `total` connections over `parts` load generators, none with fewer than one. */
export function splitConnections(total, parts) {
  return Array.from({ length: parts }, (_, k) =>
    Math.max(1, Math.floor(total / parts) + (k < total % parts ? 1 : 0)),
  );
}

/**
 * One autocannon result out of several that ran side by side, one per server process: counts add
 * up, the slice lasts as long as its longest part, and the latencies are the worst part's (no
 * per-request histogram survives autocannon's summary, so p50 and p99 are upper bounds).
 */
export function mergeResults(results) {
  const sum = (pick) => results.reduce((s, r) => s + pick(r), 0);
  return {
    requests: { total: sum((r) => r.requests.total) },
    duration: Math.max(...results.map((r) => r.duration)),
    latency: {
      p50: Math.max(...results.map((r) => r.latency.p50)),
      p99: Math.max(...results.map((r) => r.latency.p99)),
    },
    '2xx': sum((r) => r['2xx']),
    non2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors),
    timeouts: sum((r) => r.timeouts),
  };
}

/**
 * `count` Encore processes (apps/server) on free ports of 127.0.0.1, started with `start` of a
 * process group, without demo data or web build, rate limits scaled out of the way; `env` adds the
 * database and anything the bench needs. Each child keeps its `port`.
 */
export async function startEncoreProcesses(start, count, env) {
  const children = [];
  for (let k = 0; k < count; k++) {
    const port = await freePort();
    const serverEnv = {
      PATH: process.env.PATH,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'false',
      RATE_LIMIT_SCALE: '100000',
      // The doors-open bench measures the entry path's own capacity: the waiting room (issue 28) in
      // front of it would queue its fans (429) at the default 500/s and lower itself under the load.
      WAITING_ROOM_RATE: '100000',
      WAITING_ROOM_AUTO: 'false',
      WEB_DIST: path.join(os.tmpdir(), 'encore-bench-no-web'),
      ...env,
    };
    children.push(await start(serverArgs(), serverEnv, port));
  }
  return children;
}
