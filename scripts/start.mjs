// `npm start`: builds what is missing, then runs the one Encore process (API, web, docs) on PORT.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildWebIfStale, root, run } from './lib.mjs';

const code = await buildWebIfStale();
if (code !== 0) process.exit(code);

// The demo media (docs/media.md): a few minutes the first time, a fingerprint check afterwards. Without
// it the server still runs and /media answers 503 MEDIA_NOT_READY.
if (process.env.NODE_ENV !== 'production') {
  const media = await run(process.execPath, [path.join(root, 'scripts/generate-media.mjs')]);
  if (media !== 0) console.warn('Demo media generation failed: /media answers 503 until it succeeds.');
}

// Live ingest (INGEST_ENABLED): the RTMP engine and ffmpeg, installed with apt when missing.
if (/^(true|1)$/.test(process.env.INGEST_ENABLED ?? '')) {
  const code = await run('bash', [
    path.join(root, 'scripts/ensure-system-packages.sh'),
    'nginx:nginx',
    '/usr/lib/nginx/modules/ngx_rtmp_module.so:libnginx-mod-rtmp',
    'ffmpeg:ffmpeg',
  ]);
  if (code !== 0)
    console.warn('Installing nginx, libnginx-mod-rtmp or ffmpeg failed: live ingest will not start.');
}

const server = spawn(process.execPath, [path.join(root, 'apps/server/src/main.ts')], {
  stdio: 'inherit',
  cwd: root,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (exitCode, signal) => process.exit(exitCode ?? (signal ? 1 : 0)));
