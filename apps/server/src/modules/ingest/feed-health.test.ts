import { type ChildProcess, spawn } from 'node:child_process';
import { type AngleHealth, BroadcastStatus, EnableIngestResponse } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createUser, login, showEntity } from '../../../test/factories.ts';
import { testPort } from '../../../test/free-port.ts';
import type { TestContext } from '../../../test/harness.ts';
import { type IngestApp, startIngestApp } from '../../../test/ingest-app.ts';
import { until } from '../../../test/live-feed.ts';
import { createShowsRepo } from '../shows/shows.repo.ts';
import { createFeedMeter, feedIssues } from './feed-health.ts';

// Feed health measured from what arrives (issue 25): real encoders push to the nginx-rtmp engine
// the app supervises. Ports of this engineer's range (HTTP 9242, RTMP 19352), movable by env.
const HTTP_PORT = Number(process.env.FEED_HEALTH_TEST_HTTP_PORT ?? testPort(9242));
const RTMP_PORT = Number(process.env.FEED_HEALTH_TEST_RTMP_PORT ?? testPort(19352));

let t: TestContext;
let host: Record<string, string>;
let pushes: ChildProcess[] = [];
let ingest: IngestApp | undefined;

beforeAll(async () => {
  ingest = await startIngestApp({ prefix: 'encore-health-', httpPort: HTTP_PORT, rtmpPort: RTMP_PORT });
  ({ t, host, pushes } = ingest);
}, 60_000);
afterAll(async () => {
  await ingest?.close();
});

/**
 * A synthetic encoder: 426x240 ultrafast with a 1 s GOP and a tone, read at `rate` x real time
 * (`-readrate 0.5`: an encoder that manages half of real time, as an overloaded machine does).
 */
function push(name: string, rate = 1, seconds = 60): ChildProcess {
  const readrate = ['-readrate', String(rate)];
  const child = spawn(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error'],
      ...[...readrate, '-f', 'lavfi', '-i', 'testsrc2=size=426x240:rate=30'],
      ...[...readrate, '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '30', '-b:v', '400k'],
      ...['-c:a', 'aac', '-t', String(seconds), '-f', 'flv', `rtmp://127.0.0.1:${RTMP_PORT}/live/${name}`],
    ],
    { stdio: 'ignore' },
  );
  pushes.push(child);
  return child;
}

const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: host, ...(payload ? { payload } : {}) });
const statusOf = async (slug: string) =>
  BroadcastStatus.parse((await call('GET', `/thor/host/shows/${slug}/ingest/`)).json());
const angleOf = async (slug: string, stream: string): Promise<AngleHealth | undefined> =>
  (await statusOf(slug)).angles.find((a) => a.stream === stream);

async function ingestShow(opts: Parameters<typeof showEntity>[0]) {
  const entity = showEntity(opts);
  await createShowsRepo(t.db).insert(entity);
  const enabled = await call('PUT', `/thor/host/shows/${entity.slug}/ingest/`, { ladder: [] });
  const keys = new Map(EnableIngestResponse.parse(enabled.json()).new_keys.map((k) => [k.stream, k.key]));
  return { entity, slug: entity.slug, key: (s: string) => keys.get(s) ?? '' };
}

describe('feed health from what arrives (real encoders)', () => {
  it('counts the frames of a feed pushed at half real time and flags it; a real-time feed reports its rate, sound, bitrate and picture', async () => {
    const { slug, key } = await ingestShow({ startIn: -5, enterIn: -10 });
    push(key('mix-stream1'), 1);
    push(key('mix-stream2'), 0.5);

    // The slow encoder declares 30 fps and delivers about 15: the measure says so, and why.
    const slow = await until('the half-speed angle measured', async () => {
      const a = await angleOf(slug, 'mix-stream2');
      const flagged = a?.issues.some((i) => i.code === 'encoder_too_slow');
      return a && flagged && a.received_fps !== null && a.received_fps < 20 ? a : undefined;
    });
    expect(slow.frame_rate).toBe(30);
    expect(slow.encoder_speed).toBeLessThan(0.9);
    expect(slow.label).toBe('CAM 2');
    expect(slow.issues.find((i) => i.code === 'encoder_too_slow')?.severity).toBe('critical');
    expect(slow.issues.map((i) => i.code)).toContain('low_frame_rate');
    // Its newest frame falls further behind the wall clock every second.
    await until('the slow angle falling behind', async () => {
      const a = await angleOf(slug, 'mix-stream2');
      return a?.issues.some((i) => i.code === 'falling_behind') ? true : undefined;
    });

    // The real-time encoder: its measured rate near what it declares, with sound, a graph, a picture.
    const fine = await until('the real-time angle measured', async () => {
      const a = await angleOf(slug, 'mix-stream1');
      return a &&
        a.received_fps !== null &&
        a.received_fps > 20 &&
        a.thumbnail_url &&
        a.audio_level_db !== null
        ? a
        : undefined;
    });
    expect(fine).toMatchObject({ label: 'CAM 1', frame_rate: 30, audio_present: true });
    expect(fine.audio_level_db).toBeGreaterThan(-60);
    expect(fine.issues.map((i) => i.code)).not.toContain('no_audio');
    expect(fine.bitrate_history.length).toBeGreaterThan(0);
    const thumb = await call('GET', fine.thumbnail_url ?? '');
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    expect(thumb.rawPayload.subarray(0, 2).toString('hex')).toBe('ffd8');
    // The thumbnail is the host's: a fan (or nobody) gets none.
    const fan = auth(await login(t.app, (await createUser(t.db)).email));
    expect((await t.app.inject({ url: fine.thumbnail_url ?? '', headers: fan })).statusCode).toBe(403);
    expect((await t.app.inject({ url: fine.thumbnail_url ?? '' })).statusCode).toBe(401);
  }, 180_000);

  it('records publishes with an unknown key for the host: count, time, app and the last characters only', async () => {
    const { slug } = await ingestShow({ startIn: -5, enterIn: -10 });
    const name = 'live_0123456789abcdef_not-a-real-key-wxyz';
    const before = (await statusOf(slug)).unknown_keys?.count ?? 0;
    push(name, 1, 3);
    const seen = await until('the unknown key recorded', async () => {
      const u = (await statusOf(slug)).unknown_keys;
      return u && u.count > before ? u : undefined;
    });
    expect(seen).toMatchObject({ app: 'live', key_hint: 'wxyz' });
    expect(JSON.stringify(await statusOf(slug))).not.toContain('not-a-real-key');
  }, 60_000);
});

