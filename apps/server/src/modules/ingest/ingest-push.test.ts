import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createDecipheriv } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { type AngleHealth, BroadcastStatus, EnableIngestResponse, showStateChannel } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, login, showEntity } from '../../../test/factories.ts';
import { testPort } from '../../../test/free-port.ts';
import type { TestContext } from '../../../test/harness.ts';
import { type IngestApp, startIngestApp } from '../../../test/ingest-app.ts';
import { until } from '../../../test/live-feed.ts';
import { connectAs, isEvent, realtimeUrl } from '../../../test/realtime-client.ts';
import { createShowsRepo } from '../shows/shows.repo.ts';

// Real feeds: ffmpeg pushes RTMP to the nginx-rtmp engine that the app supervises; the app packages
// them with ffmpeg. Ports of this engineer's range: HTTP 8241 (the engine's callbacks), RTMP 19351.
// INGEST_TEST_HTTP_PORT / INGEST_TEST_RTMP_PORT move them when engineers run it side by side.
const HTTP_PORT = Number(process.env.INGEST_TEST_HTTP_PORT ?? testPort(8241));
const RTMP_PORT = Number(process.env.INGEST_TEST_RTMP_PORT ?? testPort(19351));
const run = promisify(execFile);

let t: TestContext;
let liveDir: string;
let host: Record<string, string>;
let pushes: ChildProcess[] = [];
let ingest: IngestApp | undefined;

beforeAll(async () => {
  ingest = await startIngestApp({ prefix: 'encore-live-', httpPort: HTTP_PORT, rtmpPort: RTMP_PORT });
  ({ t, liveDir, host, pushes } = ingest);
}, 60_000);
afterAll(async () => {
  await ingest?.close();
});

type Push = { child: ChildProcess; exited: Promise<number | null> };

/** A synthetic encoder: 426x240 test picture (1 s GOP) and a tone, or a feed made to be refused. */
function push(key: string, kind: 'av' | 'audio-only' | 'flv1' = 'av', seconds = 90): Push {
  const video = ['-f', 'lavfi', '-i', 'testsrc2=size=426x240:rate=30'];
  const audio = ['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'];
  const codec =
    kind === 'flv1'
      ? ['-c:v', 'flv1', '-an']
      : ['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '30', '-b:v', '500k'];
  const args =
    kind === 'audio-only'
      ? [...audio, '-c:a', 'aac', '-b:a', '64k']
      : [...video, ...(kind === 'av' ? audio : []), ...codec, ...(kind === 'av' ? ['-c:a', 'aac'] : [])];
  const child = spawn(
    'ffmpeg',
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-re',
      ...args,
      '-t',
      String(seconds),
      '-f',
      'flv',
      `rtmp://127.0.0.1:${RTMP_PORT}/live/${key}`,
    ],
    { stdio: 'ignore' },
  );
  pushes.push(child);
  return { child, exited: new Promise((resolve) => child.on('exit', (code) => resolve(code))) };
}

const statusOf = async (slug: string) =>
  BroadcastStatus.parse(
    (await t.app.inject({ method: 'GET', url: `/thor/host/shows/${slug}/ingest/`, headers: host })).json(),
  );
