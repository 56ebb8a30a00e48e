import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DrmTokenResponse, EnableIngestResponse, EnterEventResponse } from '@encore/contract';
import * as hlsParser from 'hls-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createTicket, createUser, login, showEntity } from '../../test/factories.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createShowsRepo } from '../modules/shows/shows.repo.ts';
import { type LiveRung, type LiveSegment, writeLiveIndex } from './live-index.ts';
import { renderLivePlaylist } from './live-ll.ts';

// The live origin of pushed feeds (issue 11): playlists from a packager's index, and the key route
// behind the DRM token of the show's own ticket holders.
let t: TestContext;
let liveDir: string;
let host: Record<string, string>;
beforeAll(async () => {
  liveDir = await mkdtemp(path.join(tmpdir(), 'encore-origin-'));
  t = await createTestContext({ LIVE_DIR: liveDir, SHOWS_CACHE_MS: '0' });
  host = auth(await login(t.app, (await createUser(t.db, { role: 'host' })).email));
});
afterAll(async () => {
  await t?.close();
  await rm(liveDir, { recursive: true, force: true });
});

const seg = (sn: number, disc = false): LiveSegment => ({
  sn,
  dur: 2,
  pdt: Date.parse('2026-11-24T20:00:00Z') + sn * 2000,
  disc,
  bytes: 1000,
});
const rung = (segments: LiveSegment[]): LiveRung => ({
  name: 'source',
  width: 426,
  height: 240,
  codecs: 'avc1.64001e,mp4a.40.2',
  frameRate: 30,
  bandwidth: 800_000,
  segments,
});

