import { EnableIngestResponse, ErrorBody, ReplayTrim } from '@encore/contract';
import * as hlsParser from 'hls-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { showEntity } from '../../../test/factories.ts';
import { testPort } from '../../../test/free-port.ts';
import type { TestContext } from '../../../test/harness.ts';
import { type IngestApp, startIngestApp } from '../../../test/ingest-app.ts';
import { mpdFragments, pushTestFeed, until } from '../../../test/live-feed.ts';
import { createShowsRepo } from '../shows/shows.repo.ts';

// The replay on the show clock (issue 27) on the real ingest: nginx-rtmp, ffmpeg packagers, 426x240
// ultrafast feeds with 1 s keyframes. A pre-show test on angle 1, then the show on two angles with a
// 10 s drop on angle 2, Go live and End show; then the replay's window (HLS on both angles, the static
// MPD of angle 1, which has DASH), its trim and its refusals.
// Ports of engineer h27b's range (HTTP 8810, RTMP 19430), movable by env.
const HTTP_PORT = Number(process.env.INGEST_REPLAY_TEST_HTTP_PORT ?? testPort(8810));
const RTMP_PORT = Number(process.env.INGEST_REPLAY_TEST_RTMP_PORT ?? testPort(19430));

let t: TestContext;
let host: Record<string, string>;
let ingest: IngestApp | undefined;

beforeAll(async () => {
  ingest = await startIngestApp({ prefix: 'encore-replay-', httpPort: HTTP_PORT, rtmpPort: RTMP_PORT });
  ({ t, host } = ingest);
  hlsParser.setOptions({ strictMode: true });
}, 60_000);
afterAll(async () => {
  await ingest?.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });
const hostCall = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: host, payload: payload as never });

function push(key: string, seconds: number) {
  const p = pushTestFeed(`rtmp://127.0.0.1:${RTMP_PORT}/live/${key}`, seconds);
  ingest?.pushes.push(p.child);
  return p;
}

