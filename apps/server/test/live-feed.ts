import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';

// What the live-ingest tests share: a real encoder (ffmpeg pushing RTMP), waiting on the app, and
// comparing decoded pictures.

const exec = promisify(execFile);

/** A synthetic encoder: 426x240 test picture, ultrafast, 1 s GOP, and a tone, for `seconds`. */
export function pushTestFeed(
  rtmpUrl: string,
  seconds: number,
): { child: ChildProcess; exited: Promise<number | null> } {
  const child = spawn(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-re'],
      ...['-f', 'lavfi', '-i', 'testsrc2=size=426x240:rate=30'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '30', '-b:v', '400k'],
      ...['-c:a', 'aac', '-t', String(seconds), '-f', 'flv', rtmpUrl],
    ],
    { stdio: 'ignore' },
  );
  return { child, exited: new Promise((resolve) => child.on('exit', (code) => resolve(code))) };
}

/** Polls `probe` every 250 ms until it answers (not undefined). */
export async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** MD5 of the decoded pictures of a file (decrypting CENC with `key`): equal sums, equal frames. */
export async function pictureMd5(file: string, key?: string): Promise<string> {
  const args = ['-hide_banner', '-loglevel', 'quiet'];
  if (key) args.push('-decryption_key', key);
  args.push('-i', file, '-map', '0:v', '-f', 'md5', '-');
  return (
    await exec('ffmpeg', args).catch((e: { stdout?: string }) => ({ stdout: e.stdout ?? '' }))
  ).stdout.trim();
}

/**
 * The fragments of one representation of an MPD, in every Period: number and start and end dates (ms
 * since availabilityStartTime, or since the start of a static MPD).
 */
export function mpdFragments(mpd: string, rep: string): { n: number; start: number; end: number }[] {
  const ast = Date.parse(/availabilityStartTime="([^"]+)"/.exec(mpd)?.[1] ?? '') || 0;
  const out: { n: number; start: number; end: number }[] = [];
  for (const period of mpd.matchAll(/<Period id="\d+" start="PT([\d.]+)S">(.*?)<\/Period>/gs)) {
    const r = new RegExp(`<Representation id="${rep}"[^>]*>.*?</Representation>`, 's').exec(period[2] ?? '');
    if (!r) continue;
    const attr = (name: string) => Number(new RegExp(`${name}="(\\d+)"`).exec(r[0])?.[1]);
    const [timescale, pto] = [attr('timescale'), attr('presentationTimeOffset')];
    let n = attr('startNumber');
    let next = 0;
    for (const s of r[0].matchAll(/<S(?: t="(\d+)")? d="(\d+)"\/>/g)) {
      const t = s[1] === undefined ? next : Number(s[1]);
      const d = Number(s[2]);
      const start = ast + Number(period[1]) * 1000 + ((t - pto) * 1000) / timescale;
      out.push({ n: n++, start, end: start + (d * 1000) / timescale });
      next = t + d;
    }
  }
  return out;
}
