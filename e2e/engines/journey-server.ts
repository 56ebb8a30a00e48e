import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

/**
 * The e2e server (support/server.mjs: the built app on a fresh data directory) for the journeys in
 * other engines, which run outside Playwright and so without its webServer. E2E_PORT as for Playwright.
 */
export interface JourneyServer {
  baseUrl: string;
  stop(): Promise<void>;
}

const ROOT = path.resolve(import.meta.dirname, '../..');

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

export async function startJourneyServer(): Promise<JourneyServer> {
  const port = Number(process.env.E2E_PORT ?? 8182);
  const baseUrl = `http://127.0.0.1:${port}`;
  if (await answers(`${baseUrl}/healthz`)) throw new Error(`something already answers at ${baseUrl}`);
  const child: ChildProcess = spawn(process.execPath, [path.join(ROOT, 'e2e/support/server.mjs')], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, PORT: String(port), PUBLIC_URL: baseUrl },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 120_000;
  while (!(await answers(`${baseUrl}/healthz`))) {
    if (child.exitCode !== null) throw new Error(`the e2e server exited (${child.exitCode})`);
    if (Date.now() > deadline) throw new Error('the e2e server did not answer /healthz within 120 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
