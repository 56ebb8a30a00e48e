// A PostgreSQL and a Redis of the fault suite's own, on ports it chooses, in temporary folders: the
// suite kills and restarts them, which it must never do to a shared server.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

function answers(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1', timeout: 500 });
    socket.on('connect', () => socket.end() && resolve(true));
    socket.on('timeout', () => socket.destroy() && resolve(false));
    socket.on('error', () => resolve(false));
  });
}

async function waitPort(port, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await answers(port)) return;
    await sleep(100);
  }
  throw new Error(`nothing answers on port ${port} after ${timeoutMs} ms`);
}

/** redis-server without persistence (as the app uses it: bus, limits, presence). */
export async function startRedis(port) {
  const dir = mkdtempSync(path.join(tmpdir(), 'encore-faults-redis-'));
  let child;
  const start = async () => {
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
      { stdio: 'ignore' },
    );
    child.exited = new Promise((resolve) => child.once('exit', resolve));
    await waitPort(port, 10_000);
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    /** kill -9, then a fresh start: everything Redis held is gone. */
    async restart(downMs = 1000) {
      child.kill('SIGKILL');
      await child.exited;
      await sleep(downMs);
      await start();
    },
    async stop() {
      child.kill('SIGKILL');
      await child.exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Runs a PostgreSQL binary as the postgres user when this process is root (initdb refuses root). */
function pgCommand(bin, args) {
  const cmd = path.join(PG_BIN, bin);
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
}

/** A throwaway PostgreSQL 15 cluster (initdb, trust on 127.0.0.1) with one database, `encore`. */
export async function startPostgres(port) {
  const dir = mkdtempSync(path.join(tmpdir(), 'encore-faults-pg-'));
  const data = path.join(dir, 'data');
  if (process.getuid?.() === 0) {
    const { uid, gid } = postgresIds();
    chownSync(dir, uid, gid);
  }
  chmodSync(dir, 0o700);
  const sync = (bin, args) => {
    const [cmd, argv] = pgCommand(bin, args);
    const res = spawnSync(cmd, argv, { encoding: 'utf8' });
    if (res.status !== 0) throw new Error(`${bin} failed: ${res.stderr || res.stdout}`);
  };
  sync('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const start = () => sync('pg_ctl', ['-D', data, '-o', opts, '-l', path.join(dir, 'log'), '-w', 'start']);
  start();
  sync('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'encore']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/encore`,
    /** An immediate stop (a crash: no checkpoint, every connection cut), then a start with recovery. */
    async restart(downMs = 1000) {
      sync('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
      await sleep(downMs);
      start();
    },
    async stop() {
      try {
        sync('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

function postgresIds() {
  const res = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (res.status !== 0) throw new Error('no postgres user to run PostgreSQL as (root may not)');
  return { uid: Number(res.stdout.trim()), gid: Number(gid.stdout.trim()) };
}
