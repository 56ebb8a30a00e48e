import type { ChildProcess } from 'node:child_process';
import { createDecipheriv } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  CLEARKEY_LICENCE_PATH,
  ClearKeyLicence,
  DRM_TOKEN_HEADER,
  DrmTokenResponse,
  EnableIngestResponse,
  EnterEventResponse,
} from '@encore/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createTicket, createUser, login, showEntity } from '../../../test/factories.ts';
import { testPort } from '../../../test/free-port.ts';
import type { TestContext } from '../../../test/harness.ts';
import { type IngestApp, startIngestApp } from '../../../test/ingest-app.ts';
import { mpdFragments, pictureMd5, pushTestFeed, until } from '../../../test/live-feed.ts';
import { dashEpochOf } from '../../media/live-dash-index.ts';
import { createShowsRepo } from '../shows/shows.repo.ts';

// Live CENC DASH of a pushed feed (docs/media.md 9.1) on the real app: ffmpeg pushes RTMP to the
// nginx-rtmp engine, the packager cuts HLS and the DASH packager remuxes and encrypts each segment.
// Fixed ports apart from the other ingest test files' (they run side by side): HTTP 9201 (the engine's
// callbacks), RTMP 9235; INGEST_DASH_TEST_HTTP_PORT / _RTMP_PORT move them when engineers run it side by side.
const HTTP_PORT = Number(process.env.INGEST_DASH_TEST_HTTP_PORT ?? testPort(9201));
const RTMP_PORT = Number(process.env.INGEST_DASH_TEST_RTMP_PORT ?? testPort(9235));

let t: TestContext;
let liveDir: string;
let host: Record<string, string>;
let pushes: ChildProcess[] = [];
let ingest: IngestApp | undefined;

beforeAll(async () => {
  ingest = await startIngestApp({ prefix: 'encore-live-dash-', httpPort: HTTP_PORT, rtmpPort: RTMP_PORT });
  ({ t, liveDir, host, pushes } = ingest);
}, 60_000);
afterAll(async () => {
  await ingest?.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });
const post = (url: string) => t.app.inject({ method: 'POST', url, headers: host });
const mpdOf = (slug: string) => get(`/media/live/${slug}/mix-stream1/dash/live.mpd`);

function push(key: string, seconds: number): Promise<number | null> {
  const feed = pushTestFeed(`rtmp://127.0.0.1:${RTMP_PORT}/live/${key}`, seconds);
  pushes.push(feed.child);
  return feed.exited;
}

/** A DASH show whose main window began 5 minutes ago, on live ingest (passthrough): its stream keys. */
async function dashShow() {
  const entity = showEntity({ startIn: -5, enterIn: -10 });
  entity.streams = {
    'mix-stream1': {
      hls: { url: '/media/mix-stream1/index.m3u8' },
      dash: { url: '/media/mix-stream1/dash/live.mpd' },
    },
    'mix-stream2': { hls: { url: '/media/mix-stream2/index.m3u8' } },
  };
  const show = await createShowsRepo(t.db).insert(entity);
  const enabled = await t.app.inject({
    method: 'PUT',
    url: `/thor/host/shows/${show.slug}/ingest/`,
    headers: host,
    payload: { ladder: [] },
  });
  const keys = new Map(EnableIngestResponse.parse(enabled.json()).new_keys.map((k) => [k.stream, k.key]));
  return { entity, show, slug: show.slug, keys };
}

