/**
 * Glass-to-glass benchmark (issues 11 and 24): how far behind the encoder's clock a fan sees the
 * picture, whether the fan stays there through network stalls, and what one ingested angle costs.
 *
 *   npm run bench:glass-to-glass -- [--seconds 30] [--size 1280x720 --fps 30 --kbps 2500
 *     --gop-seconds 2 --preset veryfast] [--hls ll,standard] [--previous ae46568 | --no-previous]
 *     [--net-latency-ms 0 --net-down-kbps 0 --net-up-kbps 0] [--drift [--stalls 10,20]
 *     [--drift-hls ll] [--session-minutes 10]]
 *
 * Each run starts a real server with live ingest (its nginx-rtmp engine) on a fresh data directory,
 * makes the demo show (encore-live) an ingest show and pushes one angle with the demo encoder
 * (scripts/demo-encoder.mjs: by default 1280x720 30 fps, x264 veryfast, a keyframe every 2 s as OBS,
 * Twitch and YouTube recommend; the wall clock's milliseconds burned in as a 24-bit barcode). A fan
 * (fan@encore.test) watches in headless Chromium on the network given (DevTools throttling); for every
 * frame presented (requestVideoFrameCallback) the page reads the barcode and subtracts it from the
 * frame's presentation on the wall clock. Figures: median and p95 over --seconds, per HLS flavour of
 * this build (LL-HLS, standard HLS) and of the previous release (--previous, a git ref: its source
 * unpacked and its web client built in the temp directory), all in the same run; and the CPU of the
 * angle (its packager, the engine, Encore; the mosaic's compositor apart, one per show).
 *
 * --drift: after the figures of this build's --drift-hls flavour, the fan's network goes offline for
 * each of --stalls seconds in turn: how long until the fan is back within 0.5 s of where they were
 * before (their glass-to-glass, read off the frames), 30 s allowed. --session-minutes keeps the fan
 * watching, a stall every two minutes, and compares the last 20 s with the first.
 *
 * Knobs: BENCH_PORT (9270; the previous release on +1), BENCH_RTMP_PORT (19380, +1), MEDIA_DIR.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { openFan, pct, playerReading, recoveredAfter, samplesSince, startSampling } from './g2g-fan.mjs';
import {
  api,
  cpuShare,
  previousRelease,
  ROOT,
  sleep,
  startEncoder,
  startServer,
  until,
} from './g2g-stack.mjs';
import { launch, login } from './viewer-helpers.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    seconds: { type: 'string' },
    size: { type: 'string', default: '1280x720' },
    fps: { type: 'string', default: '30' },
    kbps: { type: 'string', default: '2500' },
    'gop-seconds': { type: 'string', default: '2' },
    preset: { type: 'string', default: 'veryfast' },
    hls: { type: 'string', default: 'll,standard' },
    previous: { type: 'string', default: 'ae46568' },
    'no-previous': { type: 'boolean', default: false },
    'net-latency-ms': { type: 'string', default: '0' },
    'net-down-kbps': { type: 'string', default: '0' },
    'net-up-kbps': { type: 'string', default: '0' },
    drift: { type: 'boolean', default: false },
    stalls: { type: 'string', default: '10,20' },
    'drift-hls': { type: 'string', default: 'll' },
    'session-minutes': { type: 'string', default: '0' },
  },
});
const SECONDS = Math.min(Math.max(Number(values.seconds ?? positionals[0] ?? 30), 10), 300);
const SLUG = 'encore-live';
const PORT = Number(process.env.BENCH_PORT ?? 9270);
const RTMP_PORT = Number(process.env.BENCH_RTMP_PORT ?? 19380);
const feed = {
  size: values.size,
  fps: Number(values.fps),
  kbps: Number(values.kbps),
  gopSeconds: Number(values['gop-seconds']),
  preset: values.preset,
};
const network = {
  latencyMs: Number(values['net-latency-ms']),
  downKbps: Number(values['net-down-kbps']),
  upKbps: Number(values['net-up-kbps']),
};
const stalls = values.stalls
  .split(',')
  .map(Number)
  .filter((s) => s > 0);
const sessionMinutes = Number(values['session-minutes']);

let browser = null;
const running = [];
const watchdogMs = (12 + (values.drift ? 3 + sessionMinutes : 0)) * 60_000;
const watchdog = setTimeout(() => {
  console.error('glass-to-glass: watchdog fired');
  void cleanup().then(() => process.exit(1));
}, watchdogMs);
async function cleanup() {
  for (const stop of running.splice(0).reverse()) await stop().catch(() => {});
  await browser?.close().catch(() => {});
}

/** Whether the build serves `hls` (a release before LL-HLS has no ll.m3u8). */
async function serves(base, token, hls) {
  if (hls !== 'll') return true;
  const res = await fetch(`${base}/media/live/${SLUG}/mix-stream1/ll.m3u8`, {
    headers: { authorization: `Token ${token}` },
  });
  return res.ok;
}

