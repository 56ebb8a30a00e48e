import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createDecipheriv } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import * as hlsParser from 'hls-parser';
import * as mpdParser from 'mpd-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testPort } from '../../../test/free-port.ts';
import type { TestContext } from '../../../test/harness.ts';
import { type IngestApp, ingestShow, startIngestApp } from '../../../test/ingest-app.ts';
import { until } from '../../../test/live-feed.ts';
import { strictPlaylist } from '../../../test/strict-playlist.ts';

// Issue 24: every playlist the origin writes for a pushed stream (multivariant, live, LL, VOD, the
// replay) passes a strict outside parser (hls-parser in strict mode), every MPD mpd-parser, across an
// encoder run with 2 s keyframes, a drop and a return, and End show; the CODECS attribute is the
// one ffmpeg reads off the segments' SPS. Ports: HTTP 9261, RTMP 19371 (INGEST_PL_TEST_* move them).
const HTTP_PORT = Number(process.env.INGEST_PL_TEST_HTTP_PORT ?? testPort(9261));
const RTMP_PORT = Number(process.env.INGEST_PL_TEST_RTMP_PORT ?? testPort(19371));
const exec = promisify(execFile);

let t: TestContext;
let host: Record<string, string>;
let pushes: ChildProcess[] = [];
let ingest: IngestApp | undefined;

