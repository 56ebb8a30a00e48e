import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Channel } from '@encore/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createShow, createUser, login } from '../../test/factories.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { crawlStrict, strictPlaylist } from '../../test/strict-playlist.ts';
import type { LiveDashIndex } from './live-dash-index.ts';
import { indexFile, type LiveRung, type LiveStreamIndex, writeLiveIndex } from './live-index.ts';
import { reairingDash, reairingView } from './live-reairing.ts';

// Re-airing playlists (docs/media.md): the recording of a live-ingest show plays as a live stream on
// the re-airing's clock. The index is written as a packager writes it, so no encoder is needed.
let t: TestContext;
let liveDir: string;
let host: Record<string, string>;

beforeAll(async () => {
  liveDir = await mkdtemp(path.join(tmpdir(), 'encore-reairing-'));
  t = await createTestContext({ LIVE_DIR: liveDir, SHOWS_CACHE_MS: '0' });
  host = auth(await login(t.app, (await createUser(t.db, { role: 'host' })).email));
});
afterAll(async () => {
  await t?.close();
  await rm(liveDir, { recursive: true, force: true });
});

const rungOf = (first: number, count: number, disc: number[] = []): LiveRung => ({
  name: 'source',
  width: 426,
  height: 240,
  codecs: null,
  frameRate: 30,
  bandwidth: 500_000,
  segments: Array.from({ length: count }, (_, i) => ({
    sn: i,
    dur: 2,
    pdt: first + i * 2000,
    disc: disc.includes(i),
    bytes: 1000,
  })),
});

describe('reairingView', () => {
  const rung = rungOf(1_000_000, 30, [20]);

  it('lists the segments aired on the re-airing clock, shifted onto it, in a sliding window', () => {
    const start = 5_000_000;
    const view = reairingView(rung, { start, origin: null }, start + 11_000, 3);
    expect(view?.ended).toBe(false);
    expect(view?.listed.map((s) => [s.sn, s.pdt])).toEqual([
      [2, start + 4000],
      [3, start + 6000],
      [4, start + 8000],
    ]);
  });

  it('is null before the first segment has aired (the doors), and ends once the recording has played out', () => {
    expect(reairingView(rung, { start: 5_000_000, origin: null }, 5_001_999, 60)).toBeNull();
    const done = reairingView(rung, { start: 5_000_000, origin: null }, 5_060_000, 3);
    expect(done?.ended).toBe(true);
    expect(done?.listed).toHaveLength(30);
  });

  it('starts at Go live: segments pushed before it are left out', () => {
    const view = reairingView(rung, { start: 5_000_000, origin: 1_010_000 }, 5_004_000, 60);
    expect(view?.listed.map((s) => [s.sn, s.pdt])).toEqual([
      [5, 5_000_000],
      [6, 5_002_000],
    ]);
    expect(view?.rung.segments[0]?.sn).toBe(5);
  });

  it('plays the replay window: a trimmed end (or End show) leaves out what was pushed after it', () => {
    const view = reairingView(rung, { start: 5_000_000, origin: 1_010_000, end: 1_020_000 }, 5_060_000, 60);
    expect(view?.listed.map((s) => s.sn)).toEqual([5, 6, 7, 8, 9]);
    expect(view?.ended).toBe(true);
  });
});

describe('reairingDash', () => {
  // A recording's dash.json: 2 s video fragments (90 kHz) from 1_000_000 ms, audio (48 kHz) 20 ms later.
  const frags = (timescale: number, from: number) =>
    Array.from({ length: 30 }, (_, n) => ({
      n,
      t: ((from - epoch) * timescale) / 1000 + n * 2 * timescale,
      d: 2 * timescale,
    }));
  const epoch = 0;
  const rep = (name: string, kind: 'video' | 'audio', timescale: number, from: number) => ({
    name,
    kind,
    timescale,
    codecs: '',
    width: null,
    height: null,
    bandwidth: 1,
    segments: frags(timescale, from),
  });
  const index: LiveDashIndex = {
    version: 1,
    epoch,
    runs: [
      {
        id: 0,
        start: 1_000_000,
        reps: [rep('source', 'video', 90_000, 1_000_000), rep('audio', 'audio', 48_000, 1_000_020)],
      },
    ],
  };
  const ns = (d: { index: LiveDashIndex } | null, kind = 'source') =>
    d?.index.runs[0]?.reps.find((r) => r.name === kind)?.segments.map((s) => s.n);

  it('lists the fragments of each representation aired on the re-airing clock; the offset is Go live to the start', () => {
    const start = 5_000_000;
    const aired = reairingDash(index, { start, origin: 1_010_000 }, start + 4_010);
    expect(aired?.shiftMs).toBe(start - 1_010_000);
    expect(aired?.ended).toBe(false);
    // Go live (10 s in) begins video fragment 5 and falls in audio's 4, which starts before it and is
    // left out as the replay leaves it out; each by its own end: audio's 6 ends 20 ms after video's 6,
    // not aired yet.
    expect(ns(aired)).toEqual([5, 6]);
    expect(ns(aired, 'audio')).toEqual([5]);
  });

  it('is null in the doors, starts at the first fragment without Go live, ends once all has aired', () => {
    expect(reairingDash(index, { start: 5_000_000, origin: null }, 5_001_999)).toBeNull();
    expect(ns(reairingDash(index, { start: 5_000_000, origin: null }, 5_002_000))).toEqual([0]);
    const done = reairingDash(index, { start: 5_000_000, origin: null }, 5_060_020);
    expect(done?.ended).toBe(true);
    expect(ns(done)).toHaveLength(30);
  });
});

