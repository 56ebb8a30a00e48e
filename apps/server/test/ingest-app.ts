import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EnableIngestResponse } from '@encore/contract';
import { createShowsRepo } from '../src/modules/shows/shows.repo.ts';
import { auth, createUser, login, showEntity } from './factories.ts';
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

/**
 * A show whose angle 1 has HLS and DASH, its doors open and its clock started, with ingest enabled
 * for the given ladder: its slug and angle 1's stream key.
 */
export async function ingestShow(
  ingest: IngestApp,
  ladder: { name: string; height: number; video_kbps: number }[],
): Promise<{ slug: string; key: string }> {
  const entity = showEntity({ startIn: -5, enterIn: -10 });
  entity.streams = {
    'mix-stream1': {
      hls: { url: '/media/mix-stream1/index.m3u8' },
      dash: { url: '/media/mix-stream1/dash/live.mpd' },
    },
  };
  const { slug } = await createShowsRepo(ingest.t.db).insert(entity);
  const enabled = await ingest.t.app.inject({
    method: 'PUT',
    url: `/thor/host/shows/${slug}/ingest/`,
    headers: ingest.host,
    payload: { ladder },
  });
  const keys = EnableIngestResponse.parse(enabled.json()).new_keys;
  return { slug, key: keys.find((k) => k.stream === 'mix-stream1')?.key ?? '' };
}