beforeAll(async () => {
  ingest = await startIngestApp({ prefix: 'encore-live-pl-', httpPort: HTTP_PORT, rtmpPort: RTMP_PORT });
  ({ t, host, pushes } = ingest);
  hlsParser.setOptions({ strictMode: true });
}, 60_000);
afterAll(async () => {
  await ingest?.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

/** An encoder as hosts set one up: a keyframe every 2 s (15 fps here, 426x240, to spare the CPU). */
function push(key: string, seconds: number): Promise<number | null> {
  const child = spawn(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-re'],
      ...['-f', 'lavfi', '-i', 'testsrc2=size=426x240:rate=15'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '30', '-keyint_min', '30', '-b:v', '300k'],
      ...['-c:a', 'aac', '-t', String(seconds), '-f', 'flv', `rtmp://127.0.0.1:${RTMP_PORT}/live/${key}`],
    ],
    { stdio: 'ignore' },
  );
  pushes.push(child);
  return new Promise((resolve) => child.on('exit', (code) => resolve(code)));
}

const PLAYLISTS = [
  'index.m3u8',
  'll.m3u8',
  'lite.m3u8',
  'source/live.m3u8',
  'source/ll.m3u8',
  'source/vod.m3u8',
  '144p/live.m3u8',
  '144p/ll.m3u8',
  '144p/vod.m3u8',
];

/** Every playlist and the MPD as the origin answers them now (distinct bodies only). */
async function collect(slug: string, into: Map<string, Set<string>>): Promise<void> {
  for (const p of [...PLAYLISTS, 'dash/live.mpd']) {
    const res = await get(`/media/live/${slug}/mix-stream1/${p}`);
    if (res.statusCode !== 200) continue;
    const seen = into.get(p) ?? new Set<string>();
    seen.add(res.body);
    into.set(p, seen);
  }
}

/** H.264 codec string as ffmpeg's own parser reads the SPS of a (decrypted) segment. */
async function ffmpegCodecOf(file: string): Promise<string> {
  const { stderr } = await exec('ffmpeg', [
    ...[
      '-hide_banner',
      '-i',
      file,
      '-map',
      '0:v',
      '-c:v',
      'copy',
      '-bsf:v',
      'trace_headers',
      '-frames:v',
      '1',
    ],
    ...['-f', 'null', '-'],
  ]);
  const field = (name: string) =>
    Number(new RegExp(`${name}\\s+\\d+\\s*=\\s*(\\d+)`).exec(stderr)?.[1] ?? Number.NaN);
  const flags = [0, 1, 2, 3, 4, 5].reduce((acc, i) => acc | (field(`constraint_set${i}_flag`) << (7 - i)), 0);
  const hex = (n: number) => n.toString(16).padStart(2, '0');
  return `avc1.${hex(field('profile_idc'))}${hex(flags)}${hex(field('level_idc'))}`;
}

describe('playlists of a pushed stream under a strict parser (issue 24)', () => {
  it('multivariant, live, LL and VOD playlists and the MPD across a run, a drop, a return and End show', async () => {
    if (!ingest) throw new Error('no ingest app');
    const { slug, key } = await ingestShow(ingest, [{ name: '144p', height: 144, video_kbps: 150 }]);
    const bodies = new Map<string, Set<string>>();
    const live = (p: string) => get(`/media/live/${slug}/mix-stream1/${p}`);

    // A run with 2 s keyframes: gather every version of every playlist as it grows.
    let exited = false;
    const first = push(key ?? '', 9).then(() => {
      exited = true;
    });
    await until('the first segments', async () =>
      (await live('source/live.m3u8')).statusCode === 200 ? true : undefined,
    );
    await until('Go live', async () =>
      (await t.app.inject({ method: 'POST', url: `/thor/host/shows/${slug}/ingest/go-live/`, headers: host }))
        .statusCode === 200
        ? true
        : undefined,
    );
    while (!exited) {
      await collect(slug, bodies);
      await new Promise((r) => setTimeout(r, 150));
    }
    await first;

    // Blocking reload: the next part is answered once it exists; far ahead is 400; msn alone waits
    // for the whole segment.
    // (Checked during the return below, while parts are being cut.)

    // The drop: the playlists as they stand, then the return after a gap.
    await collect(slug, bodies);
    exited = false;
    const second = push(key ?? '', 7).then(() => {
      exited = true;
    });
    await until('the return', async () =>
      (await live('source/ll.m3u8')).body.includes('#EXT-X-DISCONTINUITY\n') ? true : undefined,
    );
    const ll = hlsParser.parse((await live('source/ll.m3u8')).body) as hlsParser.types.MediaPlaylist;
    const lastSeg = ll.segments.at(-1);
    const msn = (lastSeg?.mediaSequenceNumber ?? 0) + (lastSeg?.uri ? 1 : 0);
    const nextPart = lastSeg?.uri ? 0 : (lastSeg?.parts.filter((p) => !p.hint).length ?? 0);
    const blocked = await live(`source/ll.m3u8?_HLS_msn=${msn}&_HLS_part=${nextPart}`);
    expect(blocked.statusCode).toBe(200);
    // That part, or (when segment msn ended with the part before it) the next segment's first one.
    expect(blocked.body).toMatch(
      new RegExp(`URI="(${msn}\\.${nextPart}|${msn + 1}\\.0)\\.ts"(,INDEPENDENT=YES)?\\n`),
    );
    expect((await live(`source/ll.m3u8?_HLS_msn=${msn + 10}`)).statusCode).toBe(400);
    expect((await live('source/ll.m3u8?_HLS_part=1')).statusCode).toBe(400);
    const whole = await live(`source/live.m3u8?_HLS_msn=${msn}`);
    expect(whole.body).toMatch(new RegExp(`\\n${msn}\\.ts\\n`));
    // A part, decrypted with the stream key on its own, is MPEG-TS.
    const part = await live(`source/${msn}.0.ts`);
    expect(part.statusCode).toBe(200);
    const iv = Buffer.from(/IV=0x([0-9a-f]{32})/.exec(blocked.body)?.[1] ?? '', 'hex');
    const row = await t.db
      .selectFrom('ingest_streams')
      .selectAll()
      .where('key_id', '=', (key ?? '').slice(5, 21))
      .executeTakeFirstOrThrow();
    const mediaKey = Buffer.from(row.media_key, 'hex');
    const decipher = createDecipheriv('aes-128-cbc', mediaKey, iv);
    const clearPart = Buffer.concat([decipher.update(part.rawPayload), decipher.final()]);
    expect(clearPart[0]).toBe(0x47);

    while (!exited) {
      await collect(slug, bodies);
      await new Promise((r) => setTimeout(r, 150));
    }
    await second;
    expect(
      (await t.app.inject({ method: 'POST', url: `/thor/host/shows/${slug}/ingest/end/`, headers: host }))
        .statusCode,
    ).toBe(200);
    await until('the replay', async () =>
      (await live('source/live.m3u8')).body.includes('#EXT-X-ENDLIST') ? true : undefined,
    );
    await collect(slug, bodies);

    // Strict parsing of every version; one target duration per playlist for its life; hold-backs;
    // a program date on every segment.
    const targets = new Map<string, Set<number>>();
    let checked = 0;
    for (const [name, versions] of bodies) {
      for (const body of versions) {
        if (name.endsWith('.mpd')) {
          const mpd = mpdParser.parse(body, {
            manifestUri: `http://x/media/live/${slug}/mix-stream1/${name}`,
          });
          expect(mpd.playlists.length).toBeGreaterThan(0);
          for (const p of mpd.playlists) expect(p.attributes.CODECS).toMatch(/^avc1\.[0-9a-f]{6}$/);
          checked++;
          continue;
        }
        // Strict parsing and the RFC's target duration and hold-back rules (test/strict-playlist.ts).
        const parsed = strictPlaylist(body, name);
        checked++;
        if (parsed.isMasterPlaylist) continue;
        const media = parsed as hlsParser.types.MediaPlaylist;
        const seen = targets.get(name) ?? new Set<number>();
        seen.add(media.targetDuration);
        targets.set(name, seen);
        for (const s of media.segments)
          if (s.uri) expect(s.programDateTime, `${name} ${s.uri}`).toBeInstanceOf(Date);
      }
    }
    expect(checked).toBeGreaterThan(20);
    for (const [name, seen] of targets) expect([...seen], name).toEqual([1]);
    // The LL playlists did list parts, some starting with a keyframe.
    const llBodies = [...(bodies.get('source/ll.m3u8') ?? [])].join('\n');
    expect(llBodies).toContain('INDEPENDENT=YES');
    expect(llBodies).toMatch(/#EXT-X-PART:DURATION=0\.3\d\d,URI="\d+\.1\.ts"\n/);

    // CODECS of each variant is what ffmpeg reads off that variant's SPS.
    const master = hlsParser.parse((await live('index.m3u8')).body) as hlsParser.types.MasterPlaylist;
    expect(master.variants).toHaveLength(2);
    const dir = await mkdtemp(path.join(tmpdir(), 'encore-pl-seg-'));
    for (const v of master.variants) {
      const rung = v.uri.split('/')[0];
      const seg = await live(`${rung}/0.ts`);
      const d = createDecipheriv('aes-128-cbc', mediaKey, iv);
      const file = path.join(dir, `${rung}.ts`);
      await writeFile(file, Buffer.concat([d.update(seg.rawPayload), d.final()]));
      expect(v.codecs?.split(',')[0], rung).toBe(await ffmpegCodecOf(file));
    }
    await rm(dir, { recursive: true, force: true });
  }, 180_000);
});