/** One build and flavour: the pushed angle, the fan's figures, and (--drift) the stalls after. */
async function run({ label, root, port, rtmpPort, hls, drift }) {
  const server = await startServer({ root, port, rtmpPort });
  running.push(() => server.stop());
  let encoder = null;
  try {
    const host = await login(server.base, 'host@encore.test');
    const fan = await login(server.base, 'fan@encore.test');
    await api(server.base, 'PUT', `/thor/host/shows/${SLUG}/ingest/`, host.key, { ladder: [] });
    encoder = startEncoder(server, SLUG, feed);
    running.push(() => encoder.stop());
    const status = async () =>
      (await api(server.base, 'GET', `/thor/host/shows/${SLUG}/ingest/`, host.key)).angles;
    await until('a healthy angle', async () => (await status())[0]?.healthy);
    await api(server.base, 'POST', `/thor/host/shows/${SLUG}/ingest/go-live/`, host.key);
    await sleep(4000);
    if (!(await serves(server.base, fan.key, hls))) return { label, missing: true };
    const { context, page, link } = await openFan(browser, server.base, fan, SLUG, hls, network);
    // The player settles at its distance (the latency controller of this build closes the start's gap).
    await sleep(8000);
    await startSampling(page);
    const { share } = await cpuShare(server, () => sleep(SECONDS * 1000));
    const lags = (await samplesSince(page)).map(([, lag]) => lag);
    const figures = {
      label,
      frames: lags.length,
      median: pct(lags, 50),
      p95: pct(lags, 95),
      cpu: share,
      reading: await playerReading(page),
    };
    if (drift) figures.drift = await driftTest(page, link);
    await context.close();
    return figures;
  } catch (err) {
    console.error(server.log().slice(-1500));
    throw err;
  } finally {
    await encoder?.stop();
    await server.stop();
    running.length = 0;
  }
}

/** The stalls, then (--session-minutes) the long session; latency read off the frames throughout. */
async function driftTest(page, link) {
  const baseline = pct(
    (await samplesSince(page)).filter(([t]) => t > Date.now() - 10_000).map(([, lag]) => lag),
    50,
  );
  const sessionStart = Date.now() - 10_000;
  const stallAt = [];
  // The player's own reading every second (behind live, its target), for the report's timeline.
  const readings = [];
  const poll = setInterval(() => {
    playerReading(page).then(
      (r) => readings.push({ at: Date.now(), ...r }),
      () => {},
    );
  }, 1000);
  const stall = async (seconds) => {
    await link.offline(true);
    await sleep(seconds * 1000);
    await link.offline(false);
    stallAt.push({ seconds, endMs: Date.now() });
    await sleep(35_000);
  };
  for (const s of stalls) await stall(s);
  const samples = await samplesSince(page);
  // Two readings of "back": the glass-to-glass off the frames against what it was before the stalls,
  // and the player's own distance against its target (the terms; the two differ when the fan
  // was off its target before the stall).
  const pastTarget = readings
    .filter((r) => Number.isFinite(r.behind) && Number.isFinite(r.target))
    .map((r) => [r.at, r.behind - r.target]);
  const recoveries = stallAt.map((s) => ({
    ...s,
    after: recoveredAfter(samples, s.endMs, baseline),
    // The player's readings come once a second: held for 5 s (4 readings or more), not 3.
    toTarget: recoveredAfter(pastTarget, s.endMs, 0, 0.5, 5000),
  }));
  if (process.env.G2G_TIMELINE) {
    for (const s of stallAt) {
      const line = [];
      for (let t = s.endMs - (s.seconds + 2) * 1000; t < s.endMs + 35_000; t += 2000) {
        const lags = samples.filter(([x]) => x >= t && x < t + 2000).map(([, l]) => l);
        const lag = pct(lags, 50);
        const [lo, hi] = [Math.min(...lags), Math.max(...lags)];
        const r = readings.find((x) => x.at >= t);
        line.push(
          `${((t - s.endMs) / 1000).toFixed(0)}s: ${lag?.toFixed(2)} [${lo.toFixed(2)}..${hi.toFixed(2)}] (${r?.behind}/${r?.target} x${r?.rate} +${r?.ahead} r${r?.ready})`,
        );
      }
      console.error(`stall ${s.seconds} s: ${line.join(', ')}`);
    }
  }
  if (sessionMinutes <= 0) {
    clearInterval(poll);
    return { baseline, recoveries };
  }
  let next = 0;
  while (Date.now() - sessionStart < sessionMinutes * 60_000 - 60_000) {
    await sleep(Math.min(85_000, sessionStart + sessionMinutes * 60_000 - 60_000 - Date.now()));
    if (Date.now() - sessionStart < sessionMinutes * 60_000 - 60_000)
      await stall(stalls[next++ % stalls.length]);
  }
  await sleep(Math.max(0, sessionStart + sessionMinutes * 60_000 - Date.now()));
  clearInterval(poll);
  const all = await samplesSince(page);
  const end = pct(
    all.filter(([t]) => t > Date.now() - 20_000).map(([, lag]) => lag),
    50,
  );
  const start = pct(
    all.filter(([t]) => t <= sessionStart + 20_000 && t >= sessionStart).map(([, lag]) => lag),
    50,
  );
  return {
    baseline,
    recoveries,
    session: { minutes: (Date.now() - sessionStart) / 60_000, start, end, stalls: stallAt.length },
  };
}

