// Generates Encore's demo media: six camera angles with an ABR ladder, two multiview mosaics with their
// box layouts, a fan wall, a short 4K rendition and captions in en/ko/ja/zh-cn, all HLS with AES-128
// encrypted MPEG-TS segments, and the same streams as CENC-encrypted fragmented-MP4 DASH (copied, not
// re-encoded; scripts/media/dash-package.mjs). The origin (apps/server/src/media) serves it live.
//
//   node scripts/generate-media.mjs [--out DIR] [--force] [--jobs N]
//
// A run whose cache already has the same fingerprint (generator sources + ffmpeg version) does nothing,
// so `npm start` can call it every time. The cache is built in a sibling temp dir and renamed into
// place, so an interrupted run never leaves a half cache behind.
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CAPTION_LANGUAGES, cueCount, fullVtt, segmentVtt } from './media/captions.mjs';
import { packageDash } from './media/dash-package.mjs';
import { encodeStream, ffmpegVersion, killRunning } from './media/hls-encode.mjs';
import { LOOP_SECONDS, REFERENCE, SEGMENT_SECONDS, streamPlan } from './media/plan.mjs';
import { makeTeaser } from './media/teaser.mjs';

/** Bump when the cache layout or manifest.json changes shape; the origin checks it. */
const FORMAT = 2;
const root = path.resolve(import.meta.dirname, '..');
/** The landing page's teaser is cut from this stream (its smallest rung). */
const TEASER_STREAM = 'streampips6';

const { values: args } = parseArgs({
  options: {
    out: { type: 'string', default: path.join(root, 'media-cache') },
    force: { type: 'boolean', default: false },
    jobs: { type: 'string', default: '2' },
  },
});
const out = path.resolve(args.out);
const jobs = Math.max(1, Number(args.jobs) || 1);

function ensureFfmpeg() {
  const script = path.join(root, 'scripts/ensure-system-packages.sh');
  const res = spawnSync('bash', [script, 'ffmpeg:ffmpeg', 'ffprobe:ffmpeg', 'fc-list:fonts-dejavu-core'], {
    stdio: 'inherit',
  });
  if (res.status !== 0) throw new Error('could not install ffmpeg (see above)');
}

async function fingerprintOf(version) {
  const hash = createHash('sha256').update(`format ${FORMAT}\n${version}\n`);
  const mediaDir = path.join(root, 'scripts/media');
  const files = [path.join(root, 'scripts/generate-media.mjs')];
  for (const f of (await readdir(mediaDir)).sort()) files.push(path.join(mediaDir, f));
  for (const f of files) hash.update(await readFile(f));
  return hash.digest('hex');
}

