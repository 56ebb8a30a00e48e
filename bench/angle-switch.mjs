/**
 * Angle-switch benchmark (issue 4): how long a fan waits for the new camera after choosing it.
 *
 *   node bench/angle-switch.mjs [switches]     (or: npm run bench:angle-switch -- [switches])
 *
 * Starts the real server (apps/server/src/main.ts) on a fresh data directory with the demo media,
 * opens the demo show as fan@encore.test (a 6-angle ticket) in headless Chromium, and measures:
 * - angle -> angle through the top navigation's pip selector (N times, default 20, each to another
 *   angle);
 * - angle -> mosaic (the multiview button) and mosaic -> angle (a box of the overlay), N/2 times;
 * - baseline: a seek 2 s back within the buffered part of the angle playing (same player, no
 *   network, no new stream), so the switch figures can be read against the decode-and-present cost.
 *
 * The clock starts at the click, in the page (a capture-phase listener), and stops at the first
 * frame of the new stream handed to the compositor: requestVideoFrameCallback's presentationTime,
 * counted only for frames presented after the <video> carries the new stream (data-stream, set by
 * the player when it opens the new hls.js session; the old session's detach empties the element, so
 * no old frame can follow). The 'playing' event is reported next to it: it comes when the element has
 * data to play, not when a frame is on screen. The player waits 200 ms before play() (PLY-02): that
 * delay is part of every switch figure.
 *
 * Where the time goes, per switch (medians): the new stream's first playlist and first media segment
 * as fetched (resource timing, responseEnd), the moment its first media is in the <video>'s buffer,
 * the 'play' event, and the main thread's long tasks (over 50 ms) between click and frame.
 *
 * Knobs: BENCH_PORT (8484), WEB_DIST (the build to serve; apps/web/dist), MEDIA_DIR (media-cache),
 * BENCH_SETTLE_MS (2000: time on an angle before the next switch).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launch, login, openAs, waitPlaying } from './viewer-helpers.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const NODE = existsSync(path.join(ROOT, 'node_modules/.bin/node'))
  ? path.join(ROOT, 'node_modules/.bin/node')
  : process.execPath;
const PORT = Number(process.env.BENCH_PORT ?? 8484);
const BASE = `http://127.0.0.1:${PORT}`;
const SWITCHES = Math.min(Math.max(Number(process.argv[2] ?? 20), 2), 200);
const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? 2000);
const WEB_DIST = path.resolve(process.env.WEB_DIST ?? path.join(ROOT, 'apps/web/dist'));
const SLUG = 'encore-live';
const ANGLES = 6;

if (!existsSync(path.join(WEB_DIST, 'index.html'))) {
  console.error(`angle-switch: no web build in ${WEB_DIST} (npm run build, or set WEB_DIST)`);
  process.exit(1);
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'encore-bench-angle-'));
const server = spawn(NODE, [path.join(ROOT, 'apps/server/src/main.ts')], {
  cwd: ROOT,
  stdio: ['ignore', 'ignore', 'pipe'],
  env: {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    PUBLIC_URL: BASE,
    DATA_DIR: dataDir,
    WEB_DIST,
    MEDIA_DIR: process.env.MEDIA_DIR ?? path.join(ROOT, 'media-cache'),
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_SCALE: '20',
  },
});
// The server's warnings are shown only if it fails; its shutdown noise is not.
let serverLog = '';
server.stderr.on('data', (d) => {
  serverLog = (serverLog + d).slice(-4000);
});
let browser = null;
async function cleanup() {
  await browser?.close().catch(() => {});
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
// The whole run is bounded: a stuck stream must not hold the shared machine.
const watchdog = setTimeout(() => {
  console.error('angle-switch: watchdog fired');
  void cleanup().then(() => process.exit(1));
}, 15 * 60_000);

async function waitHealthy() {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (server.exitCode !== null)
      throw new Error(`server exited (${server.exitCode}); is port ${PORT} free?`);
    try {
      if ((await fetch(`${BASE}/healthz`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not answer /healthz in 60 s');
}

/**
 * Arms the page for one measurement: the click on `clickSelector` (or, for a seek, now) starts the
 * clock; the first frame presented once data-stream includes `stream` (for a seek: once 'seeked'
 * fired) stops it. Resolves in the page with the timings in ms.
 */
