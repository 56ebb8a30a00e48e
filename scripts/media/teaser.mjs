// The landing page's teaser (LAND-10): the first seconds of the six-angle mosaic as one MP4 file.
// It is cut from the encrypted HLS segments already made (decrypted here, then remuxed without
// re-encoding), so it costs a second, not another encode.
import { createDecipheriv } from 'node:crypto';
import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { run } from './hls-encode.mjs';
import { SEGMENT_SECONDS } from './plan.mjs';

export const TEASER_FILE = 'teaser.mp4';

/** Writes `<root>/teaser.mp4` from `seconds` of `stream`'s `variant`; answers its manifest entry. */
export async function makeTeaser({ root, scratch, stream, variant, key, ivHex, seconds }) {
  const count = Math.max(1, Math.round(seconds / SEGMENT_SECONDS));
  const parts = [];
  for (let i = 0; i < count; i += 1) {
    const file = path.join(root, 'streams', stream, variant, `seg_${String(i).padStart(5, '0')}.ts`);
    // Every segment is encrypted with the stream's key and its one explicit IV (hls-encode.mjs).
    const decipher = createDecipheriv('aes-128-cbc', key, Buffer.from(ivHex, 'hex'));
    parts.push(decipher.update(await readFile(file)), decipher.final());
  }
  const clear = path.join(scratch, 'teaser.ts');
  await writeFile(clear, Buffer.concat(parts));
  const out = path.join(root, TEASER_FILE);
  // faststart puts the index first, so the browser starts playing before the whole file is in.
  await run('ffmpeg', ['-v', 'error', '-y', '-i', clear, '-c', 'copy', '-movflags', '+faststart', out]);
  return { file: TEASER_FILE, seconds: count * SEGMENT_SECONDS, bytes: (await stat(out)).size };
}