const fmt = (x) => (Number.isFinite(x) ? `${x.toFixed(2)} s` : 'n/a');
const core = (x) => `${(x * 100).toFixed(1)}%`;

try {
  browser = await launch();
  const plan = [];
  if (!values['no-previous'])
    plan.push({
      label: `previous release (${values.previous}), its HLS`,
      root: previousRelease(values.previous),
      port: PORT + 1,
      rtmpPort: RTMP_PORT + 1,
      hls: 'as-is',
    });
  for (const hls of values.hls.split(',').filter(Boolean))
    plan.push({
      label: `this build, ${hls === 'll' ? 'LL-HLS' : 'standard HLS'}`,
      root: ROOT,
      port: PORT,
      rtmpPort: RTMP_PORT,
      hls,
      drift: values.drift && hls === values['drift-hls'],
    });
  if (values.drift && !plan.some((p) => p.drift))
    plan.push({
      label: `this build, ${values['drift-hls']} (drift)`,
      root: ROOT,
      port: PORT,
      rtmpPort: RTMP_PORT,
      hls: values['drift-hls'],
      drift: true,
    });
  const results = [];
  for (const p of plan) {
    console.error(`glass-to-glass: ${p.label} ...`);
    results.push(await run(p));
  }
  // A build without the flavour asked for (LL-HLS) runs the drift test on standard HLS.
  if (values.drift && !results.some((r) => r.drift))
    results.push(
      await run({
        label: 'this build, standard HLS (drift)',
        root: ROOT,
        port: PORT,
        rtmpPort: RTMP_PORT,
        hls: 'standard',
        drift: true,
      }),
    );

  const net =
    network.latencyMs || network.downKbps
      ? `${network.latencyMs} ms, ${network.downKbps || 'unlimited'} kbit/s down`
      : 'unthrottled';
  console.log(
    `\nglass-to-glass: ${feed.size} ${feed.fps} fps x264 ${feed.preset}, a keyframe every ${feed.gopSeconds} s; ${SECONDS} s per run; fan's network ${net}; load ${os.loadavg()[0].toFixed(1)}`,
  );
  console.log(
    '| build, HLS | median | p95 | frames | player: behind / target | CPU of the angle: packager + engine + Encore (mosaic apart) |',
  );
  console.log('|---|---|---|---|---|---|');
  for (const r of results) {
    if (r.missing) {
      console.log(`| ${r.label} | not served by this build | | | | |`);
      continue;
    }
    const cpu = `${core(r.cpu.packager)} + ${core(r.cpu.engine)} + ${core(r.cpu.server)} (mosaic ${core(r.cpu.mosaic)})`;
    console.log(
      `| ${r.label} | ${fmt(r.median)} | ${fmt(r.p95)} | ${r.frames} | ${fmt(r.reading.behind)} / ${fmt(r.reading.target)} | ${cpu} |`,
    );
  }
  for (const r of results.filter((x) => x.drift)) {
    const d = r.drift;
    console.log(`\ndrift (${r.label}): glass-to-glass before the stalls ${fmt(d.baseline)}`);
    console.log(
      "| stall | back within 0.5 s of the glass-to-glass before (30 s allowed) | back within 0.5 s of the player's target |",
    );
    console.log('|---|---|---|');
    const back = (x) => (x === null ? 'not within the 35 s watched' : `${x.toFixed(1)} s`);
    for (const s of d.recoveries)
      console.log(`| ${s.seconds} s offline | ${back(s.after)} | ${back(s.toTarget)} |`);
    if (d.session)
      console.log(
        `\nsession of ${d.session.minutes.toFixed(1)} min with ${d.session.stalls} stalls: started ${fmt(d.session.start)}, ended ${fmt(d.session.end)} (${(d.session.end - d.session.start).toFixed(2)} s apart)`,
      );
  }
} catch (err) {
  console.error('glass-to-glass failed:', err.message);
  process.exitCode = 1;
} finally {
  clearTimeout(watchdog);
  await cleanup();
}
