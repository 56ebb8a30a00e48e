import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createDecipheriv } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  CLEARKEY_LICENCE_PATH,
  ClearKeyLicence,
  DRM_TOKEN_HEADER,
  DrmTokenResponse,
  EnableIngestResponse,
  EnterEventResponse,
} from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createTicket, createUser, login, showEntity } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { dashEpochOf } from '../../media/live-dash-index.ts';
import { createShowsRepo } from '../shows/shows.repo.ts';

// Live CENC DASH of a pushed feed (docs/media.md 9.1) on the real app: ffmpeg pushes RTMP to the
// nginx-rtmp engine, the packager cuts HLS and the DASH packager remuxes and encrypts each segment.
// Fixed ports apart from the other ingest test files' (they run side by side): HTTP 9201 (the engine's callbacks), RTMP 9235.
const HTTP_PORT = 9201;
const RTMP_PORT = 9235;
const exec = promisify(execFile);

let t: TestContext;
let liveDir: string;
let host: Record<string, string>;
const pushes: ChildProcess[] = [];

beforeAll(async () => {
  liveDir = await mkdtemp(path.join(tmpdir(), 'encore-live-dash-'));
  t = await createTestContext({
    INGEST_ENABLED: 'true',
    RTMP_PORT: String(RTMP_PORT),
    PORT: String(HTTP_PORT),
    LIVE_DIR: liveDir,
    SHOWS_CACHE_MS: '0',
  });
  await t.app.listen({ port: HTTP_PORT, host: '127.0.0.1' });
  host = auth(await login(t.app, (await createUser(t.db, { role: 'host' })).email));
}, 60_000);
afterAll(async () => {
  for (const p of pushes) p.kill('SIGKILL');
  await t?.close();
  // A packager may still close its last segment while the app stops: retry the removal.
  await rm(liveDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
});

/** A synthetic encoder: 426x240 test picture, ultrafast, 1 s GOP, and a tone. */
function push(key: string, seconds: number): Promise<number | null> {
  const child = spawn(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-re'],
      ...['-f', 'lavfi', '-i', 'testsrc2=size=426x240:rate=30'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '30', '-b:v', '400k'],
      ...['-c:a', 'aac', '-t', String(seconds), '-f', 'flv', `rtmp://127.0.0.1:${RTMP_PORT}/live/${key}`],
    ],
    { stdio: 'ignore' },
  );
  pushes.push(child);
  return new Promise((resolve) => child.on('exit', (code) => resolve(code)));
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const get = (url: string) => t.app.inject({ method: 'GET', url });
const post = (url: string) => t.app.inject({ method: 'POST', url, headers: host });

/** MD5 of the decoded pictures of a file (decrypting CENC with `key`): equal sums, equal frames. */
async function pictureMd5(file: string, key?: string): Promise<string> {
  const args = ['-hide_banner', '-loglevel', 'quiet'];
  if (key) args.push('-decryption_key', key);
  args.push('-i', file, '-map', '0:v', '-f', 'md5', '-');
  return (
    await exec('ffmpeg', args).catch((e: { stdout?: string }) => ({ stdout: e.stdout ?? '' }))
  ).stdout.trim();
}

describe('live CENC DASH of an ingest show that has DASH', () => {
  it('the MPD follows the show clock; the licence key decrypts the same frames as HLS; a drop is a new Period; End show makes it static', async () => {
    const entity = showEntity({ startIn: -5, enterIn: -10 });
    entity.streams = {
      'mix-stream1': {
        hls: { url: '/media/mix-stream1/index.m3u8' },
        dash: { url: '/media/mix-stream1/dash/live.mpd' },
      },
      'mix-stream2': { hls: { url: '/media/mix-stream2/index.m3u8' } },
    };
    const show = await createShowsRepo(t.db).insert(entity);
    const slug = show.slug;
    const enabled = await t.app.inject({
      method: 'PUT',
      url: `/thor/host/shows/${slug}/ingest/`,
      headers: host,
      payload: { ladder: [] },
    });
    const keys = new Map(EnableIngestResponse.parse(enabled.json()).new_keys.map((k) => [k.stream, k.key]));
    const row = await createShowsRepo(t.db).findBySlug(slug);
    expect(row?.details.streams['mix-stream1']?.dash?.url).toBe(
      `/media/live/${slug}/mix-stream1/dash/live.mpd`,
    );
    expect(row?.details.streams['mix-stream2']?.dash).toBeUndefined();
    expect((await get(`/media/live/${slug}/mix-stream1/dash/live.mpd`)).json().code).toBe('NOT_ON_AIR');

    const first = push(keys.get('mix-stream1') ?? '', 16);
    const mpd = await until('three video fragments and audio', async () => {
      const res = await get(`/media/live/${slug}/mix-stream1/dash/live.mpd`);
      return res.statusCode === 200 && (res.body.match(/<S /g) ?? []).length >= 6 ? res.body : undefined;
    });
    await until('Go live', async () =>
      (await post(`/thor/host/shows/${slug}/ingest/go-live/`)).statusCode === 200 ? true : undefined,
    );
    expect(mpd).toContain('type="dynamic"');
    const epoch = dashEpochOf(entity.event.event_start_time);
    expect(mpd).toContain(`availabilityStartTime="${new Date(epoch).toISOString()}"`);
    expect(mpd).toContain('contentType="audio"');
    expect(mpd).toMatch(/codecs="avc1\.[0-9a-f]{6}" width="426" height="240"/);
    const kidUuid = /cenc:default_KID="([0-9a-f-]{36})"/.exec(mpd)?.[1] ?? '';
    const kid = Buffer.from(kidUuid.replaceAll('-', ''), 'hex').toString('base64url');

    // Fragment n is HLS segment n: its time on the DASH timeline is that segment's program date.
    const video = /<Representation id="source"[^>]*>.*?<\/Representation>/s.exec(mpd)?.[0] ?? '';
    const startNumber = Number(/startNumber="(\d+)"/.exec(video)?.[1]);
    const t0 = Number(/<S t="(\d+)"/.exec(video)?.[1]);
    const hls = (await get(`/media/live/${slug}/mix-stream1/source/live.m3u8`)).body;
    const pdts = [...hls.matchAll(/#EXT-X-PROGRAM-DATE-TIME:(\S+)\n#EXTINF:[\d.]+,\n(\d+)\.ts/g)];
    const pdt = Date.parse(pdts.find((m) => Number(m[2]) === startNumber)?.[1] ?? '');
    expect(Math.abs(epoch + t0 / 90 - pdt)).toBeLessThan(5);

    // A ticket holder's DRM token gets the key from the ClearKey licence.
    const fan = await createUser(t.db);
    await createTicket(t.db, { userId: fan.id, showId: show.id, attributes: { mview: 4 } });
    const headers = auth(await login(t.app, fan.email));
    const entered = await t.app.inject({ method: 'POST', url: `/thor/shows/${slug}/enter/`, headers });
    const qs = new URLSearchParams({
      video: String(show.channel_id),
      stream: 'mix-stream1',
      paid_event: String(show.paid_event_id),
      stream_type: 'dash',
      session_id: EnterEventResponse.parse(entered.json()).session_id,
    });
    const drm = DrmTokenResponse.parse(
      (await t.app.inject({ method: 'GET', url: `/thor/video/drm/?${qs}`, headers })).json(),
    );
    const lic = await t.app.inject({
      method: 'POST',
      url: CLEARKEY_LICENCE_PATH,
      headers: { ...headers, [DRM_TOKEN_HEADER]: drm.token },
      payload: { kids: [kid], type: 'temporary' },
    });
    expect(lic.statusCode, lic.body).toBe(200);
    const key = Buffer.from(ClearKeyLicence.parse(lic.json()).keys[0]?.k ?? '', 'base64url').toString('hex');
    const forged = await t.app.inject({
      method: 'POST',
      url: CLEARKEY_LICENCE_PATH,
      headers: { ...headers, [DRM_TOKEN_HEADER]: drm.token },
      payload: {
        kids: [
          Buffer.from(`${kidUuid.replaceAll('-', '').slice(0, 16)}0000000000000000`, 'hex').toString(
            'base64url',
          ),
        ],
        type: 'temporary',
      },
    });
    expect(forged.statusCode).toBe(404);

    // The fragment decrypts to exactly the pictures of the HLS segment of the same number.
    const n = startNumber + 1;
    const init = (await get(`/media/live/${slug}/mix-stream1/dash/source/init-0.mp4`)).rawPayload;
    const frag = (await get(`/media/live/${slug}/mix-stream1/dash/source/${n}.m4s`)).rawPayload;
    const dashFile = path.join(liveDir, 'probe.mp4');
    await writeFile(dashFile, Buffer.concat([init, frag]));
    const ingest = await t.db
      .selectFrom('ingest_streams')
      .selectAll()
      .where('show_id', '=', show.id)
      .where('stream', '=', 'mix-stream1')
      .executeTakeFirstOrThrow();
    const iv = /IV=0x([0-9a-f]{32})/.exec(hls)?.[1] ?? '';
    const decipher = createDecipheriv(
      'aes-128-cbc',
      Buffer.from(ingest.media_key, 'hex'),
      Buffer.from(iv, 'hex'),
    );
    const segment = (await get(`/media/live/${slug}/mix-stream1/source/${n}.ts`)).rawPayload;
    const tsFile = path.join(liveDir, 'probe.ts');
    await writeFile(tsFile, Buffer.concat([decipher.update(segment), decipher.final()]));
    const want = await pictureMd5(tsFile);
    expect(want).not.toBe('');
    expect(await pictureMd5(dashFile, key)).toBe(want);
    expect(await pictureMd5(dashFile)).not.toBe(want);
    const audioInit = await get(`/media/live/${slug}/mix-stream1/dash/audio/init-0.mp4`);
    expect(audioInit.statusCode).toBe(200);
    expect(audioInit.rawPayload.includes(Buffer.from('enca'))).toBe(true);

    // The encoder drops and returns: its second run is a second Period with its own init segment.
    await first;
    void push(keys.get('mix-stream1') ?? '', 30);
    const two = await until('a second Period', async () => {
      const body = (await get(`/media/live/${slug}/mix-stream1/dash/live.mpd`)).body;
      return /<Period id="1"[^>]*>.*<S /s.test(body) ? body : undefined;
    });
    expect(two).toContain('init-1.mp4');
    const starts = [...two.matchAll(/<Period id="\d+" start="PT([\d.]+)S"/g)].map((m) => Number(m[1]));
    expect(starts[1]).toBeGreaterThan(starts[0] ?? Number.POSITIVE_INFINITY);

    expect((await post(`/thor/host/shows/${slug}/ingest/end/`)).statusCode).toBe(200);
    const replay = await until('a static MPD', async () => {
      const body = (await get(`/media/live/${slug}/mix-stream1/dash/live.mpd`)).body;
      return body.includes('type="static"') ? body : undefined;
    });
    expect(replay).toMatch(/mediaPresentationDuration="PT\d/);
    expect(replay).toContain('<Period id="0" start="PT0S">');
    expect(replay).toContain('<Period id="1"');
    expect(replay).not.toContain('UTCTiming');
  }, 180_000);
});
