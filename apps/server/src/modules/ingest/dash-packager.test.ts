import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pictureMd5 } from '../../../test/live-feed.ts';
import { liveDashFile, liveDashIndexFile, readLiveDashIndex } from '../../media/live-dash-index.ts';
import { createTsChunker } from '../../media/ts-chunker.ts';
import { AUDIO_REP, createDashWriter } from './dash-packager.ts';

// The CENC DASH of live segments cut as the packager cuts them (1/3 s parts, 1 s segments) from an
// encoder with OBS's 2 s keyframes, so every other segment starts without a keyframe. No engine, no
// ports: the transport stream is ffmpeg's, the cutting the live chunker's.

const exec = promisify(execFile);
let dir: string;

type Segment = { sn: number; pts: number; dur: number; independent: boolean; clear: Buffer };

/** Segments of `ts` as the packager's rung writer makes them from the chunker's parts. */
function cut(ts: Buffer): Segment[] {
  const segments: Segment[] = [];
  let open: (Segment & { parts: Buffer[] }) | null = null;
  const close = () => {
    if (open) segments.push({ ...open, clear: Buffer.concat(open.parts) });
  };
  const chunker = createTsChunker({
    partTarget: 1 / 3,
    segmentTarget: 1,
    onPart: (part) => {
      if (part.segmentStart || !open) {
        close();
        const sn = segments.length;
        open = {
          sn,
          pts: part.pts,
          dur: 0,
          independent: part.independent,
          clear: Buffer.alloc(0),
          parts: [],
        };
      }
      open.parts.push(part.bytes);
      open.dur += part.duration;
    },
  });
  chunker.push(ts);
  chunker.end();
  close();
  return segments;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'encore-dash-gop-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('live CENC DASH from segments that need not start on a keyframe', () => {
  it('packages every segment of a 2 s GOP feed: one gapless timeline per representation, the same pictures as the feed', async () => {
    const source = path.join(dir, 'feed.ts');
    await exec('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', 'testsrc2=size=426x240:rate=30', '-f', 'lavfi', '-i', 'sine=frequency=440'],
      ...['-t', '6', '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency'],
      ...['-g', '60', '-keyint_min', '60', '-sc_threshold', '0', '-c:a', 'aac'],
      ...['-muxdelay', '0.7', '-f', 'mpegts', source],
    ]);
    const segments = cut(await readFile(source));
    expect(segments.filter((s) => !s.independent).length).toBeGreaterThanOrEqual(2);

    const key = { kid: '0123456789abcdef0123456789abcdef', key: Buffer.alloc(16, 7) };
    const epoch = Date.UTC(2026, 0, 1);
    const writer = await createDashWriter({ liveDir: dir, slug: 'gop', stream: 'mix-stream1', key, epoch });
    const first = segments[0];
    if (!first) throw new Error('no segment');
    const publishedAt = epoch + 60_000;
    for (const seg of segments) {
      const clearFile = path.join(dir, `${seg.sn}.ts`);
      await writeFile(clearFile, seg.clear);
      await writer.add({
        rung: 'source',
        sn: seg.sn,
        pdt: publishedAt + ((seg.pts - first.pts) / 90_000) * 1000,
        dur: seg.dur,
        first: seg.sn === 0,
        independent: seg.independent,
        clearFile,
      });
    }

    const index = await readLiveDashIndex(liveDashIndexFile(dir, 'gop', 'mix-stream1'));
    const reps = index?.runs[0]?.reps ?? [];
    for (const name of ['source', AUDIO_REP]) {
      const rep = reps.find((r) => r.name === name);
      // Every segment, numbered as HLS numbers it, each starting where the one before ended.
      expect(
        rep?.segments.map((s) => s.n),
        name,
      ).toEqual(segments.map((s) => s.sn));
      const list = rep?.segments ?? [];
      for (let i = 1; i < list.length; i++) {
        const [a, b] = [list[i - 1], list[i]];
        // Within a frame of audio (1024 samples) or a picture (3000 ticks).
        expect(Math.abs((a?.t ?? 0) + (a?.d ?? 0) - (b?.t ?? 0)), `${name} ${i}`).toBeLessThan(3001);
      }
    }
    const video = reps.find((r) => r.name === 'source')?.segments ?? [];
    // The first picture at the first segment's program date; a dependent segment at its own.
    expect(video[0]?.t).toBe(60_000 * 90);
    const dependent = segments.find((s) => !s.independent);
    const at = video.find((s) => s.n === dependent?.sn)?.t ?? 0;
    expect(Math.abs(at - (60_000 * 90 + (dependent?.pts ?? 0) - first.pts))).toBeLessThanOrEqual(1);

    // Decrypted, the representation is the feed's pictures, every one of them. Each fragment is
    // decrypted on its own (ffmpeg decrypts one fragment per file) to its H.264 stream, then joined.
    const file = (name: string) => liveDashFile(dir, 'gop', 'mix-stream1', 'source', name);
    const init = await readFile(file('init-0.mp4'));
    const streams: Buffer[] = [];
    for (const s of video) {
      const one = path.join(dir, 'one.mp4');
      await writeFile(one, Buffer.concat([init, await readFile(file(`${s.n}.m4s`))]));
      const h264 = path.join(dir, `${s.n}.h264`);
      await exec('ffmpeg', [
        ...['-hide_banner', '-loglevel', 'error', '-y', '-decryption_key', key.key.toString('hex')],
        ...[
          '-i',
          one,
          '-map',
          '0:v',
          '-c',
          'copy',
          '-copyinkf',
          '-bsf:v',
          'h264_mp4toannexb',
          '-f',
          'h264',
          h264,
        ],
      ]);
      streams.push(await readFile(h264));
    }
    const joined = path.join(dir, 'joined.h264');
    await writeFile(joined, Buffer.concat(streams));
    const md5 = await pictureMd5(joined);
    expect(md5).toMatch(/^MD5=/);
    expect(md5).toBe(await pictureMd5(source));
  }, 60_000);
});
