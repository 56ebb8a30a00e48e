import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testPort } from '../test/free-port.ts';
import { createExternalTestDatabase } from '../test/harness.ts';
import {
  killHard,
  repoRoot,
  type ServerProcess,
  serverEnv,
  startProcess,
  waitUntilServing,
} from '../test/server-process.ts';

/**
 * Stopping `npm start` stops the server (issue 12): scripts/serve.mjs is the part of start.mjs that
 * runs and supervises main.ts (start.mjs builds the web app and the demo media first). Ports 8215, 8217 and 8218 (plus TEST_PORT_OFFSET).
 */
const SERVE = path.join(repoRoot, 'scripts/serve.mjs');
/** main.ts closes within 10 s (close-with-grace) or exits by force. */
const GRACE_MS = 10_000;

const parents: ServerProcess[] = [];
const drops: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const p of parents) await killHard(p);
  for (const drop of drops) await drop();
});

function childOf(pid: number): number {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/);
  const child = Number(children[0]);
  if (!child) throw new Error(`process ${pid} has no child`);
  return child;
}

/** The server process somewhere under `pid` (npm, its shell, serve.mjs, main.ts). */
function serverUnder(pid: number): number | null {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  for (const child of children.map(Number)) {
    try {
      if (readFileSync(`/proc/${child}/cmdline`, 'utf8').includes('apps/server/src/main.ts')) return child;
      const deeper = serverUnder(child);
      if (deeper) return deeper;
    } catch {
      // Gone meanwhile.
    }
  }
  return null;
}

/** Gone: no such process, or a zombie waiting for its reaper. */
function isGone(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return true;
  }
}

async function waitGone(pid: number, ms: number): Promise<number> {
  const start = Date.now();
  while (!isGone(pid)) {
    if (Date.now() - start > ms) throw new Error(`process ${pid} still runs after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Date.now() - start;
}

async function supervised(port: number) {
  const ext = await createExternalTestDatabase();
  drops.push(() => ext.drop());
  const parent = startProcess([SERVE], serverEnv(port, ext.env), port);
  parents.push(parent);
  await waitUntilServing(parent);
  return { parent, server: childOf(parent.child.pid as number) };
}

describe.runIf(process.platform === 'linux')('stopping the npm start process', () => {
  it('SIGTERM to it stops the server too, within the grace period, exit 0', { timeout: 90_000 }, async () => {
    const { parent, server } = await supervised(testPort(8215));
    // An idle keep-alive connection must not hold the close up.
    await fetch(`${parent.url}/healthz`, { keepalive: true });
    const start = Date.now();
    parent.child.kill('SIGTERM');
    const { code } = await parent.exited;
    await waitGone(server, GRACE_MS);
    expect(code).toBe(0);
    expect(Date.now() - start).toBeLessThan(GRACE_MS);
  });

  it('SIGTERM to a real `npm start` (npm does not pass it on) stops the server too', {
    timeout: 90_000,
  }, async () => {
    const ext = await createExternalTestDatabase();
    drops.push(() => ext.drop());
    // A package whose start script is the supervisor, as the repository's start.mjs ends in it.
    const pkg = await mkdtemp(path.join(tmpdir(), 'encore-npm-start-'));
    drops.push(() => rm(pkg, { recursive: true, force: true }));
    await writeFile(
      path.join(pkg, 'package.json'),
      JSON.stringify({ name: 'npm-start-probe', private: true, scripts: { start: `node ${SERVE}` } }),
    );
    const env = serverEnv(testPort(8217), ext.env);
    const npm = spawn('npm', ['start', '--silent'], { cwd: pkg, env, stdio: 'ignore' });
    const npmExited = once(npm, 'exit');
    const probe: ServerProcess = {
      child: npm,
      url: `http://127.0.0.1:${testPort(8217)}`,
      output: () => '',
      exited: npmExited.then(() => ({ code: npm.exitCode, signal: npm.signalCode })),
    };
    parents.push(probe);
    await waitUntilServing(probe);
    const server = serverUnder(npm.pid as number);
    // Whatever happens below, the server must not outlive the test.
    if (server) drops.push(async () => void (isGone(server) || process.kill(server, 'SIGKILL')));
    expect(server).not.toBeNull();
    npm.kill('SIGTERM');
    await npmExited;
    await waitGone(server as number, GRACE_MS + 1000);
  });

  it('SIGKILL to it leaves no orphan: the server shuts itself down', { timeout: 90_000 }, async () => {
    const { parent, server } = await supervised(testPort(8218));
    parent.child.kill('SIGKILL');
    await parent.exited;
    await waitGone(server, GRACE_MS);
  });
});
