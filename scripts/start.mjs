// `npm start`: builds what is missing, then runs the one Encore process (API, web, docs) on PORT.
import path from 'node:path';
import { buildWebIfStale, root, run } from './lib.mjs';
import { onParentGone, serve } from './serve.mjs';

// Until the server runs, a stop request ends the step under way (a build, ffmpeg) and this process.
let step = null;
const stopEarly = (signal) => {
  step?.kill(signal);
  process.exit(1);
};
process.on('SIGINT', stopEarly);
process.on('SIGTERM', stopEarly);
const unwatch = onParentGone(() => stopEarly('SIGTERM'));
const track = { onChild: (child) => (step = child) };

const code = await buildWebIfStale(track);
if (code !== 0) process.exit(code);

// The demo media (docs/media.md): a few minutes the first time, a fingerprint check afterwards. Without
// it the server still runs and /media answers 503 MEDIA_NOT_READY.
if (process.env.NODE_ENV !== 'production') {
  const media = await run(process.execPath, [path.join(root, 'scripts/generate-media.mjs')], track);
  if (media !== 0) console.warn('Demo media generation failed: /media answers 503 until it succeeds.');
}

// Live ingest (INGEST_ENABLED): the RTMP engine and ffmpeg, installed with apt when missing.
if (/^(true|1)$/.test(process.env.INGEST_ENABLED ?? '')) {
  const ingest = await run(
    'bash',
    [
      path.join(root, 'scripts/ensure-system-packages.sh'),
      'nginx:nginx',
      '/usr/lib/nginx/modules/ngx_rtmp_module.so:libnginx-mod-rtmp',
      'ffmpeg:ffmpeg',
    ],
    track,
  );
  if (ingest !== 0)
    console.warn('Installing nginx, libnginx-mod-rtmp or ffmpeg failed: live ingest will not start.');
}

process.off('SIGINT', stopEarly);
process.off('SIGTERM', stopEarly);
unwatch();
serve();