describe('live CENC DASH of an ingest show that has DASH', () => {
  it('the MPD follows the show clock; the licence key decrypts the same frames as HLS; a drop is a new Period; End show makes it static', async () => {
    const { entity, show, slug, keys } = await dashShow();
    const row = await createShowsRepo(t.db).findBySlug(slug);
    expect(row?.details.streams['mix-stream1']?.dash?.url).toBe(
      `/media/live/${slug}/mix-stream1/dash/live.mpd`,
    );
    expect(row?.details.streams['mix-stream2']?.dash).toBeUndefined();
    expect((await mpdOf(slug)).json().code).toBe('NOT_ON_AIR');

    const first = push(keys.get('mix-stream1') ?? '', 16);
    const mpd = await until('three video fragments and audio', async () => {
      const res = await mpdOf(slug);
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

    // Fragment n is HLS segment n: its time on the DASH timeline is that segment's program date. The
    // run's first segment opens with sound before its first keyframe: its picture ends where the next
    // segment begins.
    const startNumber = Number(/startNumber="(\d+)"/.exec(mpd)?.[1]);
    const hls = (await get(`/media/live/${slug}/mix-stream1/source/live.m3u8`)).body;
    const pdts = [...hls.matchAll(/#EXT-X-PROGRAM-DATE-TIME:(\S+)\n#EXTINF:[\d.]+,\n(\d+)\.ts/g)];
    const pdt = new Map(pdts.map((m) => [Number(m[2]), Date.parse(m[1] ?? '')]));
    const fragments = mpdFragments(mpd, 'source');
    expect(fragments.length).toBeGreaterThanOrEqual(3);
    for (const [i, f] of fragments.entries()) {
      if (i === 0) expect(Math.abs(f.end - (pdt.get(f.n + 1) ?? 0))).toBeLessThan(5);
      else expect(Math.abs(f.start - (pdt.get(f.n) ?? 0))).toBeLessThan(5);
    }

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
      const body = (await mpdOf(slug)).body;
      return /<Period id="1"[^>]*>.*<S /s.test(body) ? body : undefined;
    });
    expect(two).toContain('init-1.mp4');
    const starts = [...two.matchAll(/<Period id="\d+" start="PT([\d.]+)S"/g)].map((m) => Number(m[1]));
    expect(starts[1]).toBeGreaterThan(starts[0] ?? Number.POSITIVE_INFINITY);

    expect((await post(`/thor/host/shows/${slug}/ingest/end/`)).statusCode).toBe(200);
    const replay = await until('a static MPD', async () => {
      const body = (await mpdOf(slug)).body;
      return body.includes('type="static"') ? body : undefined;
    });
    expect(replay).toMatch(/mediaPresentationDuration="PT\d/);
    // The replay is the show clock's window from Go live (issue 27): its first fragment is the first
    // one that starts at or after Go live, within a fragment or two.
    const firstStart = Number(/<Period id="0" start="PT([\d.]+)S">/.exec(replay)?.[1]);
    expect(firstStart).toBeGreaterThanOrEqual(0);
    expect(firstStart).toBeLessThanOrEqual(2);
    expect(replay).toContain('<Period id="1"');
    expect(replay).not.toContain('UTCTiming');
  }, 180_000);

  it('during a re-airing the MPD is live on its clock, exactly as its HLS: aired fragments only, not on air in its doors, static once played out', async () => {
    const { entity, show, slug, keys } = await dashShow();
    const hlsOf = async () => {
      const body = (await get(`/media/live/${slug}/mix-stream1/source/live.m3u8`)).body;
      const listed = [...body.matchAll(/#EXT-X-PROGRAM-DATE-TIME:(\S+)\n#EXTINF:[\d.]+,\n(\d+)\.ts/g)];
      return { body, pdt: new Map(listed.map((m) => [Number(m[2]), Date.parse(m[1] ?? '')])) };
    };
    // 20 s: the replay is the window from Go live, and must stay well longer than the 5 s aired below.
    const pushed = push(keys.get('mix-stream1') ?? '', 20);
    await until('two video fragments and audio', async () => {
      const res = await mpdOf(slug);
      return res.statusCode === 200 && (res.body.match(/<S /g) ?? []).length >= 4 ? true : undefined;
    });
    await until('Go live', async () =>
      (await post(`/thor/host/shows/${slug}/ingest/go-live/`)).statusCode === 200 ? true : undefined,
    );
    await pushed;
    // The night's timelines, every fragment and segment at its show-clock date (the encoder has left).
    const liveMpd = (await mpdOf(slug)).body;
    const liveHls = await hlsOf();
    expect((await post(`/thor/host/shows/${slug}/ingest/end/`)).statusCode).toBe(200);
    const replayed = await until('the replay', async () => {
      const body = (await mpdOf(slug)).body;
      return body.includes('type="static"') ? body : undefined;
    });
    const broadcast = await t.db
      .selectFrom('show_broadcasts')
      .select('live_at')
      .where('show_id', '=', show.id)
      .executeTakeFirstOrThrow();
    const liveAt = broadcast.live_at?.getTime() ?? 0;
    const kidOf = (mpd: string) => /cenc:default_KID="([0-9a-f-]{36})"/.exec(mpd)?.[1];
    /** The main show over and one re-airing from `start` (ms), or none. */
    const reairAt = async (start: number | null) => {
      const reairings = start === null ? [] : [{ event_start_time: new Date(start).toISOString() }];
      await sql`update shows set event_end_time = ${new Date(Date.now() - 1000).toISOString()}::timestamptz,
        details = jsonb_set(details, '{reairings}', ${JSON.stringify(reairings)}::jsonb)
        where id = ${show.id}`.execute(t.db);
      // The origins look a show's re-airing up at most once a second.
      await new Promise((r) => setTimeout(r, 1100));
    };

    // On air for 5 s: Go live played at the re-airing's start, one offset for the whole timeline.
    const start = Date.now() - 5000;
    await reairAt(start);
    const res = await mpdOf(slug);
    const asked = Date.now();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=1');
    expect(res.body).toContain('type="dynamic"');
    expect(res.body).toContain('<UTCTiming');
    const epoch = dashEpochOf(entity.event.event_start_time);
    expect(res.body).toContain(`availabilityStartTime="${new Date(epoch + start - liveAt).toISOString()}"`);
    expect(kidOf(res.body)).toBe(kidOf(replayed));
    const video = mpdFragments(res.body, 'source');
    expect(video.length).toBeGreaterThanOrEqual(2);
    // The re-airing plays the replay's window (issue 27): its first fragment is the replay's first, the
    // first to start at or after Go live, so it airs within a fragment of the re-airing's start.
    const replayFirst = mpdFragments(replayed, 'source')[0];
    expect(video[0]?.n).toBe(replayFirst?.n);
    expect(video[0]?.start).toBeGreaterThanOrEqual(start - 1);
    expect((video[0]?.start ?? 0) - start).toBeLessThan(
      (replayFirst?.end ?? 0) - (replayFirst?.start ?? 0) + 1,
    );
    // Only what has aired: fewer than the recording's, each over by the time of the request.
    expect(video.length).toBeLessThan(mpdFragments(replayed, 'source').length - 2);
    for (const f of [...video, ...mpdFragments(res.body, 'audio')]) expect(f.end).toBeLessThanOrEqual(asked);
    // One offset for both: each fragment and each HLS segment plays its night's date plus it.
    const shift = start - liveAt;
    const night = new Map(mpdFragments(liveMpd, 'source').map((f) => [f.n, f.start]));
    // Within the MPD's own precision: its dates and periods are written to the millisecond.
    for (const f of video) expect(Math.abs(f.start - shift - (night.get(f.n) ?? 0))).toBeLessThanOrEqual(1);
    const hls = await hlsOf();
    expect(hls.pdt.size).toBeGreaterThanOrEqual(2);
    for (const [n, pdt] of hls.pdt) expect(pdt - shift).toBe(liveHls.pdt.get(n));
    // So a DASH and an HLS viewer of the re-airing see fragment n and segment n at the same date.
    for (const f of video.filter((f) => hls.pdt.has(f.n))) {
      expect(Math.abs(f.start - (hls.pdt.get(f.n) ?? 0))).toBeLessThan(5);
    }

    // In the re-airing's doors nothing has aired yet.
    await reairAt(Date.now() + 10 * 60_000);
    const doors = await mpdOf(slug);
    expect(doors.statusCode).toBe(404);
    expect(doors.json()).toMatchObject({ code: 'NOT_ON_AIR' });
    expect(doors.headers['retry-after']).toBe('2');

    // Played out: static, the show's fragments (from Go live to the end) as HLS lists them; live caching.
    await reairAt(Date.now() - 60_000);
    const over = await mpdOf(slug);
    expect(over.body).toContain('type="static"');
    expect(over.body).not.toContain('UTCTiming');
    expect(over.headers['cache-control']).toBe('public, max-age=1');
    const played = await hlsOf();
    expect(played.body).toContain('#EXT-X-ENDLIST');
    const shown = mpdFragments(over.body, 'source').map((f) => f.n);
    expect(shown).toEqual([...played.pdt.keys()]);
    const recorded = mpdFragments(replayed, 'source').map((f) => f.n);
    expect(shown[0]).toBe(video[0]?.n);
    expect(shown).toEqual(recorded.slice(recorded.indexOf(shown[0] ?? -1)));

    // Outside a re-airing: the replay as before, the line checks before Go live included.
    await reairAt(null);
    const replay = await mpdOf(slug);
    expect(replay.headers['cache-control']).toBe('public, max-age=60');
    expect(replay.body).toBe(replayed);
  }, 120_000);
});
