import { cp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, inject, it } from 'vitest';
import { testPort } from '../../test/free-port.ts';
import {
  api,
  killHard,
  MAIN,
  pgliteDataDir,
  type ServerProcess,
  serverEnv,
  startProcess,
  startServer,
  stop,
  waitUntilServing,
} from '../../test/server-process.ts';

/**
 * One owner per data directory, and a damaged one said plainly (issue 12), with real server processes
 * on a PGlite directory. Ports 8212-8214.
 */
const started: ServerProcess[] = [];
const drops: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const s of started.splice(0)) await killHard(s);
});
afterAll(async () => {
  for (const drop of drops) await drop();
});

async function dataDir(): Promise<string> {
  const { dir, drop } = await pgliteDataDir();
  drops.push(drop);
  return dir;
}

async function register(server: ServerProcess, email: string) {
  const res = await api(server, 'POST', '/thor/auth/email_register/', {
    email,
    username: email.split('@')[0],
    password1: 'Encore2026pass',
    password2: 'Encore2026pass',
  });
  return res;
}

// The lock and the damage report are PGlite's: a run on PostgreSQL (no PGlite dump) leaves them out.
const onPglite = inject('pgliteDump') !== '';

describe.runIf(onPglite)('two processes on one DATA_DIR', () => {
  it('the second refuses with the owner pid; the first keeps serving and keeps its data', {
    timeout: 120_000,
  }, async () => {
    const dir = await dataDir();
    const first = await startServer(testPort(8212), { DATA_DIR: dir });
    started.push(first);
    const reg = await register(first, 'ownerkept@encore.test');
    expect(reg.status, reg.text).toBe(201);

    const second = startProcess([MAIN], serverEnv(testPort(8213), { DATA_DIR: dir }), testPort(8213));
    started.push(second);
    // Refused at once; before issue 12 it took the lock over and served beside the first.
    const outcome = await Promise.race([
      second.exited.then(({ code }) => `exited ${code}`),
      waitUntilServing(second).then(
        () => 'serving',
        () => 'not serving',
      ),
    ]);
    expect(outcome, second.output()).toBe('exited 1');
    expect(second.output()).toContain(`${dir} is in use by process ${first.child.pid}`);
    expect(second.output()).toContain(`kill ${first.child.pid}`);
    // One paragraph, not a stack trace.
    expect(second.output().length).toBeLessThan(1000);

    expect((await api(first, 'GET', '/healthz')).status).toBe(200);
    const again = await register(first, 'ownerkept@encore.test');
    // 304: the address is known (unverified): the acknowledged registration was not lost.
    expect(again.status, again.text).toBe(304);
    await stop(first);
    expect(first.child.exitCode).toBe(0);

    // Stopped cleanly, the directory opens again with the data in it.
    const third = await startServer(testPort(8214), { DATA_DIR: dir });
    started.push(third);
    const after = await register(third, 'ownerkept@encore.test');
    expect(after.status).toBe(304);
  });

  it('a lock left by a killed server (kill -9) does not keep the next one from starting', {
    timeout: 120_000,
  }, async () => {
    const dir = await dataDir();
    const first = await startServer(testPort(8212), { DATA_DIR: dir });
    started.push(first);
    await killHard(first);
    const next = await startServer(testPort(8213), { DATA_DIR: dir });
    started.push(next);
    expect((await api(next, 'GET', '/healthz')).status).toBe(200);
  });
});

describe.runIf(onPglite)('a damaged data directory', () => {
  it('says which directory, what is wrong and what to do, and exits 1', { timeout: 120_000 }, async () => {
    const dir = await dataDir();
    // Make sure the directory is a real database first, then damage its control file.
    const first = await startServer(testPort(8212), { DATA_DIR: dir });
    started.push(first);
    await stop(first);
    const damaged = `${dir}-damaged`;
    drops.push(() => rm(damaged, { recursive: true, force: true }));
    await cp(dir, damaged, { recursive: true });
    await writeFile(path.join(damaged, 'pg/global/pg_control'), Buffer.alloc(8192, 0x5a));

    const broken = startProcess([MAIN], serverEnv(testPort(8213), { DATA_DIR: damaged }), testPort(8213));
    started.push(broken);
    const { code } = await broken.exited;
    expect(code).toBe(1);
    const out = broken.output();
    expect(out).toContain(`The database in ${damaged} could not be opened`);
    expect(out).toContain('restore it from a backup');
    expect(out).toContain(`mv ${damaged} ${damaged}.damaged`);
    expect(out).not.toContain('Aborted()');
    expect(out.length).toBeLessThan(1500);
  });
});