/**
 * An ingest show whose main window (5 h to 3 h ago) is over, with a closed 60 s recording of
 * mix-stream1 that went live at its first segment, and a re-airing `reairingIn` minutes from now.
 */
async function recordedShow(reairingIn: number) {
  const show = await createShow(t.db, { startIn: -300, duration: 120, reairings: [{ startIn: reairingIn }] });
  const enabled = await t.app.inject({
    method: 'PUT',
    url: `/thor/host/shows/${show.slug}/ingest/`,
    headers: host,
    payload: {},
  });
  expect(enabled.statusCode).toBe(200);
  const wentLive = show.event_start_time.getTime();
  await t.db
    .updateTable('show_broadcasts')
    .set({ state: 'replay', live_at: new Date(wentLive), ended_at: new Date(wentLive + 60_000) })
    .where('show_id', '=', show.id)
    .execute();
  const index: LiveStreamIndex = { version: 1, ended: true, rungs: [rungOf(wentLive, 30, [20])] };
  await writeLiveIndex(indexFile(liveDir, show.slug, 'mix-stream1'), index);
  return show;
}

const playlist = (slug: string) => t.app.inject({ url: `/media/live/${slug}/mix-stream1/source/live.m3u8` });
const get = async (url: string) => {
  const res = await t.app.inject({ url });
  return { statusCode: res.statusCode, body: res.body };
};
const keyLine = (body: string) => body.split('\n').find((l) => l.startsWith('#EXT-X-KEY'));

describe('the live origin during a re-airing', () => {
  it('plays the recording as a live stream from the re-airing start, same keys; the show is live again', async () => {
    const show = await recordedShow(-11 / 60);
    const replay = await recordedShow(60);
    const res = await playlist(show.slug);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=1');
    expect(res.body).toContain('#EXT-X-MEDIA-SEQUENCE:0');
    expect(res.body).not.toContain('#EXT-X-ENDLIST');
    expect(res.body).not.toContain('#EXT-X-PLAYLIST-TYPE');
    const pdts = [...res.body.matchAll(/#EXT-X-PROGRAM-DATE-TIME:(.+)/g)].map((m) => Date.parse(m[1] ?? ''));
    // About 5 of the 30 segments have aired; the first plays at the re-airing's start.
    expect(pdts.length).toBeGreaterThanOrEqual(4);
    expect(pdts.length).toBeLessThan(15);
    const reairingStart = Date.parse(show.details.reairings[0]?.event_start_time ?? '');
    expect(Math.abs((pdts[0] ?? 0) - reairingStart)).toBeLessThan(2);
    // The key is the show's recording key, behind the same DRM route.
    expect(keyLine(res.body)).toContain(`/media/live/${show.slug}/keys/mix-stream1?kid=`);
    // Every playlist of the re-airing (multivariant, live, LL, lite, VOD) parses strictly.
    for (const m of ['index', 'll', 'lite']) {
      expect(await crawlStrict(get, `/media/live/${show.slug}/mix-stream1/${m}.m3u8`)).toBeGreaterThan(1);
    }
    strictPlaylist((await get(`/media/live/${show.slug}/mix-stream1/source/vod.m3u8`)).body, 'vod');

    // Its caption playlist (a host who captions the show live) mirrors the same window on the same clock.
    await sql`update shows set details = jsonb_set(details, '{caption_files}',
      '[{"language":"en","label":"English","url":"/media/captions/en.vtt"}]') where id = ${show.id}`.execute(
      t.db,
    );
    const captions = await t.app.inject({
      url: `/media/live/${show.slug}/mix-stream1/captions/en/live.m3u8`,
    });
    expect(captions.statusCode, captions.body).toBe(200);
    expect(captions.body).not.toContain('#EXT-X-ENDLIST');
    strictPlaylist(captions.body, 're-airing captions');
    expect(captions.body).toContain(`#EXT-X-PROGRAM-DATE-TIME:${new Date(pdts[0] ?? 0).toISOString()}`);

    const fan = auth(await login(t.app, (await createUser(t.db)).email));
    const channel = await t.app.inject({ url: `/thor/channels/${show.channel_id}/`, headers: fan });
    expect(Channel.parse(channel.json()).status).toBe('live');

    // Outside a re-airing the recording is the on-demand replay: all of it, original clock, ENDLIST.
    const vod = await playlist(replay.slug);
    expect(vod.statusCode).toBe(200);
    expect(vod.body).toContain('#EXT-X-ENDLIST');
    expect(vod.body).toContain(`#EXT-X-PROGRAM-DATE-TIME:${replay.event_start_time.toISOString()}`);
    expect(vod.body.match(/#EXTINF/g)).toHaveLength(30);
    expect(await crawlStrict(get, `/media/live/${replay.slug}/mix-stream1/index.m3u8`)).toBeGreaterThan(1);
    const ended = await t.app.inject({ url: `/thor/channels/${replay.channel_id}/`, headers: fan });
    expect(Channel.parse(ended.json()).status).toBe('ended');
  });

  it('during the re-airing doors nothing is on air yet; once played out the playlist ends', async () => {
    const doors = await recordedShow(10);
    const waiting = await playlist(doors.slug);
    expect(waiting.statusCode).toBe(404);
    expect(waiting.json()).toMatchObject({ code: 'NOT_ON_AIR' });

    const over = await recordedShow(-2);
    const res = await playlist(over.slug);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('#EXT-X-ENDLIST');
    expect(res.body.match(/#EXTINF/g)).toHaveLength(30);
    expect(res.body).toContain('#EXT-X-DISCONTINUITY\n');
    expect(await crawlStrict(get, `/media/live/${over.slug}/mix-stream1/index.m3u8`)).toBeGreaterThan(1);
  });
});