describe('one truth for state: host list, host show, broadcast and the fan channel agree', () => {
  async function statesOf(slug: string, channelId: number) {
    const list = (await call('GET', '/thor/host/shows')).json().results as { slug: string; status: string }[];
    const fan = await t.app.inject({ url: '/thor/channels/active/' });
    const listed = (fan.json().results as { slug: string; status: string }[]).find((s) => s.slug === slug);
    const channel = await call('GET', `/thor/channels/${channelId}/`);
    return {
      list: list.find((s) => s.slug === slug)?.status,
      show: (await call('GET', `/thor/host/shows/${slug}`)).json().status,
      broadcast: (await statusOf(slug)).show_status,
      active: listed?.status,
      channel: channel.json().status,
    };
  }
  const all = (status: string) => ({
    list: status,
    show: status,
    broadcast: status,
    active: status,
    channel: status,
  });

  it('before the doors, Go live asks to open them; live and ended everywhere; a stale form is refused', async () => {
    const { entity, slug, key } = await ingestShow({ startIn: 90 });
    // A form read before Take live feeds: the live streams moved the version on.
    const before = await call('GET', `/thor/host/shows/${slug}`);
    expect(before.json().version).toBeGreaterThan(1);
    const stale = await call('PUT', `/thor/host/shows/${slug}`, { ...entity, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'SHOW_STALE', current_version: before.json().version });
    // A form of the current version that still holds the demo loop's streams keeps the live ones.
    const kept = await call('PUT', `/thor/host/shows/${slug}`, { ...entity, version: before.json().version });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().streams['mix-stream1'].hls.url).toBe(`/media/live/${slug}/mix-stream1/index.m3u8`);

    push(key('mix-stream1'), 1);
    await until('a healthy angle', async () =>
      (await angleOf(slug, 'mix-stream1'))?.healthy ? true : undefined,
    );
    expect(await statesOf(slug, entity.channel_id)).toEqual(all('upcoming'));
    const early = await call('POST', `/thor/host/shows/${slug}/ingest/go-live/`);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('DOORS_NOT_OPEN');
    expect((await statusOf(slug)).state).toBe('scheduled');

    const live = await call('POST', `/thor/host/shows/${slug}/ingest/go-live/`, { open_doors: true });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toMatchObject({ state: 'live', show_status: 'live' });
    expect(await statesOf(slug, entity.channel_id)).toEqual(all('live'));
    const opened = (await call('GET', `/thor/host/shows/${slug}`)).json();
    expect(Date.parse(opened.doors_open_at)).toBeLessThanOrEqual(Date.now());
    expect(opened.broadcast_state).toBe('live');

    const end = await call('POST', `/thor/host/shows/${slug}/ingest/end/`);
    expect(end.statusCode).toBe(200);
    // The show's clock still says it is on: the broadcast decides, everywhere.
    expect(await statesOf(slug, entity.channel_id)).toEqual(all('ended'));
  }, 120_000);
});

describe('feed issues from the figures', () => {
  const measure = { receivedFps: 30, speed: 1, behindMs: 300, bitrateKbps: 2500, history: [] };
  const base = {
    connected: true,
    nominalFps: 30,
    lastFrameAgeMs: 100,
    measure,
    keyframeIntervalS: 2,
    audioPresent: true,
    audioLevelDb: -20,
  };
  it('none for a feed in order, or one not connected', () => {
    expect(feedIssues(base)).toEqual([]);
    expect(feedIssues({ ...base, connected: false, audioPresent: false })).toEqual([]);
  });
  it('each threshold, the critical ones first', () => {
    const codes = feedIssues({
      ...base,
      measure: { ...measure, receivedFps: 13, speed: 0.42, behindMs: 60_000, bitrateKbps: 100 },
      keyframeIntervalS: 10,
      audioLevelDb: -91,
    }).map((i) => i.code);
    expect(codes).toEqual([
      'encoder_too_slow',
      'falling_behind',
      'low_frame_rate',
      'silent_audio',
      'long_keyframe_interval',
      'low_bitrate',
    ]);
    expect(feedIssues({ ...base, audioPresent: false }).map((i) => i.code)).toEqual(['no_audio']);
    expect(feedIssues({ ...base, lastFrameAgeMs: 6000 }).map((i) => i.code)).toEqual(['stale_picture']);
  });
  it('the meter counts frames and media time over wall time', () => {
    let now = 0;
    const meter = createFeedMeter(
      () => now,
      (s) => s * 1000,
    );
    for (let i = 0; i <= 10; i++) {
      now = i * 500;
      // 15 frames and half a second of media per wall second: half speed.
      meter.progress(1 + i * 7.5, i * 250);
    }
    meter.segment(50_000, 1);
    const m = meter.measure();
    expect(m.receivedFps).toBe(15);
    expect(m.speed).toBe(0.5);
    expect(m.behindMs).toBe(2500);
    expect(m.bitrateKbps).toBe(400);
    expect(m.history).toHaveLength(1);
  });
});
