// Encodes one stream of the plan into an encrypted HLS ladder with ffmpeg, then measures what came out
// (segment durations, real bitrates, the MPEG-TS start timestamp) and checks the encryption.
import { execFile } from 'node:child_process';
import { createDecipheriv } from 'node:crypto';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { codecsOf, SEGMENT_SECONDS } from './plan.mjs';

const exec = promisify(execFile);

const running = new Set();

/** Stops every ffmpeg still running: an interrupted generator must not leave encoders writing on. */
export function killRunning() {
  for (const child of running) child.kill('SIGKILL');
}

export async function run(cmd, args) {
  const pending = exec(cmd, args, { maxBuffer: 16 * 1024 * 1024 });
  running.add(pending.child);
  try {
    return await pending;
  } catch (err) {
    const tail = String(err.stderr ?? '')
      .split('\n')
      .slice(-15)
      .join('\n');
    throw new Error(`${cmd} failed (exit ${err.code}):\n${tail}`);
  } finally {
    running.delete(pending.child);
  }
}

function ffmpegArgs(stream, dir, keyInfoFile) {
  const n = stream.ladder.length;
  const outs = stream.ladder.map((_, i) => `[s${i}]`).join('');
  const scaled = stream.ladder.map((r, i) => `[s${i}]scale=${r.width}:${r.height},setsar=1[v${i}]`);
  const audio = stream.ladder.map((_, i) => `[a${i}]`).join('');
  const graph = [`${stream.video},split=${n}${outs}`, ...scaled, `${stream.audio},asplit=${n}${audio}`].join(
    ';',
  );
  const gop = stream.fps * SEGMENT_SECONDS;
  const args = ['-hide_banner', '-loglevel', 'error', '-y', '-filter_complex', graph];
  stream.ladder.forEach((_, i) => {
    args.push('-map', `[v${i}]`, '-map', `[a${i}]`);
  });
  // ultrafast: half the CPU of veryfast for the whole cache (64.6 s / 118 CPU s against 126 s / 242 CPU s
  // on 28 Nov, 2 cores), which a fresh `npm start` and every CI run wait for; the rungs keep their
  // bitrates, and on drawn test pictures the difference does not show.
  args.push('-t', String(stream.seconds), '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p');
  // A keyframe exactly every segment and none elsewhere, so every segment starts decodable and lasts 2 s.
  args.push('-g', String(gop), '-keyint_min', String(gop), '-sc_threshold', '0');
  stream.ladder.forEach((r, i) => {
    args.push(`-profile:v:${i}`, r.profile, `-level:v:${i}`, r.level, `-b:v:${i}`, `${r.kbps}k`);
    args.push(`-maxrate:v:${i}`, `${Math.round(r.kbps * 1.07)}k`, `-bufsize:v:${i}`, `${r.kbps * 2}k`);
    args.push(`-b:a:${i}`, r.height <= 360 ? '96k' : '128k');
  });
  args.push('-c:a', 'aac', '-ar', '48000', '-ac', '2');
  args.push('-f', 'hls', '-hls_time', String(SEGMENT_SECONDS), '-hls_playlist_type', 'vod');
  args.push('-hls_segment_type', 'mpegts', '-hls_flags', 'independent_segments');
  args.push('-hls_key_info_file', keyInfoFile);
  args.push('-hls_segment_filename', path.join(dir, '%v', 'seg_%05d.ts'));
  args.push('-var_stream_map', stream.ladder.map((r, i) => `v:${i},a:${i},name:${r.name}`).join(' '));
  args.push(path.join(dir, '%v', 'source.m3u8'));
  return args;
}

