import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { auth, createUser, login } from './factories.ts';
import { createTestContext, type TestContext } from './harness.ts';

/** The real app with live ingest on its own ports and live folder, a host's auth, and the test's encoders. */
export type IngestApp = {
  t: TestContext;
  liveDir: string;
  host: Record<string, string>;
  /** Encoder processes the test starts: killed when the app closes. */
  pushes: ChildProcess[];
  close(): Promise<void>;
};

/**
 * The ingest tests' app: the nginx-rtmp engine the app supervises listens on `rtmpPort`, its
 * callbacks reach the app on `httpPort` (fixed per test file, so that files running side by side
 * never share one), packaged media under a fresh folder named from `prefix`.
 */
export async function startIngestApp(opts: {
  prefix: string;
  httpPort: number;
  rtmpPort: number;
}): Promise<IngestApp> {
  const liveDir = await mkdtemp(path.join(tmpdir(), opts.prefix));
  const t = await createTestContext({
    INGEST_ENABLED: 'true',
    RTMP_PORT: String(opts.rtmpPort),
    PORT: String(opts.httpPort),
    LIVE_DIR: liveDir,
    SHOWS_CACHE_MS: '0',
  });
  await t.app.listen({ port: opts.httpPort, host: '127.0.0.1' });
  const host = auth(await login(t.app, (await createUser(t.db, { role: 'host' })).email));
  const pushes: ChildProcess[] = [];
  return {
    t,
    liveDir,
    host,
    pushes,
    async close() {
      for (const p of pushes) p.kill('SIGKILL');
      await t.close();
      // A packager may still close its last segment while the app stops: retry the removal.
      await rm(liveDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    },
  };
}