const angle = async (slug: string, stream: string): Promise<AngleHealth> => {
  const a = (await statusOf(slug)).angles.find((x) => x.stream === stream);
  if (!a) throw new Error(`no ${stream}`);
  return a;
};
const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('live ingest with real encoders (nginx-rtmp + ffmpeg)', () => {
  it('health figures, refusals, Go live, packaging with the show key, rotation and End show', async () => {
    const entity = showEntity({ startIn: -5, enterIn: -10 });
    await createShowsRepo(t.db).insert(entity);
    const slug = entity.slug;
    const enabled = await t.app.inject({
      method: 'PUT',
      url: `/thor/host/shows/${slug}/ingest/`,
      headers: host,
      payload: { ladder: [{ name: '144p', height: 144, video_kbps: 150 }] },
    });
    const keys = new Map(EnableIngestResponse.parse(enabled.json()).new_keys.map((k) => [k.stream, k.key]));
    const key1 = keys.get('mix-stream1') ?? '';

    const encoder = push(key1);
    const healthy = await until('a healthy angle 1', async () => {
      const a = await angle(slug, 'mix-stream1');
      return a.healthy && a.keyframe_interval_s !== null && a.bitrate_kbps !== null ? a : undefined;
    });
    expect(healthy).toMatchObject({
      connected: true,
      width: 426,
      height: 240,
      frame_rate: 30,
      video_codec: 'h264',
      audio_codec: 'aac',
      problem: null,
    });
    expect(healthy.keyframe_interval_s).toBeGreaterThanOrEqual(0.5);
    expect(healthy.keyframe_interval_s).toBeLessThanOrEqual(2.1);
    expect(healthy.bitrate_kbps).toBeGreaterThan(50);
    expect(healthy.last_frame_age_ms).toBeLessThan(5000);
    expect(healthy.dropped_frames).toBeGreaterThanOrEqual(0);

    // A second encoder on the key in use is refused; angle 1 stays on air.
    expect(await push(key1, 'av', 5).exited).not.toBe(0);
    expect(await angle(slug, 'mix-stream1')).toMatchObject({ connected: true, problem: 'key_in_use' });
    // An audio-only feed and an unsupported codec get their reason, never a crash.
    push(keys.get('mix-stream2') ?? '', 'audio-only', 20);
    await until('audio_only', async () =>
      (await angle(slug, 'mix-stream2')).problem === 'audio_only' ? true : undefined,
    );
    push(keys.get('stream4k') ?? '', 'flv1', 20);
    await until('unsupported_codec', async () =>
      (await angle(slug, 'stream4k')).problem === 'unsupported_codec' ? true : undefined,
    );

    // The landing page's feed of the show's state: any signed-in fan, no ticket needed.
    const passerby = await createUser(t.db);
    const { socket } = await connectAs(await realtimeUrl(t.app), await login(t.app, passerby.email));
    socket.send({ type: 'subscribe', channels: [{ channel: showStateChannel(slug) }] });
    // Frames are handled in order: the pong means the subscription is in place.
    socket.send({ type: 'ping' });
    await socket.waitFor((f) => f.type === 'pong');
    expect(socket.frames.some((f) => f.type === 'error')).toBe(false);
    const live = await t.app.inject({
      method: 'POST',
      url: `/thor/host/shows/${slug}/ingest/go-live/`,
      headers: host,
    });
    expect(live.statusCode).toBe(200);
    expect(live.json().state).toBe('live');
    await socket.waitFor(isEvent('broadcast', (e) => e.slug === slug && e.state === 'live'));
    const again = await t.app.inject({
      method: 'POST',
      url: `/thor/host/shows/${slug}/ingest/go-live/`,
      headers: host,
    });
    expect(again.json().code).toBe('ALREADY_LIVE');

    // The same live HLS as the demo: ladder, program date-times, AES-128 with the show's key.
    const playlist = await until('two segments', async () => {
      const res = await get(`/media/live/${slug}/mix-stream1/source/live.m3u8`);
      return res.statusCode === 200 && (res.body.match(/#EXTINF/g) ?? []).length >= 2 ? res.body : undefined;
    });
    expect(playlist).toMatch(/#EXT-X-PROGRAM-DATE-TIME:\d{4}-/);
    // One show clock: the dates follow the feed's own timeline, so each segment is dated exactly its
    // predecessor's duration later (not when the packager happened to see it).
    const dated = [...playlist.matchAll(/#EXT-X-PROGRAM-DATE-TIME:(\S+)\s+#EXTINF:([\d.]+),/g)].map((m) => ({
      pdt: Date.parse(m[1] ?? ''),
      dur: Number(m[2]),
    }));
    expect(dated.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < dated.length; i++) {
      const [prev, cur] = [dated[i - 1], dated[i]];
      expect(Math.abs((cur?.pdt ?? 0) - (prev?.pdt ?? 0) - (prev?.dur ?? 0) * 1000)).toBeLessThanOrEqual(1);
    }
    expect(playlist).not.toContain('#EXT-X-ENDLIST');
    const master = (await get(`/media/live/${slug}/mix-stream1/index.m3u8`)).body;
    expect(master).toContain('RESOLUTION=426x240');
    expect(master).toContain('144p/live.m3u8');
    const keyUri = /URI="([^"]+)",IV=0x([0-9a-f]{32})/.exec(playlist);
    expect((await get(keyUri?.[1] ?? '')).statusCode).toBe(401);
    const row = await t.db
      .selectFrom('ingest_streams')
      .selectAll()
      .where('key_id', '=', key1.slice(5, 21))
      .executeTakeFirstOrThrow();
    const segment = (await get(`/media/live/${slug}/mix-stream1/source/0.ts`)).rawPayload;
    const decipher = createDecipheriv(
      'aes-128-cbc',
      Buffer.from(row.media_key, 'hex'),
      Buffer.from(keyUri?.[2] ?? '', 'hex'),
    );
    const clearFile = path.join(liveDir, 'probe.ts');
    await writeFile(clearFile, Buffer.concat([decipher.update(segment), decipher.final()]));
    const probe = await run('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'stream=codec_name,width',
      '-of',
      'csv=p=0',
      clearFile,
    ]);
    expect(probe.stdout).toContain('h264,426');
    expect(segment.subarray(0, 1)[0]).not.toBe(0x47);

    // Rotation: the old key stops at once, its publish included.
    const rotated = await t.app.inject({
      method: 'POST',
      url: `/thor/host/shows/${slug}/ingest/keys/mix-stream1/rotate/`,
      headers: host,
    });
    expect(rotated.statusCode).toBe(200);
    expect(await encoder.exited).not.toBe(0);
    expect(await angle(slug, 'mix-stream1')).toMatchObject({ connected: false, problem: 'key_rotated' });
    expect(await push(key1, 'av', 5).exited).not.toBe(0);

    const end = await t.app.inject({
      method: 'POST',
      url: `/thor/host/shows/${slug}/ingest/end/`,
      headers: host,
    });
    expect(end.json().state).toBe('ended');
    await socket.waitFor(isEvent('broadcast', (e) => e.slug === slug && e.state === 'ended'));
    await until('replay', async () => ((await statusOf(slug)).state === 'replay' ? true : undefined));
    await socket.waitFor(isEvent('broadcast', (e) => e.slug === slug && e.state === 'replay'));
    await socket.close();
    const ended = (await get(`/media/live/${slug}/mix-stream1/source/live.m3u8`)).body;
    expect(ended).toContain('#EXT-X-ENDLIST');
    // The fans' playlist is the replay's window (Go live to End show, issue 27); the whole recording,
    // the line check before Go live included, stays in vod.m3u8 from its first segment.
    const whole = (await get(`/media/live/${slug}/mix-stream1/source/vod.m3u8`)).body;
    expect(whole).toContain('#EXT-X-ENDLIST');
    expect(whole).toContain('#EXT-X-MEDIA-SEQUENCE:0');
    const endAgain = await t.app.inject({
      method: 'POST',
      url: `/thor/host/shows/${slug}/ingest/end/`,
      headers: host,
    });
    expect(endAgain.json().code).toBe('SHOW_ENDED');
    const newKey = rotated.json().key as string;
    expect(await push(newKey, 'av', 5).exited).not.toBe(0);
  }, 240_000);
});