function arm({ clickSelector, stream, seekBy }) {
  const v = document.querySelector('[data-testid="player-video"]');
  const r = { start: null, committed: null, playing: null, frame: null };
  let target = null;
  const onClick = (e) => {
    if (r.start === null && e.target instanceof Element && e.target.closest(clickSelector))
      r.start = performance.now();
  };
  const matches = () => (v.dataset.stream ?? '').includes(stream);
  if (seekBy === undefined) document.addEventListener('click', onClick, true);
  const observer = new MutationObserver(() => {
    if (r.committed === null && matches()) r.committed = performance.now();
  });
  observer.observe(v, { attributes: true, attributeFilter: ['data-stream'] });
  const onPlaying = () => {
    if (r.playing === null && r.start !== null && matches()) r.playing = performance.now();
  };
  v.addEventListener('playing', onPlaying);
  const onPlay = () => {
    if (r.play === undefined && r.committed !== null) r.play = performance.now();
  };
  v.addEventListener('play', onPlay);
  // When the new stream's first media is in the buffer (demuxed and appended), polled per frame.
  const pollBuffer = () => {
    if (r.committed !== null && v.buffered.length > 0) r.buffered = performance.now();
    else if (r.frame === null) requestAnimationFrame(pollBuffer);
  };
  if (seekBy === undefined) requestAnimationFrame(pollBuffer);
  // Main-thread tasks over 50 ms during the switch: time in which no timer, event or frame ran.
  r.longTasks = [];
  const longTasks = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) r.longTasks.push(e);
  });
  longTasks.observe({ type: 'longtask' });
  performance.clearResourceTimings();
  window.__benchResult = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no frame of ${stream} in 30 s`)), 30_000);
    const onFrame = (_now, meta) => {
      const fresh = r.start !== null && meta.presentationTime > (r.committed ?? r.start);
      // A seek counts once the element says it has finished seeking ('seeked').
      const landed = target === null || r.seeked !== undefined;
      if (fresh && matches() && landed) {
        r.frame = meta.presentationTime;
        clearTimeout(timer);
        observer.disconnect();
        document.removeEventListener('click', onClick, true);
        const since = (t) => (t === null || t === undefined ? null : t - r.start);
        // Where the time went: the new stream's first playlist and first segment, as fetched.
        const loads = performance.getEntriesByType('resource').filter((e) => e.startTime >= r.start);
        const first = (re) => loads.find((e) => re.test(e.name))?.responseEnd ?? null;
        const finish = () => {
          v.removeEventListener('playing', onPlaying);
          v.removeEventListener('play', onPlay);
          longTasks.disconnect();
          const blocking = r.longTasks.filter((e) => e.startTime >= r.start && e.startTime < r.frame);
          resolve({
            play: since(r.play),
            buffered: since(r.buffered),
            longTasks: blocking.reduce((a, e) => a + e.duration, 0),
            longest: blocking.reduce((a, e) => Math.max(a, e.duration), 0),
            frame: since(r.frame),
            playing: since(r.playing),
            committed: since(r.committed),
            playlist: since(first(/\.m3u8/)),
            segment: since(first(/\.(ts|m4s|mp4)(\?|$)/)),
          });
        };
        // 'playing' may come just after the first frame: give it a moment.
        if (r.playing !== null || seekBy !== undefined) finish();
        else {
          v.addEventListener('playing', () => setTimeout(finish), { once: true });
          setTimeout(finish, 3000);
        }
        return;
      }
      v.requestVideoFrameCallback(onFrame);
    };
    v.requestVideoFrameCallback(onFrame);
  });
  if (seekBy !== undefined) {
    // The baseline: the same stream, already buffered; only the seek, decode and present.
    // Within the buffered range being played, so that no fragment has to be fetched.
    const b = v.buffered;
    let from = 0;
    for (let i = 0; i < b.length; i++) if (b.start(i) <= v.currentTime) from = b.start(i);
    target = Math.max(from + 0.2, v.currentTime - seekBy);
    r.start = performance.now();
    r.committed = r.start;
    v.addEventListener('seeked', () => (r.seeked = performance.now()), { once: true });
    v.currentTime = target;
  }
}

const results = { selector: [], toMosaic: [], fromOverlay: [], seek: [] };

/** One measurement; a switch with no frame in 30 s is counted as failed, and the run goes on. */
async function measure(page, opts, click) {
  await page.evaluate(arm, opts);
  await click();
  const res = await page.evaluate(() => window.__benchResult).catch((e) => ({ failed: String(e) }));
  if (res.failed) process.stderr.write(`\nangle-switch: ${res.failed.split('\n')[0]}\n`);
  await waitPlaying(page, 60_000);
  await page.waitForTimeout(SETTLE_MS);
  return res;
}

const pipOf = async (page) => Number(await page.getByTestId('viewer').getAttribute('data-pip'));
const nextPip = (pip) => (pip % ANGLES) + 1;

async function viaSelector(page) {
  const to = nextPip(await pipOf(page));
  await page.getByTestId('pip-selector-button').click();
  const item = page.getByTestId('pip-selector-menu').locator(`[data-pip="${to}"]`);
  await item.waitFor();
  return measure(page, { clickSelector: '[data-pip]', stream: `mix-stream${to}/` }, () => item.click());
}

async function viaOverlay(page) {
  const to = nextPip(await pipOf(page));
  const toMosaic = await measure(
    page,
    { clickSelector: '[data-testid="multiview-button"]', stream: `streampips${ANGLES}/` },
    () => page.getByTestId('multiview-button').click(),
  );
  const box = page.getByTestId('multiview-overlay').locator(`[data-pip="${to}"]`);
  await box.waitFor();
  const fromOverlay = await measure(page, { clickSelector: '[data-pip]', stream: `mix-stream${to}/` }, () =>
    box.click(),
  );
  return { toMosaic, fromOverlay };
}

async function seekBack(page) {
  const stream = await page.getByTestId('player-video').getAttribute('data-stream');
  return measure(page, { stream, seekBy: 2 }, async () => {});
}

function stats(list, key) {
  const xs = list
    .map((x) => x[key])
    .filter((x) => typeof x === 'number')
    .sort((a, b) => a - b);
  if (xs.length === 0) return null;
  const q = (p) => xs[Math.min(xs.length - 1, Math.ceil(p * xs.length) - 1)];
  return { n: xs.length, median: q(0.5), p95: q(0.95), min: xs[0], max: xs[xs.length - 1] };
}

try {
  await waitHealthy();
  browser = await launch();
  const fan = await login(BASE, 'fan@encore.test');
  const { page } = await openAs(browser, BASE, fan, `/event/${SLUG}`);
  await waitPlaying(page, 60_000);
  const hasRvfc = await page.evaluate(() => 'requestVideoFrameCallback' in HTMLVideoElement.prototype);
  if (!hasRvfc) throw new Error('this Chromium has no requestVideoFrameCallback');
  await page.waitForTimeout(SETTLE_MS);

  for (let i = 0; i < SWITCHES; i++) {
    results.seek.push(await seekBack(page));
    results.selector.push(await viaSelector(page));
    if (i % 2 === 1) {
      const { toMosaic, fromOverlay } = await viaOverlay(page);
      results.toMosaic.push(toMosaic);
      results.fromOverlay.push(fromOverlay);
    }
    process.stderr.write(`\rangle-switch: ${i + 1}/${SWITCHES}`);
  }
  process.stderr.write('\n');

  const ms = (x) => (x === null || x === undefined ? '-' : x.toFixed(0));
  const rows = [
    ['baseline: seek 2 s back in the buffered angle', results.seek],
    ['angle -> angle (pip selector)', results.selector],
    ['angle -> mosaic (multiview button)', results.toMosaic],
    ['mosaic -> angle (overlay box)', results.fromOverlay],
  ];
  console.log(
    `\nangle switch on ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(2)} at the end; ` +
      `${WEB_DIST}; settle ${SETTLE_MS} ms\n`,
  );
  console.log(
    '| what | n | failed | first frame median ms | p95 ms | min-max ms | playing median ms | ' +
      'first playlist | first segment | in buffer | play() | long tasks (longest) |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const [name, list] of rows) {
    const f = stats(list, 'frame');
    if (!f) continue;
    const median = (key) => ms(stats(list, key)?.median);
    console.log(
      `| ${name} | ${f.n} | ${list.filter((x) => x.failed).length} | ${ms(f.median)} | ${ms(f.p95)} | ${ms(f.min)}-${ms(f.max)} | ` +
        `${median('playing')} | ${median('playlist')} | ${median('segment')} | ${median('buffered')} | ${median('play')} | ${median('longTasks')} (${median('longest')}) |`,
    );
  }
} catch (e) {
  console.error(e, `\nserver log (last lines):\n${serverLog}`);
  process.exitCode = 1;
} finally {
  clearTimeout(watchdog);
  await cleanup();
}
