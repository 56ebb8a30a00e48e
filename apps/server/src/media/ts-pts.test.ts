import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { firstVideoPts } from './ts-pts.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'encore-pts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A real MPEG-TS segment from ffmpeg with audio first, its timestamps moved by `offset` seconds. */
function segment(offset: number): Buffer {
  const file = path.join(dir, `s${offset}.ts`);
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=d=1', '-f', 'lavfi', '-i', 'testsrc=s=64x64:d=1'],
    ...['-map', '0:a', '-map', '1:v', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac'],
    ...['-output_ts_offset', String(offset), '-f', 'mpegts', file],
  ]);
  return readFileSync(file);
}

/** ffprobe's first video packet pts of the file. */
function probedPts(buf: Buffer, name: string): number {
  const file = path.join(dir, name);
  writeFileSync(file, buf);
  const out = execFileSync('ffprobe', [
    ...['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'packet=pts', '-read_intervals', '%+#1'],
    ...['-of', 'csv=p=0', file],
  ]).toString();
  return Number.parseInt(out.trim().split('\n')[0] ?? '', 10);
}

describe('firstVideoPts', () => {
  it('reads the first video PES timestamp exactly as ffprobe does, past 32 bits too', () => {
    for (const offset of [10, 30_000]) {
      const ts = segment(offset);
      const pts = firstVideoPts(ts);
      expect(pts).toBe(probedPts(ts, `p${offset}.ts`));
      expect(pts).toBeGreaterThan(offset * 90_000 - 1);
    }
  });

  it('answers null for what is not MPEG-TS or holds no video', () => {
    expect(firstVideoPts(Buffer.from('not a transport stream'.repeat(20)))).toBeNull();
    expect(firstVideoPts(new Uint8Array(0))).toBeNull();
  });
});