function parseExtinf(playlist) {
  return [...playlist.matchAll(/^#EXTINF:([\d.]+),/gm)].map((m) => Number(m[1]));
}

async function measureVariant(stream, rung, dir) {
  const vdir = path.join(dir, rung.name);
  const playlist = await readFile(path.join(vdir, 'source.m3u8'), 'utf8');
  const durations = parseExtinf(playlist);
  const expected = stream.seconds / SEGMENT_SECONDS;
  const off = durations.find((d) => Math.abs(d - SEGMENT_SECONDS) > 0.05);
  if (durations.length !== expected || off !== undefined) {
    throw new Error(
      `${stream.name}/${rung.name}: expected ${expected} segments of ${SEGMENT_SECONDS} s, got [${durations}]`,
    );
  }
  const files = (await readdir(vdir)).filter((f) => f.endsWith('.ts')).sort();
  const sizes = await Promise.all(files.map(async (f) => (await stat(path.join(vdir, f))).size));
  const bits = sizes.map((s) => s * 8);
  // BANDWIDTH is the peak segment bitrate (RFC 8216 4.3.4.2), AVERAGE-BANDWIDTH the mean.
  const peak = Math.max(...bits.map((b, i) => b / durations[i]));
  const average = bits.reduce((a, b) => a + b, 0) / stream.seconds;
  return {
    name: rung.name,
    width: rung.width,
    height: rung.height,
    bandwidth: Math.ceil(peak),
    averageBandwidth: Math.ceil(average),
    codecs: codecsOf(rung),
    frameRate: stream.fps,
    segmentCount: files.length,
    bytes: sizes.reduce((a, b) => a + b, 0),
  };
}

async function ffprobeJson(file) {
  try {
    const { stdout } = await exec('ffprobe', ['-v', 'error', '-show_streams', '-of', 'json', file]);
    return JSON.parse(stdout);
  } catch {
    return null;
  }
}

const TS_PACKET = 188;
const TS_SYNC = 0x47;

/**
 * MPEG-TS carries a sync byte at every 188-byte packet start. Eight in a row happen by chance in
 * ciphertext with odds of 256^-8; an ffprobe of the ciphertext is no test, as its format probing
 * sometimes finds a stream in random bytes (it failed a CI run that way).
 */
function looksLikeMpegTs(bytes) {
  if (bytes.length < TS_PACKET * 8) return false;
  for (let i = 0; i < 8; i += 1) if (bytes[i * TS_PACKET] !== TS_SYNC) return false;
  return true;
}

/**
 * Checks the first segment: it must not be MPEG-TS as stored, and must decode to H.264 + AAC
 * after AES-128-CBC decryption with the stream key. Answers the video's first presentation timestamp
 * (90 kHz), which the captions' X-TIMESTAMP-MAP needs.
 */
async function verifyEncryption(file, key, ivHex, scratch) {
  const stored = await readFile(file);
  if (looksLikeMpegTs(stored)) throw new Error(`${file} is readable without the key`);
  const decipher = createDecipheriv('aes-128-cbc', key, Buffer.from(ivHex, 'hex'));
  const clear = Buffer.concat([decipher.update(stored), decipher.final()]);
  if (!looksLikeMpegTs(clear)) throw new Error(`${file} is not MPEG-TS after decryption`);
  const clearFile = path.join(
    scratch,
    `clear-${path.basename(path.dirname(file))}-${process.hrtime.bigint()}.ts`,
  );
  await writeFile(clearFile, clear);
  const probe = await ffprobeJson(clearFile);
  const video = probe?.streams?.find((s) => s.codec_type === 'video');
  const audio = probe?.streams?.find((s) => s.codec_type === 'audio');
  if (video?.codec_name !== 'h264' || audio?.codec_name !== 'aac') {
    throw new Error(`${file} does not decode to H.264 + AAC with its key`);
  }
  return Number(video.start_pts);
}

/**
 * Encodes `stream` under `root` (streams/<name>/<variant>/seg_NNNNN.ts) with AES-128. The key info's
 * URI is the key file's path relative to the variant playlist, so ffmpeg's own VOD playlist plays
 * locally for debugging; the origin never serves it and writes its own key URI.
 */
export async function encodeStream(stream, { root, scratch, key, ivHex }) {
  const dir = path.join(root, 'streams', stream.name);
  await Promise.all(stream.ladder.map((r) => mkdir(path.join(dir, r.name), { recursive: true })));
  const keyFile = path.join(root, 'keys', `${stream.name}.key`);
  const keyInfoFile = path.join(scratch, `${stream.name}.keyinfo`);
  // An explicit IV: without one ffmpeg derives it from the segment number, which the live window renumbers.
  await writeFile(keyInfoFile, `../../../keys/${stream.name}.key\n${keyFile}\n${ivHex}\n`);
  const started = Date.now();
  await run('ffmpeg', ffmpegArgs(stream, dir, keyInfoFile));
  const seconds = (Date.now() - started) / 1000;
  const variants = await Promise.all(stream.ladder.map((r) => measureVariant(stream, r, dir)));
  const first = path.join(dir, stream.ladder[0].name, 'seg_00000.ts');
  const mpegtsOffset = await verifyEncryption(first, key, ivHex, scratch);
  return { variants, mpegtsOffset, seconds };
}

export async function ffmpegVersion() {
  const { stdout } = await run('ffmpeg', ['-hide_banner', '-version']);
  return stdout.split('\n')[0];
}