async function upToDate(fingerprint) {
  try {
    const manifest = JSON.parse(await readFile(path.join(out, 'manifest.json'), 'utf8'));
    if (manifest.fingerprint !== fingerprint) return false;
    for (const [name, s] of Object.entries(manifest.streams)) {
      if (!existsSync(path.join(out, s.key.file))) return false;
      for (const v of s.variants) {
        const last = `seg_${String(v.segmentCount - 1).padStart(5, '0')}.ts`;
        if (!existsSync(path.join(out, 'streams', name, v.name, last))) return false;
      }
      if (!s.dash || !existsSync(path.join(out, s.dash.key.file))) return false;
      const lastDash = `seg_${String(s.dash.segmentCount - 1).padStart(5, '0')}.m4s`;
      for (const r of [...s.dash.video, s.dash.audio]) {
        if (!existsSync(path.join(out, 'streams', name, 'dash', r.name, lastDash))) return false;
      }
    }
    return true;
  } catch {
    return false;
  }
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Removes temp and old dirs that an interrupted run (a dead process) left next to the cache. */
async function removeStale() {
  const parent = path.dirname(out);
  if (!existsSync(parent)) return;
  const pattern = new RegExp(
    `^${path.basename(out).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.(tmp|old)-(\\d+)$`,
  );
  for (const entry of await readdir(parent)) {
    const m = pattern.exec(entry);
    if (m && !alive(Number(m[2]))) await rm(path.join(parent, entry), { recursive: true, force: true });
  }
}

/** CPU seconds of finished child processes (Linux /proc; null elsewhere): the cost on a quiet machine. */
async function childCpuSeconds() {
  try {
    const fields = (await readFile('/proc/self/stat', 'utf8')).split(') ')[1].split(' ');
    // Fields 16 and 17 of stat (cutime, cstime) in clock ticks, which are 100 per second on Linux.
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return null;
  }
}

/** Runs `work` over `items` with at most `limit` at a time, keeping the order of the results. */
async function pool(items, limit, work) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

async function writeCaptions(tmp, mpegtsOffset) {
  const segments = LOOP_SECONDS / SEGMENT_SECONDS;
  for (const { lang } of CAPTION_LANGUAGES) {
    await mkdir(path.join(tmp, 'captions', lang), { recursive: true });
    await writeFile(path.join(tmp, 'captions', `${lang}.vtt`), fullVtt(lang));
    for (let i = 0; i < segments; i++) {
      const file = path.join(tmp, 'captions', lang, `seg_${String(i).padStart(5, '0')}.vtt`);
      await writeFile(file, segmentVtt(lang, i, SEGMENT_SECONDS, mpegtsOffset));
    }
  }
  return {
    loopDuration: LOOP_SECONDS,
    segmentCount: segments,
    mpegtsOffset,
    cues: cueCount(),
    languages: CAPTION_LANGUAGES.map(({ lang, name }) => ({ lang, name, file: `captions/${lang}.vtt` })),
  };
}

async function generate(fingerprint, version) {
  const started = Date.now();
  const tmp = `${out}.tmp-${process.pid}`;
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'encore-media-'));
  const cleanup = async () => {
    await rm(tmp, { recursive: true, force: true });
    await rm(scratch, { recursive: true, force: true });
  };
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      killRunning();
      cleanup().finally(() => process.exit(130));
    });
  }
  try {
    await mkdir(path.join(tmp, 'keys'), { recursive: true });
    await mkdir(path.join(tmp, 'layouts'), { recursive: true });
    const plan = streamPlan();
    const keys = new Map();
    const dashKeys = new Map();
    for (const s of plan) {
      const key = randomBytes(16);
      keys.set(s.name, { key, ivHex: randomBytes(16).toString('hex'), id: randomBytes(8).toString('hex') });
      await writeFile(path.join(tmp, 'keys', `${s.name}.key`), key, { mode: 0o600 });
      // DASH has its own key (CENC is AES-CTR, the HLS key AES-CBC: no key serves two ciphers) and a
      // 16-byte key id, which the MPD and the init segments name.
      const dashKey = randomBytes(16);
      dashKeys.set(s.name, { key: dashKey, kid: randomBytes(16).toString('hex') });
      await writeFile(path.join(tmp, 'keys', `${s.name}.cenc.key`), dashKey, { mode: 0o600 });
    }
    const encoded = await pool(plan, jobs, async (s) => {
      const { key, ivHex } = keys.get(s.name);
      const result = await encodeStream(s, { root: tmp, scratch, key, ivHex });
      const dash = await packageDash(s, {
        root: tmp,
        scratch,
        ...dashKeys.get(s.name),
        variants: result.variants,
      });
      console.log(
        `  ${s.name.padEnd(15)} ${result.seconds.toFixed(1).padStart(5)} s, DASH ${dash.seconds.toFixed(1)} s`,
      );
      return { ...result, dash };
    });

    // Captions ride on every stream that loops with the show; one X-TIMESTAMP-MAP must fit them all.
    const captioned = plan.map((s, i) => [s, encoded[i]]).filter(([s]) => s.seconds === LOOP_SECONDS);
    const offsets = new Set(captioned.map(([, e]) => e.mpegtsOffset));
    if (offsets.size !== 1) throw new Error(`streams start at different MPEG-TS times: ${[...offsets]}`);
    const captions = await writeCaptions(tmp, [...offsets][0]);
    const mosaic = plan.find((s) => s.name === TEASER_STREAM);
    const teaser = await makeTeaser({
      root: tmp,
      scratch,
      stream: mosaic.name,
      variant: mosaic.ladder.at(-1).name,
      ...keys.get(mosaic.name),
      seconds: 12,
    });

    const streams = {};
    for (const [i, s] of plan.entries()) {
      const e = encoded[i];
      const k = keys.get(s.name);
      let layout = null;
      if (s.layout) {
        layout = `layouts/${s.name}.json`;
        await writeFile(path.join(tmp, layout), `${JSON.stringify(s.layout, null, 2)}\n`);
      }
      streams[s.name] = {
        kind: s.kind,
        label: s.label,
        loopDuration: s.seconds,
        segmentCount: s.seconds / SEGMENT_SECONDS,
        frameRate: s.fps,
        mpegtsOffset: e.mpegtsOffset,
        captions: s.seconds === LOOP_SECONDS,
        key: { id: k.id, file: `keys/${s.name}.key`, iv: `0x${k.ivHex}` },
        variants: e.variants,
        dash: {
          kid: e.dash.kid,
          key: { file: `keys/${s.name}.cenc.key` },
          segmentCount: e.dash.segmentCount,
          video: e.dash.video,
          audio: e.dash.audio,
        },
        layout: s.layout ? { file: layout, ...s.layout } : null,
        encodeSeconds: e.seconds,
      };
    }
    const seconds = Math.round((Date.now() - started) / 100) / 10;
    const cpu = await childCpuSeconds();
    const manifest = {
      format: FORMAT,
      fingerprint,
      buildId: randomBytes(4).toString('hex'),
      generatedAt: new Date().toISOString(),
      generator: { ffmpeg: version, jobs, cpus: os.availableParallelism(), seconds, cpuSeconds: cpu },
      segmentDuration: SEGMENT_SECONDS,
      reference: REFERENCE,
      captions,
      teaser,
      streams,
    };
    await writeFile(path.join(tmp, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);

    // Swap in: a reader sees the old cache or the new one; for a moment between the renames, none
    // (the origin answers 503 MEDIA_NOT_READY then, and the player retries).
    const old = `${out}.old-${process.pid}`;
    if (existsSync(out)) await rename(out, old);
    await rename(tmp, out);
    await rm(old, { recursive: true, force: true });
    await rm(scratch, { recursive: true, force: true });
    return manifest;
  } catch (err) {
    killRunning();
    await cleanup();
    throw err;
  }
}

ensureFfmpeg();
const version = await ffmpegVersion();
const fingerprint = await fingerprintOf(version);
if (!args.force && (await upToDate(fingerprint))) {
  console.log(`Demo media is up to date in ${path.relative(process.cwd(), out) || '.'}`);
} else {
  await mkdir(path.dirname(out), { recursive: true });
  await removeStale();
  console.log(`Generating demo media into ${out} (${jobs} ffmpeg jobs at a time)...`);
  const manifest = await generate(fingerprint, version);
  const count = Object.keys(manifest.streams).length;
  const { seconds, cpuSeconds } = manifest.generator;
  console.log(
    `Demo media ready: ${count} streams, build ${manifest.buildId}, ${seconds} s (${cpuSeconds} CPU s)`,
  );
}
