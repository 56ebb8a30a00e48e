// Packages one already encoded stream as CENC-encrypted (cenc, AES-128-CTR) fragmented-MP4 DASH: ffmpeg
// copies the H.264 of every rung and the AAC of the top rung out of the stream's own HLS (decrypting
// its AES-128 on the way, no re-encode) into 2 s fragments, and cenc.mjs encrypts them with the
// stream's DASH key. The origin (apps/server/src/media/dash-*.ts) writes the MPD itself and serves the
// loop live by rewriting each fragment's tfdt, so ffmpeg's own MPD is thrown away.
//
// Layout: streams/<name>/dash/<rung>/init.mp4 and seg_NNNNN.m4s (the loop index from 0), one
// representation per directory; the audio is the `audio` representation.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { encryptInit, encryptSegment } from './cenc.mjs';
import { run } from './hls-encode.mjs';
import { SEGMENT_SECONDS } from './plan.mjs';

const exec = promisify(execFile);
export const AUDIO_REPRESENTATION = 'audio';

function dashOutput(dir) {
  return [
    '-f',
    'dash',
    '-seg_duration',
    String(SEGMENT_SECONDS),
    '-use_template',
    '1',
    '-use_timeline',
    '0',
    '-init_seg_name',
    'init.mp4',
    '-media_seg_name',
    'seg_$Number%05d$.m4s',
    path.join(dir, 'ffmpeg.mpd'),
  ];
}

/** Packet MD5 of an MP4 as ffmpeg demuxes it (optionally decrypting): equal MD5s are equal samples. */
async function packetMd5(file, keyHex) {
  const args = ['-hide_banner', '-loglevel', 'error'];
  if (keyHex) args.push('-decryption_key', keyHex);
  args.push('-i', file, '-map', '0', '-c', 'copy', '-f', 'md5', '-');
  const { stdout } = await exec('ffmpeg', args);
  return stdout.trim();
}

/**
 * Checks a representation's first fragment: ffmpeg's own CENC decryption with the key must give back
 * exactly the clear samples, and without the key it must not.
 */
async function verify(clearInit, clearSeg, encInit, encSeg, key, scratch, label) {
  const base = label.replaceAll('/', '-');
  const clear = path.join(scratch, `${base}-clear.mp4`);
  const enc = path.join(scratch, `${base}-enc.mp4`);
  await writeFile(clear, Buffer.concat([clearInit, clearSeg]));
  await writeFile(enc, Buffer.concat([encInit, encSeg]));
  const [want, got, locked] = await Promise.all([
    packetMd5(clear),
    packetMd5(enc, key.toString('hex')),
    packetMd5(enc),
  ]);
  if (got !== want) throw new Error(`${label}: the CENC fragment does not decrypt to its clear samples`);
  if (locked === want) throw new Error(`${label}: the CENC fragment is readable without the key`);
}

/** Encrypts one representation's clear fragments from `from` into `to`; answers what the MPD needs. */
async function encryptRepresentation(from, to, { key, kid, segmentCount, scratch, label }) {
  const clearInit = await readFile(path.join(from, 'init.mp4'));
  const { init, track } = encryptInit(clearInit, kid);
  const files = (await readdir(from)).filter((f) => f.endsWith('.m4s')).sort();
  if (files.length !== segmentCount) {
    throw new Error(`${label}: expected ${segmentCount} DASH segments, got ${files.length}`);
  }
  await mkdir(to, { recursive: true });
  await writeFile(path.join(to, 'init.mp4'), init);
  // IVs: a random 64-bit start per representation, then one per sample, so none repeats under the key.
  const ivState = { next: BigInt(`0x${randomBytes(8).toString('hex')}`) };
  let peak = 0;
  let bytes = 0;
  for (const [i, f] of files.entries()) {
    const clear = await readFile(path.join(from, f));
    const enc = encryptSegment(clear, { key, track, ivState });
    if (i === 0) await verify(clearInit, clear, init, enc, key, scratch, label);
    await writeFile(path.join(to, `seg_${String(i).padStart(5, '0')}.m4s`), enc);
    peak = Math.max(peak, (enc.length * 8) / SEGMENT_SECONDS);
    bytes += enc.length;
  }
  return { timescale: track.timescale, bandwidth: Math.ceil(peak), bytes };
}

/**
 * Packages `stream` (already encoded by encodeStream into streams/<name>/<rung>/source.m3u8) under
 * `root`. Answers the manifest's `dash` entry without the key file.
 */
export async function packageDash(stream, { root, scratch, key, kid, variants }) {
  const hlsDir = path.join(root, 'streams', stream.name);
  const clearDir = path.join(scratch, `dash-${stream.name}`);
  const segmentCount = stream.seconds / SEGMENT_SECONDS;
  const args = ['-hide_banner', '-loglevel', 'error', '-y'];
  for (const r of stream.ladder) {
    args.push('-allowed_extensions', 'ALL', '-i', path.join(hlsDir, r.name, 'source.m3u8'));
  }
  for (const [i, r] of stream.ladder.entries()) {
    await mkdir(path.join(clearDir, r.name), { recursive: true });
    args.push('-map', `${i}:v`, '-c', 'copy', '-tag:v', 'avc1', ...dashOutput(path.join(clearDir, r.name)));
  }
  await mkdir(path.join(clearDir, AUDIO_REPRESENTATION), { recursive: true });
  // The AAC frames (1024 samples) do not divide the loop: cut at the loop length so the audio has as
  // many segments as the video; the origin restarts the next loop on the clock, a few ms of silence.
  args.push('-map', '0:a', '-c', 'copy', '-tag:a', 'mp4a', '-t', String(stream.seconds));
  args.push(...dashOutput(path.join(clearDir, AUDIO_REPRESENTATION)));
  const started = Date.now();
  await run('ffmpeg', args);

  const dashDir = path.join(hlsDir, 'dash');
  const opts = { key, kid, segmentCount, scratch };
  const video = [];
  for (const r of stream.ladder) {
    const label = `${stream.name}/${r.name}`;
    const out = await encryptRepresentation(path.join(clearDir, r.name), path.join(dashDir, r.name), {
      ...opts,
      label,
    });
    const hls = variants.find((v) => v.name === r.name);
    video.push({
      name: r.name,
      width: r.width,
      height: r.height,
      codecs: hls.codecs.split(',')[0],
      frameRate: stream.fps,
      ...out,
    });
  }
  const audioOut = await encryptRepresentation(
    path.join(clearDir, AUDIO_REPRESENTATION),
    path.join(dashDir, AUDIO_REPRESENTATION),
    { ...opts, label: `${stream.name}/${AUDIO_REPRESENTATION}` },
  );
  await rm(clearDir, { recursive: true, force: true });
  return {
    kid,
    segmentCount,
    video,
    audio: { name: AUDIO_REPRESENTATION, codecs: 'mp4a.40.2', sampleRate: 48000, ...audioOut },
    seconds: (Date.now() - started) / 1000,
  };
}
