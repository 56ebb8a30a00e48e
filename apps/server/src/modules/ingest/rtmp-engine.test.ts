import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, it } from 'vitest';
import { freePort } from '../../../test/free-port.ts';
import { alive, childrenOf, nginxConfig, RTMP_MODULE, startRtmpEngine } from './rtmp-engine.ts';

// The RTMP engine's life tied to Encore's (real nginx with Debian's RTMP module): a killed Encore
// leaves no engine holding RTMP_PORT, and one left by an older Encore is stopped at the next start.
const hasEngine = await readFile(RTMP_MODULE).then(
  () => true,
  () => false,
);

const log = { info() {}, warn() {}, error() {} };
const dirs: string[] = [];
const children: ChildProcess[] = [];

async function until(what: string, check: () => boolean | Promise<boolean>, ms = 15_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const pidIn = async (dir: string) =>
  Number((await readFile(path.join(dir, 'nginx.pid'), 'utf8').catch(() => '0')).trim());

async function workDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'encore-engine-'));
  dirs.push(dir);
  return dir;
}

afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) {
    const pid = await pidIn(dir);
    if (pid > 1 && alive(pid)) for (const p of [pid, ...childrenOf(pid)]) process.kill(p, 'SIGKILL');
    await rm(dir, { recursive: true, force: true });
  }
});

describe.skipIf(!hasEngine)('the RTMP engine', () => {
  it('stops when the Encore process that started it is killed with SIGKILL', async () => {
    const dir = await workDir();
    const port = await freePort();
    const engine = new URL('./rtmp-engine.ts', import.meta.url).pathname;
    const script = `
      const { startRtmpEngine } = await import(${JSON.stringify(engine)});
      const log = { info() {}, warn() {}, error() {} };
      await startRtmpEngine({ port: ${port}, callbackBase: 'http://127.0.0.1:9/x', dir: ${JSON.stringify(dir)}, log });
      setInterval(() => {}, 1000);`;
    const encore = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: 'ignore' });
    children.push(encore);
    await until('the engine', async () => (await pidIn(dir)) > 0 && alive(await pidIn(dir)));
    const nginx = await pidIn(dir);

    const workers = childrenOf(nginx);
    encore.kill('SIGKILL');
    await until('the engine to stop', () => !alive(nginx) && workers.every((w) => !alive(w)));
    // The port is free for the next Encore's engine.
    const again = createServer();
    await new Promise<void>((resolve, reject) => {
      again.once('error', reject);
      again.listen(port, '127.0.0.1', resolve);
    });
    await new Promise((resolve) => again.close(resolve));
  });

  it('stops an engine an earlier Encore left in its directory before starting its own', async () => {
    const dir = await workDir();
    const port = await freePort();
    const opts = { port, callbackBase: 'http://127.0.0.1:9/x', dir, log };
    await mkdir(path.join(dir, 'logs'), { recursive: true });
    const conf = path.join(dir, 'nginx.conf');
    await writeFile(conf, nginxConfig(opts));
    // An engine without a parent-death signal, as an older Encore started it.
    const orphan = spawn('nginx', ['-p', dir, '-c', conf, '-e', 'stderr'], { stdio: 'ignore' });
    children.push(orphan);
    await until('the orphan', async () => (await pidIn(dir)) === orphan.pid);
    await until('its worker', () => childrenOf(orphan.pid ?? 0).length > 0);
    const workers = childrenOf(orphan.pid ?? 0);

    const engine = await startRtmpEngine(opts);
    try {
      await until('the orphan to stop', () => !alive(orphan.pid ?? 0) || orphan.exitCode !== null);
      await until('its workers to stop', () => workers.every((w) => !alive(w)));
      await until('the new engine', async () => {
        const pid = await pidIn(dir);
        return pid > 0 && pid !== orphan.pid && alive(pid);
      });
    } finally {
      await engine.stop();
    }
  });
});