type Media = hlsParser.types.MediaPlaylist;
const parse = (body: string) => hlsParser.parse(body) as Media;
const lengthOf = (p: Media) => p.segments.reduce((s, x) => s + x.duration, 0);
/** The program date (ms) at media time `t` of a playlist: what a player's picture shows there. */
function dateAt(p: Media, time: number): number | null {
  let at = 0;
  for (const s of p.segments) {
    if (time < at + s.duration) return (s.programDateTime?.getTime() ?? Number.NaN) + (time - at) * 1000;
    at += s.duration;
  }
  return null;
}
const realSegments = (p: Media) => p.segments.filter((s) => !s.gap);
/** The sequence number a segment's file is named by (`<n>.ts`): the MPD's fragment of the same frames. */
const numberOf = (s: hlsParser.types.Segment | undefined) => Number(/(\d+)\.ts$/.exec(s?.uri ?? '')?.[1]);
const endOf = (s: hlsParser.types.Segment) => (s.programDateTime?.getTime() ?? 0) + s.duration * 1000;
const waitFor = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the replay on the show clock (issue 27)', () => {
  it('spans Go live to End show on every angle and keeps a drop as a gap; a trimmed replay starts and ends where the host set it, in HLS and the MPD', async () => {
    const entity = showEntity({ startIn: -5, enterIn: -10 });
    // Two angles, no mosaic, fan wall or 4K (their encoders would only cost CPU here); angle 1 has DASH.
    entity.streams = {
      'mix-stream1': {
        hls: { url: '/media/mix-stream1/index.m3u8' },
        dash: { url: '/media/mix-stream1/dash/live.mpd' },
      },
      'mix-stream2': { hls: { url: '/media/mix-stream2/index.m3u8' } },
    };
    const show = await createShowsRepo(t.db).insert(entity);
    const slug = show.slug;
    const enabled = await hostCall('PUT', `/thor/host/shows/${slug}/ingest/`, { ladder: [] });
    expect(enabled.statusCode).toBe(200);
    const keys = EnableIngestResponse.parse(enabled.json()).new_keys;
    const keyOf = (stream: string) => keys.find((k) => k.stream === stream)?.key ?? '';
    const replayUrl = `/thor/host/shows/${slug}/replay/`;
    const playlist = async (stream: string) =>
      (await get(`/media/live/${slug}/${stream}/source/live.m3u8`)).body;
    const mpd = async () => (await get(`/media/live/${slug}/mix-stream1/dash/live.mpd`)).body;

    // The line check before the show: a few segments on angle 1, then its encoder stops.
    const check = push(keyOf('mix-stream1'), 60);
    await until('the line check', async () =>
      (await playlist('mix-stream1')).split('#EXTINF').length > 3 ? true : undefined,
    );
    check.child.kill('SIGKILL');
    await check.exited;
    const preShowEnd = Date.now();
    // The show: angle 1 for 80 s; angle 2 for 30 s, a 10 s drop, then back until the end.
    const angle1 = push(keyOf('mix-stream1'), 80).exited;
    const angle2 = push(keyOf('mix-stream2'), 30).exited;
    await until('both angles on air', async () => {
      const a = await playlist('mix-stream1');
      const b = await playlist('mix-stream2');
      return a.split('#EXTINF').length > 6 && b.includes('#EXTINF') ? true : undefined;
    });
    const goLive = await hostCall('POST', `/thor/host/shows/${slug}/ingest/go-live/`);
    expect(goLive.statusCode).toBe(200);
    // Not ended: no replay to trim yet.
    const early = await hostCall('GET', replayUrl);
    expect(early.statusCode).toBe(409);
    expect(ErrorBody.parse(early.json()).code).toBe('REPLAY_NOT_READY');

    await angle2;
    await waitFor(10_000); // the encoder's drop itself
    const back = push(keyOf('mix-stream2'), 80).exited;
    await angle1;
    const ended = await hostCall('POST', `/thor/host/shows/${slug}/ingest/end/`);
    expect(ended.statusCode).toBe(200);
    await Promise.all([back, angle1]);
    await until(
      'the replay',
      async () =>
        (await playlist('mix-stream1')).includes('#EXT-X-ENDLIST') &&
        (await playlist('mix-stream2')).includes('#EXT-X-ENDLIST')
          ? true
          : undefined,
      60_000,
    );

    // The default window: Go live to End show, the same on both angles.
    const window = ReplayTrim.parse((await hostCall('GET', replayUrl)).json());
    const liveAt = Date.parse(window.live_at ?? '');
    const endedAt = Date.parse(window.ended_at ?? '');
    expect(window.start_at).toBe(window.live_at);
    expect(window.end_at).toBe(window.ended_at);
    expect(Date.parse(window.recording_start_at)).toBeLessThan(preShowEnd);
    const a = parse(await playlist('mix-stream1'));
    const b = parse(await playlist('mix-stream2'));
    const span = (endedAt - liveAt) / 1000;
    expect(lengthOf(a)).toBeCloseTo(span, 1);
    expect(lengthOf(b)).toBeCloseTo(span, 1);
    expect(Math.abs(lengthOf(a) - lengthOf(b))).toBeLessThan(0.2);
    // No picture of the line check: each angle's first picture is at or after Go live, within a
    // segment, and ends by End show (angle 1's encoder left just before it, later by as much as it ran
    // slower than real time: its frames are dated by its own clock).
    const lastEnds: number[] = [];
    for (const [name, p] of [
      ['mix-stream1', a],
      ['mix-stream2', b],
    ] as const) {
      const real = realSegments(p);
      const first = real[0]?.programDateTime?.getTime() ?? 0;
      expect(first, name).toBeGreaterThanOrEqual(liveAt - 1);
      expect(first - liveAt, name).toBeLessThan(1500);
      const last = real.at(-1);
      const lastEnd = last ? endOf(last) : 0;
      expect(lastEnd, name).toBeLessThanOrEqual(endedAt + 1);
      expect(endedAt - lastEnd, name).toBeLessThan(10_000);
      lastEnds.push(lastEnd);
      // A replay that opens with a gap says where its picture starts (hls.js cannot start on a gap).
      const lead = p.segments[0]?.gap ? (first - liveAt) / 1000 : 0;
      if (lead > 0) expect(p.start?.offset, name).toBeCloseTo(lead, 1);
      else expect(p.start, name).toBeUndefined();
    }
    // Angle 2's drop is a gap of at least its 10 s (the encoder's reconnect adds its start-up, and an
    // encoder slower than real time under load dates its run shorter than the wall clock it took).
    const gapS = b.segments.filter((s) => s.gap).reduce((s, x) => s + x.duration, 0);
    expect(gapS).toBeGreaterThan(9);
    // Every entry, segment or gap, starts where the one before ended: the listing is the show clock
    // without a hole, on both angles.
    for (const p of [a, b]) {
      p.segments.slice(1).forEach((s, i) => {
        const prev = p.segments[i];
        expect(Math.abs((s.programDateTime?.getTime() ?? 0) - (prev ? endOf(prev) : 0))).toBeLessThan(110);
      });
    }
    // A switch at 60 s: the same show-clock moment on both angles.
    const at60a = dateAt(a, 60);
    const at60b = dateAt(b, 60);
    expect(at60a).not.toBeNull();
    expect(Math.abs((at60a ?? 0) - (at60b ?? 0))).toBeLessThan(100);
    expect(Math.abs((at60a ?? 0) - (liveAt + 60_000))).toBeLessThan(1500);

    // The static MPD (angle 1) is the same window: its fragments are the replay playlist's segments,
    // the first one the first at or after Go live, the last one ending by End show.
    const checkMpd = async (from: number, to: number, hls: Media) => {
      const durationOf = (body: string) => Number(/mediaPresentationDuration="PT([\d.]+)S"/.exec(body)?.[1]);
      // The origin reads the window at most once a second.
      const body = await until('the MPD of this window', async () => {
        const m = await mpd();
        return Math.abs(durationOf(m) - (to - from) / 1000) < 0.01 ? m : undefined;
      });
      expect(body).toContain('type="static"');
      // A static MPD's media time 0 is the window's start on the show clock, which it names
      // (availabilityStartTime, to the millisecond): its fragments read as show-clock dates.
      const anchor = Date.parse(/availabilityStartTime="([^"]+)"/.exec(body)?.[1] ?? '');
      expect(Math.abs(anchor - from)).toBeLessThanOrEqual(1);
      const video = mpdFragments(body, 'source');
      const real = realSegments(hls);
      expect(video[0]?.n).toBe(numberOf(real[0]));
      expect(video.at(-1)?.n).toBe(numberOf(real.at(-1)));
      expect(video[0]?.start ?? 0).toBeGreaterThanOrEqual(from - 1);
      expect((video[0]?.start ?? 0) - from).toBeLessThan(1500);
      expect(video.at(-1)?.end ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(to + 1);
      for (const f of mpdFragments(body, 'audio')) {
        expect(f.start).toBeGreaterThanOrEqual(from - 1);
        expect(f.end).toBeLessThanOrEqual(to + 1);
      }
    };
    await checkMpd(liveAt, endedAt, a);

    // Refusals: start not before end, outside the recording, a stale version.
    const bad = async (body: unknown, status: number, code: string, field: string) => {
      const res = await hostCall('PUT', replayUrl, body);
      expect(res.statusCode, JSON.stringify(res.json())).toBe(status);
      const error = ErrorBody.parse(res.json());
      expect([error.code, error.field]).toEqual([code, field]);
      return error;
    };
    const invalid = 'REPLAY_TRIM_INVALID';
    const iso = (ms: number) => new Date(ms).toISOString();
    const v = window.version;
    const at = (start: number | null, end: number | null) => ({
      start_at: start === null ? null : iso(start),
      end_at: end === null ? null : iso(end),
      version: v,
    });
    await bad(at(liveAt + 20_000, liveAt + 10_000), 400, invalid, 'end_at');
    await bad(at(liveAt - 3_600_000, null), 400, invalid, 'start_at');
    await bad(at(null, endedAt + 3_600_000), 400, invalid, 'end_at');
    await bad({ start_at: 'yesterday', end_at: null, version: v }, 400, 'BAD_REQUEST', 'start_at');
    // A refused trim changes nothing.
    expect(ReplayTrim.parse((await hostCall('GET', replayUrl)).json()).version).toBe(v);

    // The trim: 5 s after Go live to 8 s before the last picture both angles have (End show, less
    // what a slow encoder fell behind), on every angle, without re-encoding.
    const start = liveAt + 5_000;
    const end = Math.min(endedAt, ...lastEnds) - 8_000;
    const saved = await hostCall('PUT', replayUrl, { start_at: iso(start), end_at: iso(end), version: v });
    expect(saved.statusCode).toBe(200);
    const trim = ReplayTrim.parse(saved.json());
    expect(trim.version).toBe(v + 1);
    expect([trim.start_trimmed, trim.end_trimmed]).toEqual([true, true]);
    const stale = await bad({ start_at: null, end_at: null, version: v }, 409, 'REPLAY_STALE', 'version');
    expect(stale.current_version).toBe(v + 1);
    // The origin reads the window at most once a second.
    await until('the trimmed playlists', async () =>
      (realSegments(parse(await playlist('mix-stream1')))[0]?.programDateTime?.getTime() ?? 0) >= start - 1
        ? true
        : undefined,
    );
    const trimmed: Media[] = [];
    for (const stream of ['mix-stream1', 'mix-stream2']) {
      const p = parse(await playlist(stream));
      trimmed.push(p);
      expect(lengthOf(p), stream).toBeCloseTo((end - start) / 1000, 1);
      const real = realSegments(p);
      const first = real[0]?.programDateTime?.getTime() ?? 0;
      expect(first, stream).toBeGreaterThanOrEqual(start - 1);
      expect(first - start, stream).toBeLessThan(1500);
      const last = real.at(-1);
      expect(last ? endOf(last) : 0, stream).toBeLessThanOrEqual(end + 1);
      expect(end - (last ? endOf(last) : 0), stream).toBeLessThan(1500);
      // The segments are the recording's own files (nothing re-encoded): the first one plays.
      expect((await get(`/media/live/${slug}/${stream}/source/${real[0]?.uri}`)).statusCode).toBe(200);
    }
    // The MPD follows the same trim, fragment for segment.
    await checkMpd(start, end, trimmed[0] as Media);
    // The whole recording is still there (vod.m3u8), and null goes back to the defaults.
    const vod = parse((await get(`/media/live/${slug}/mix-stream1/source/vod.m3u8`)).body);
    expect(realSegments(vod)[0]?.programDateTime?.getTime()).toBeLessThan(preShowEnd);
    const reset = await hostCall('PUT', replayUrl, { start_at: null, end_at: null, version: v + 1 });
    expect(ReplayTrim.parse(reset.json()).start_at).toBe(window.live_at);
  }, 240_000);
});