describe('renderLivePlaylist', () => {
  it('keeps every segment its discontinuity number, stamps each with the show clock, and ends with ENDLIST once ended', () => {
    // Two encoder runs: 0-4, then 5-9 after a drop.
    const r = rung([
      ...Array.from({ length: 5 }, (_, i) => seg(i)),
      ...Array.from({ length: 5 }, (_, i) => seg(5 + i, i === 0)),
    ]);
    const key = { uri: '/media/live/s/keys/mix-stream1?kid=abcd1234', iv: `0x${'0'.repeat(32)}` };
    const live = renderLivePlaylist({ rung: r, listed: r.segments.slice(-3), ended: false, vod: false, key });
    expect(live).toContain('#EXT-X-MEDIA-SEQUENCE:7');
    // Segment 7 comes after the drop: its discontinuity number is 1 in every version of the window.
    expect(live).toContain('#EXT-X-DISCONTINUITY-SEQUENCE:1');
    expect(live).not.toContain('#EXT-X-ENDLIST');
    expect(live).toContain('#EXT-X-PROGRAM-DATE-TIME:2026-11-24T20:00:14.000Z');
    const across = renderLivePlaylist({
      rung: r,
      listed: r.segments.slice(-7),
      ended: false,
      vod: false,
      key,
    });
    expect(across).toContain('#EXT-X-DISCONTINUITY-SEQUENCE:0');
    expect(across.match(/#EXT-X-DISCONTINUITY\n/g)).toHaveLength(1);
    const ended = renderLivePlaylist({ rung: r, listed: r.segments, ended: true, vod: true, key });
    expect(ended).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(ended.trim().endsWith('#EXT-X-ENDLIST')).toBe(true);
    expect(ended.match(/#EXTINF/g)).toHaveLength(10);
  });
});

describe('the live origin routes', () => {
  it('404 NOT_ON_AIR before a push; playlists from the index; the key only with a DRM token of this show', async () => {
    const repo = createShowsRepo(t.db);
    const entity = showEntity({ startIn: 10, enterIn: -10 });
    const other = showEntity({ startIn: 10, enterIn: -10 });
    const [show, otherShow] = [await repo.insert(entity), await repo.insert(other)];
    for (const s of [entity, other]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/thor/host/shows/${s.slug}/ingest/`,
        headers: host,
        payload: {},
      });
      EnableIngestResponse.parse(res.json());
    }
    const master = await t.app.inject({
      method: 'GET',
      url: `/media/live/${entity.slug}/mix-stream1/index.m3u8`,
    });
    expect(master.statusCode).toBe(404);
    expect(master.json().code).toBe('NOT_ON_AIR');

    await writeLiveIndex(path.join(liveDir, entity.slug, 'mix-stream1', 'index.json'), {
      version: 1,
      ended: false,
      rungs: [rung([seg(0), seg(1)])],
    });
    // The origin reads an index at most every 250 ms per stream.
    const masterUrl = `/media/live/${entity.slug}/mix-stream1/index.m3u8`;
    await expect
      .poll(async () => (await t.app.inject({ method: 'GET', url: masterUrl })).statusCode)
      .toBe(200);
    const listed = await t.app.inject({ method: 'GET', url: masterUrl });
    expect(listed.body).toContain('RESOLUTION=426x240');
    const media = await t.app.inject({
      method: 'GET',
      url: `/media/live/${entity.slug}/mix-stream1/source/live.m3u8`,
    });
    expect(media.headers['cache-control']).toBe('public, max-age=1');
    const keyUri = /URI="([^"]+)"/.exec(media.body)?.[1] ?? '';
    expect(keyUri).toMatch(new RegExp(`^/media/live/${entity.slug}/keys/mix-stream1\\?kid=[0-9a-f]{16}$`));

    // A fan of this show, entered, with a DRM token: the key. A token of another show: 403.
    const tokenOf = async (s: typeof show) => {
      const user = await createUser(t.db);
      await createTicket(t.db, { userId: user.id, showId: s.id, attributes: { mview: 4 } });
      const headers = auth(await login(t.app, user.email));
      const entered = await t.app.inject({ method: 'POST', url: `/thor/shows/${s.slug}/enter/`, headers });
      const sessionId = EnterEventResponse.parse(entered.json()).session_id;
      const qs = new URLSearchParams({
        video: String(s.channel_id),
        stream: 'mix-stream1',
        paid_event: String(s.paid_event_id),
        stream_type: 'hls',
        session_id: sessionId,
      });
      const res = await t.app.inject({ method: 'GET', url: `/thor/video/drm/?${qs}`, headers });
      expect(res.statusCode, res.body).toBe(200);
      return DrmTokenResponse.parse(res.json()).token;
    };
    expect((await t.app.inject({ method: 'GET', url: keyUri })).statusCode).toBe(401);
    const key = await t.app.inject({
      method: 'GET',
      url: keyUri,
      headers: { 'x-encore-drm-token': await tokenOf(show) },
    });
    expect(key.statusCode).toBe(200);
    expect(key.rawPayload).toHaveLength(16);
    expect(key.headers['cache-control']).toBe('private, no-store');
    const cross = await t.app.inject({
      method: 'GET',
      url: keyUri,
      headers: { 'x-encore-drm-token': await tokenOf(otherShow) },
    });
    expect(cross.statusCode).toBe(403);
    // The demo's key route never hands an ingest show's token a demo key either way round.
    const video = await t.app.inject({
      method: 'GET',
      url: `/thor/video/${show.channel_id}/`,
      headers: host,
    });
    expect(video.json().drm.encrypted).toBe(true);
  });
});

describe('live playlist distance (glass to glass)', () => {
  const rung: LiveRung = {
    name: 'source',
    width: 426,
    height: 240,
    codecs: null,
    frameRate: 30,
    bandwidth: 600_000,
    segments: [],
  };
  const seg = (sn: number, dur: number): LiveSegment => ({
    sn,
    dur,
    pdt: 1_800_000_000_000 + sn * 1000,
    disc: false,
    bytes: 1000,
  });
  const key = { uri: '/media/live/s/keys/mix-stream1?kid=k', iv: `0x${'0'.repeat(32)}` };

  it('one target for the life of the stream, HOLD-BACK three of it; LL: parts of the newest segments, the open one, a hint (strict hls-parser)', () => {
    hlsParser.setOptions({ strictMode: true });
    // A run's first segment listed beside later ones, as the packager cuts them (never over 1.4 s).
    const listed = [seg(0, 1.3), ...[1, 2, 3, 4, 5].map((sn) => seg(sn, 1))].map((s) => ({
      ...s,
      parts: [0.334, 0.333, s.dur - 0.667].map((dur, i) => ({ dur, ind: i === 0 })),
    }));
    const withSegments = { ...rung, segments: listed };
    const live = renderLivePlaylist({ rung: withSegments, listed, ended: false, vod: false, key });
    expect(live).toContain('#EXT-X-TARGETDURATION:1\n');
    expect(live).toContain('#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,HOLD-BACK=3.000\n');
    expect(live).not.toContain('EXT-X-PART');
    expect(() => hlsParser.parse(live)).not.toThrow();
    const open = { sn: 6, pdt: 1_800_000_006_000, disc: false, parts: [{ dur: 0.333, ind: true }] };
    const ll = renderLivePlaylist({
      rung: withSegments,
      listed,
      ended: false,
      vod: false,
      key,
      open,
      lowLatency: true,
    });
    expect(ll).toContain('PART-HOLD-BACK=1.050,HOLD-BACK=3.000');
    expect(ll).toContain('#EXT-X-PART-INF:PART-TARGET=0.350');
    // Parts of segments 4 and 5, then the open segment 6's first part and the hint of its second.
    expect(ll.match(/#EXT-X-PART:/g)).toHaveLength(7);
    expect(ll).toContain('#EXT-X-PART:DURATION=0.333,URI="6.0.ts",INDEPENDENT=YES');
    expect(ll.trim().endsWith('#EXT-X-PRELOAD-HINT:TYPE=PART,URI="6.1.ts"')).toBe(true);
    const parsed = hlsParser.parse(ll) as hlsParser.types.MediaPlaylist;
    expect(parsed.partTargetDuration).toBe(0.35);
    expect(parsed.segments.at(-1)?.parts).toHaveLength(2);
    // A discontinuity before an encoder's return goes before the open segment's parts.
    const back = renderLivePlaylist({
      rung: withSegments,
      listed,
      ended: false,
      vod: false,
      key,
      open: { ...open, disc: true },
      lowLatency: true,
    });
    expect(() => hlsParser.parse(back)).not.toThrow();
    // A short part may only end its segment: held back (the hint names it) until the segment closes.
    const short = { ...open, parts: [...open.parts, { dur: 0.1, ind: false }] };
    const held = renderLivePlaylist({
      rung: withSegments,
      listed,
      ended: false,
      vod: false,
      key,
      open: short,
      lowLatency: true,
    });
    expect(held).not.toContain('URI="6.1.ts",');
    expect(held.trim().endsWith('#EXT-X-PRELOAD-HINT:TYPE=PART,URI="6.1.ts"')).toBe(true);
    expect(() => hlsParser.parse(held)).not.toThrow();
    const ended = renderLivePlaylist({ rung: withSegments, listed, ended: true, vod: false, key });
    expect(ended).not.toContain('HOLD-BACK');
    expect(() => hlsParser.parse(ended)).not.toThrow();
  });
});
