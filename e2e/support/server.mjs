// The e2e server: the real built app on a fresh data directory, removed when Playwright stops it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'encore-e2e-'));
const server = spawn(process.execPath, [path.join(root, 'apps/server/src/main.ts')], {
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    // The demo media made by scripts/generate-media.mjs (scripts/test.mjs runs it before the e2e run).
    MEDIA_DIR: process.env.MEDIA_DIR ?? path.join(root, 'media-cache'),
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_SCALE: '20',
    // The journeys share a loaded machine: the waiting room's saturation factor would slow their
    // entries by the machine's load, not the app's (its own test drives it: saturation.test.ts).
    WAITING_ROOM_AUTO: 'false',
    // A crashed tab frees its ticket's slot after the heartbeat window (tickets.spec waits for it):
    // 15 s here instead of a minute, the sockets pinged (and their sessions marked seen) every 5 s.
    DEVICE_LIVE_MS: '15000',
    REALTIME_SWEEP_MS: '5000',
    // Live ingest (issue 11): the RTMP engine for e2e/tests/ingest.watching.spec.ts.
    INGEST_ENABLED: 'true',
    RTMP_PORT: process.env.E2E_RTMP_PORT ?? '19350',
  },
});
const stop = (signal) => server.kill(signal);
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
