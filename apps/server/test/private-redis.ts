import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { Redis } from 'ioredis';

/**
 * A Redis of the test's own on a port of its own, to stop and start again (the shared one is never
 * touched). Empty on every start: no snapshot, no append-only file.
 */
export function privateRedis(port: number) {
  let proc: ChildProcess | null = null;
  const url = `redis://127.0.0.1:${port}`;

  async function start(): Promise<void> {
    proc = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    // Refused connections are expected until the server listens.
    probe.on('error', () => undefined);
    try {
      for (let i = 0; i < 200; i++) {
        try {
          await probe.connect();
          await probe.ping();
          return;
        } catch {
          probe.disconnect();
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
      throw new Error(`redis-server on ${port} did not start`);
    } finally {
      probe.disconnect();
    }
  }

  /** SIGKILL: gone at once with everything it held, as a crashed Redis. */
  async function kill(): Promise<void> {
    const p = proc;
    proc = null;
    if (!p || p.exitCode !== null || p.signalCode !== null) return;
    p.kill('SIGKILL');
    await once(p, 'exit');
  }

  return { url, start, kill };
}
