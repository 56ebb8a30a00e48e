import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { PGLITE_OPTIONS } from '../src/db/database.ts';

/** The fault tests' real servers: a child process running main.ts, as `npm start` runs it. */
export const repoRoot = path.resolve(import.meta.dirname, '../../..');
export const MAIN = path.join(repoRoot, 'apps/server/src/main.ts');

export type ServerProcess = {
  child: ChildProcess;
  url: string;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

/** The environment of a quiet test server on `port` (no demo data, no media, no web build). */
export function serverEnv(port: number, extra: Record<string, string>): NodeJS.ProcessEnv {
  const { DATABASE_URL: _d, REDIS_URL: _r, DATA_DIR: _dd, ...rest } = process.env;
  return {
    ...rest,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    WEB_DIST: '/nonexistent',
    MEDIA_DIR: '/nonexistent',
    DEMO_DATA: 'false',
    ...extra,
  };
}

export function startProcess(args: string[], env: NodeJS.ProcessEnv, port: number): ServerProcess {
  const child = spawn(process.execPath, args, { env, cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => {
    out += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    out += d.toString();
  });
  const exited = once(child, 'exit').then(([code, signal]) => ({
    code: code as number | null,
    signal: signal as NodeJS.Signals | null,
  }));
  return { child, url: `http://127.0.0.1:${port}`, output: () => out, exited };
}

/** Starts main.ts and waits until /healthz answers (or the process exits: then it throws). */
export async function startServer(port: number, extra: Record<string, string>): Promise<ServerProcess> {
  const server = startProcess([MAIN], serverEnv(port, extra), port);
  try {
    await waitUntilServing(server);
  } catch (err) {
    // Never leave a process behind that the test cannot reach any more.
    await killHard(server);
    throw err;
  }
  return server;
}

export async function waitUntilServing(server: ServerProcess, timeoutMs = 45_000): Promise<void> {
  let gone = false;
  void server.exited.then(() => {
    gone = true;
  });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (gone) throw new Error(`server exited before serving:\n${server.output()}`);
    try {
      const res = await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200 || res.status === 503) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not serve within ${timeoutMs} ms:\n${server.output()}`);
}

/** SIGKILL: no shutdown hook runs, as in a power cut or an OOM kill. */
export async function killHard(server: ServerProcess): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  await server.exited;
}

export async function stop(server: ServerProcess): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
  await server.exited;
}

export async function api(
  server: ServerProcess,
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: () => unknown; text: string }> {
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, text, json: () => JSON.parse(text) };
}

/** A PGlite data directory another process can open: the run's migrated dump when there is one. */
export async function pgliteDataDir(): Promise<{ dir: string; drop: () => Promise<void> }> {
  const dump = inject('pgliteDump');
  const dir = await mkdtemp(path.join(tmpdir(), 'encore-fault-'));
  if (dump) {
    await mkdir(path.join(dir, 'pg'));
    const client = await PGlite.create(path.join(dir, 'pg'), {
      ...PGLITE_OPTIONS,
      loadDataDir: new Blob([await readFile(dump)]),
    });
    await client.close();
  }
  // Without a dump (a run on PostgreSQL) the first server migrates the empty directory itself (slow).
  return { dir, drop: () => rm(dir, { recursive: true, force: true }) };
}
