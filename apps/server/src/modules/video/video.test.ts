import { createDecipheriv } from 'node:crypto';
import {
  DRM_TOKEN_HEADER,
  DrmTokenResponse,
  EnterEventResponse,
  type TicketAttributes,
  VideoResponse,
} from '@encore/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  createTicket,
  createUser,
  expiredDrmToken,
  login,
  showEntity,
} from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { LIVE_WINDOW_SEGMENTS } from '../../media/media.routes.ts';
import { demoShows } from '../../seed/demo-shows.ts';
import { createShowsRepo } from '../shows/shows.repo.ts';
import { createDrmTokens } from './drm-token.ts';

// The real app on the real demo media (test/global-setup.ts generates it when missing).
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t?.close();
});

const ORIGIN_STREAMS = [
  'mix-stream1',
  'mix-stream2',
  'streampips4',
  'streampips6',
  'fanwall-stream',
  'stream4k',
];

/** An open show (doors opened 20 minutes ago) on the origin's demo streams, or on `streams`. */
async function openShow(streams: string[] = ORIGIN_STREAMS) {
  const entity = showEntity({ startIn: 10 });
  entity.streams = Object.fromEntries(streams.map((s) => [s, { hls: { url: `/media/${s}/index.m3u8` } }]));
  return createShowsRepo(t.db).insert(entity);
}

type Show = Awaited<ReturnType<typeof openShow>>;

async function fan(show: Show, attributes: TicketAttributes | null = { mview: 4 }) {
  const user = await createUser(t.db);
  if (attributes) await createTicket(t.db, { userId: user.id, showId: show.id, attributes });
  const headers = auth(await login(t.app, user.email));
  return { user, headers };
}

async function enter(show: Show, headers: Record<string, string>): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: `/thor/shows/${show.slug}/enter/`, headers });
  expect(res.statusCode).toBe(200);
  return EnterEventResponse.parse(res.json()).session_id;
}

function drm(headers: Record<string, string>, query: Record<string, string | number>) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  return t.app.inject({ method: 'GET', url: `/thor/video/drm/?${qs}`, headers });
}

const drmQuery = (show: Show, sessionId: string, stream = 'mix-stream1') => ({
  video: show.channel_id,
  stream,
  paid_event: show.paid_event_id,
  stream_type: 'hls',
  session_id: sessionId,
});

async function tokenFor(
  show: Show,
  headers: Record<string, string>,
  sessionId: string,
  stream = 'mix-stream1',
) {
  const res = await drm(headers, drmQuery(show, sessionId, stream));
  expect(res.statusCode, res.body).toBe(200);
  return DrmTokenResponse.parse(res.json());
}

async function kidOf(stream: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: `/media/${stream}/360p/live.m3u8` });
  const kid = /kid=([0-9a-f]+)/.exec(res.body)?.[1];
  if (!kid) {
    // Mosaics and 4K have no 360p rung: any variant carries the same key line.
    const master = await t.app.inject({ method: 'GET', url: `/media/${stream}/index.m3u8` });
    const variant = /^([a-z0-9]+)\/live\.m3u8/m.exec(master.body)?.[1];
    const media = await t.app.inject({ method: 'GET', url: `/media/${stream}/${variant}/live.m3u8` });
    return /kid=([0-9a-f]+)/.exec(media.body)?.[1] ?? '';
  }
  return kid;
}

function key(stream: string, token?: string, kid?: string) {
  return t.app.inject({
    method: 'GET',
    url: `/media/keys/${stream}${kid ? `?kid=${kid}` : ''}`,
    headers: token === undefined ? {} : { [DRM_TOKEN_HEADER]: token },
  });
}

describe('GET /thor/video/drm/', () => {
  it('200 gives a ticket holder a token bound to the device session, refreshed before it expires', async () => {
    const show = await openShow();
    const { headers } = await fan(show, { type: 'Directors', '4K': true });
    const session = await enter(show, headers);
    const body = await tokenFor(show, headers, session);
    expect(body).toMatchObject({
      header: DRM_TOKEN_HEADER,
      stream: 'mix-stream1',
      stream_type: 'hls',
      provider: 'aes',
      entitlements: { multiview: 6, uhd: true },
      licence: null,
      expires_in: t.config.drm.tokenTtlSeconds,
    });
    const expires = Date.parse(body.expires_at);
    expect(Date.parse(body.refresh_at)).toBe(expires - 60_000);
    expect(expires - Date.now()).toBeGreaterThan((t.config.drm.tokenTtlSeconds - 5) * 1000);
    expect(body.token).toMatch(/^[\w-]+\.[\w-]+$/);
  });

  it('401 without an auth token', async () => {
    const show = await openShow();
    const res = await drm({}, drmQuery(show, '00000000-0000-4000-8000-000000000000'));
    expect(res.statusCode).toBe(401);
  });

  it('400 VIDEO_NOT_FOUND for a malformed query; 404 VIDEO_NOT_FOUND for no such video or stream', async () => {
    const show = await openShow(['mix-stream1']);
    const { headers } = await fan(show);
    const session = await enter(show, headers);
    const q = drmQuery(show, session);
    for (const bad of [
      { ...q, video: 'abc' },
      { ...q, stream: 'mix-stream1/../x' },
      { ...q, stream_type: 'smooth' },
      { ...q, session_id: 'nope' },
      { ...q, paid_event: 'x' },
    ]) {
      const res = await drm(headers, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().code).toBe('VIDEO_NOT_FOUND');
    }
    for (const missing of [
      { ...q, video: 999_999_999 },
      { ...q, stream: 'mix-stream2' },
      { ...q, stream_type: 'dash' },
      { ...q, paid_event: show.paid_event_id + 1 },
    ]) {
      const res = await drm(headers, missing);
      expect(res.statusCode, JSON.stringify(missing)).toBe(404);
      expect(res.json().code).toBe('VIDEO_NOT_FOUND');
    }
  });

  it('403 NO_TICKET without a ticket, and for paid_event 0', async () => {
    const show = await openShow();
    const holder = await fan(show);
    const session = await enter(show, holder.headers);
    const zero = await drm(holder.headers, { ...drmQuery(show, session), paid_event: 0 });
    expect(zero.statusCode).toBe(403);
    expect(zero.json().code).toBe('NO_TICKET');

    const stranger = await fan(show, null);
    const res = await drm(stranger.headers, drmQuery(show, session));
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('NO_TICKET');
  });

  it('403 NOT_ENTITLED for a stream beyond the ticket: 4K without the 4K view, angles on a GA ticket', async () => {
    const show = await openShow();
    const ga = await fan(show, { type: 'GA' });
    const gaSession = await enter(show, ga.headers);
    for (const stream of ['stream4k', 'mix-stream2', 'streampips4']) {
      const res = await drm(ga.headers, drmQuery(show, gaSession, stream));
      expect(res.statusCode, stream).toBe(403);
      expect(res.json().code).toBe('NOT_ENTITLED');
    }
    expect((await drm(ga.headers, drmQuery(show, gaSession, 'fanwall-stream'))).statusCode).toBe(200);

    const four = await fan(show, { mview: 4 });
    const fourSession = await enter(show, four.headers);
    expect((await drm(four.headers, drmQuery(show, fourSession, 'streampips4'))).statusCode).toBe(200);
    expect((await drm(four.headers, drmQuery(show, fourSession, 'streampips6'))).statusCode).toBe(403);
  });

  it('409 TOO_MANY_DEVICES for a device logged out by a newer one; 409 NOT_ACTIVE after leaving or for another user', async () => {
    const show = await openShow();
    const { headers } = await fan(show);
    const first = await enter(show, headers);
    await enter(show, headers);
    await enter(show, headers);
    const res = await drm(headers, drmQuery(show, first));
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('TOO_MANY_DEVICES');

    const other = await fan(show);
    const theirs = await enter(show, other.headers);
    const foreign = await drm(headers, drmQuery(show, theirs));
    expect(foreign.statusCode).toBe(409);
    expect(foreign.json().code).toBe('NOT_ACTIVE');

    const left = await t.app.inject({
      method: 'DELETE',
      url: `/thor/shows/${show.slug}/enter/${theirs}/`,
      headers: other.headers,
    });
    expect(left.statusCode).toBe(204);
    const after = await drm(other.headers, drmQuery(show, theirs));
    expect(after.statusCode).toBe(409);
    expect(after.json().code).toBe('NOT_ACTIVE');
  });
});

describe('GET /media/keys/<stream> with a DRM token', () => {
  it('a ticket holder gets the key, and it decrypts a live segment into MPEG-TS', async () => {
    const show = await openShow();
    const { headers } = await fan(show);
    const session = await enter(show, headers);
    const { token } = await tokenFor(show, headers, session);

    const playlist = await t.app.inject({ method: 'GET', url: '/media/mix-stream1/360p/live.m3u8' });
    expect(playlist.statusCode).toBe(200);
    const keyLine = /#EXT-X-KEY:METHOD=AES-128,URI="([^"]+)",IV=0x([0-9a-f]{32})/.exec(playlist.body);
    expect(keyLine).not.toBeNull();
    const [, keyUri = '', iv = ''] = keyLine ?? [];
    const segment = playlist.body.split('\n').find((l) => l.endsWith('.ts')) ?? '';

    const res = await t.app.inject({ method: 'GET', url: keyUri, headers: { [DRM_TOKEN_HEADER]: token } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload).toHaveLength(16);

    const data = await t.app.inject({ method: 'GET', url: `/media/mix-stream1/360p/${segment}` });
    expect(data.statusCode).toBe(200);
    // As stored it is no MPEG-TS: the sync bytes of the first ten packets are not all there.
    const syncs = (b: Buffer) =>
      Array.from({ length: 10 }, (_, i) => b[i * 188]).filter((x) => x === 0x47).length;
    expect(syncs(data.rawPayload)).toBeLessThan(10);
    const decipher = createDecipheriv('aes-128-cbc', res.rawPayload, Buffer.from(iv, 'hex'));
    const clear = Buffer.concat([decipher.update(data.rawPayload), decipher.final()]);
    // MPEG-TS: a 0x47 sync byte every 188 bytes.
    expect(clear.length % 188).toBe(0);
    for (let i = 0; i < clear.length; i += 188) expect(clear[i]).toBe(0x47);
    expect(syncs(clear)).toBe(10);
  });

  it('one token opens every stream the view covers, and no other', async () => {
    const show = await openShow();
    const { headers } = await fan(show, { mview: 4 });
    const session = await enter(show, headers);
    const { token } = await tokenFor(show, headers, session);
    for (const stream of ['mix-stream2', 'streampips4', 'fanwall-stream']) {
      expect((await key(stream, token, await kidOf(stream))).statusCode, stream).toBe(200);
    }
    for (const stream of ['streampips6', 'stream4k']) {
      const res = await key(stream, token);
      expect(res.statusCode, stream).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
  });

  it('401 without a token, 403 for a forged one, 401 DRM_TOKEN_EXPIRED for an expired one', async () => {
    const show = await openShow();
    const { user, headers } = await fan(show);
    const session = await enter(show, headers);
    const { token } = await tokenFor(show, headers, session);

    const none = await key('mix-stream1');
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe('UNAUTHORIZED');

    const [payload = '', signature = ''] = token.split('.');
    // Two other last characters, never the payload's own ones.
    const tampered = `${payload.slice(0, -2)}${payload.endsWith('AA') ? 'BB' : 'AA'}.${signature}`;
    for (const bad of ['garbage', tampered, `${payload}.${'A'.repeat(43)}`]) {
      const res = await key('mix-stream1', bad);
      expect(res.statusCode, bad).toBe(403);
      expect(res.json().code).toBe('DRM_TOKEN_INVALID');
    }
    // Signed with the app's own secret, valid in every way but its expiry.
    const expired = expiredDrmToken(t.config.drm.tokenSecret, { userId: user.id, session }, show);
    const res = await key('mix-stream1', expired);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('DRM_TOKEN_EXPIRED');
    // Another secret (another deployment, a guess) is a forgery.
    const foreign = createDrmTokens(Buffer.alloc(32, 7)).issue({
      u: user.id,
      s: session,
      c: show.channel_id,
      p: show.paid_event_id,
      st: 'mix-stream1',
      mv: 6,
      k: true,
      exp: Math.floor(Date.now() / 1000) + 600,
    });
    expect((await key('mix-stream1', foreign)).statusCode).toBe(403);
  });

  it("403 for a stream of another show: a token opens only its own show's streams", async () => {
    const other = await openShow(['mix-stream1']);
    const { headers } = await fan(other, { type: 'Directors' });
    const session = await enter(other, headers);
    const { token } = await tokenFor(other, headers, session);
    expect((await key('mix-stream1', token)).statusCode).toBe(200);
    // streampips6 is the demo show's and this token's view would cover it, but its show lacks it.
    const res = await key('streampips6', token);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
  });

  it('a device logged out by a third one loses key access at once', async () => {
    const show = await openShow();
    const { headers } = await fan(show);
    const first = await enter(show, headers);
    const { token } = await tokenFor(show, headers, first);
    // Answered (and remembered as live) before the revocation.
    expect((await key('mix-stream1', token)).statusCode).toBe(200);
    await enter(show, headers);
    expect((await key('mix-stream1', token)).statusCode).toBe(200);
    await enter(show, headers);
    // The bus event arrives within the enter call in-process, and within Redis' round trip otherwise.
    await expect
      .poll(async () => (await key('mix-stream1', token)).statusCode, { timeout: 2000, interval: 20 })
      .toBe(403);
    expect((await key('mix-stream1', token)).json().code).toBe('NOT_ACTIVE');
  });
});

describe('revocation across nodes', () => {
  // Without Redis each node has its own in-process bus: a deployment of several nodes needs REDIS_URL.
  it.runIf(process.env.TEST_REDIS_URL)(
    'a device revoked through one node loses its key on another at once',
    async () => {
      const peer = await t.peer();
      const show = await openShow();
      const { headers } = await fan(show);
      const first = await enter(show, headers);
      const { token } = await tokenFor(show, headers, first);
      const peerKey = () =>
        peer.inject({
          method: 'GET',
          url: '/media/keys/mix-stream1',
          headers: { [DRM_TOKEN_HEADER]: token },
        });
      expect((await peerKey()).statusCode).toBe(200);
      await enter(show, headers);
      await enter(show, headers);
      await expect.poll(async () => (await peerKey()).statusCode, { timeout: 2000, interval: 20 }).toBe(403);
    },
  );
});

describe('live playlists', () => {
  it('slide with the clock: the media sequence advances every 2 s, same on every stream', async () => {
    const read = async (stream: string, variant: string) => {
      const body = (await t.app.inject({ method: 'GET', url: `/media/${stream}/${variant}/live.m3u8` })).body;
      return {
        seq: Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(body)?.[1]),
        dates: [...body.matchAll(/#EXT-X-PROGRAM-DATE-TIME:(\S+)/g)].map((m) => Date.parse(m[1] ?? '')),
      };
    };
    const before = await read('mix-stream1', '360p');
    const mosaic = await read('streampips4', '1080p');
    expect(Math.abs(mosaic.seq - before.seq)).toBeLessThanOrEqual(1);
    expect(before.dates).toHaveLength(LIVE_WINDOW_SEGMENTS);
    expect((before.dates.at(-1) ?? 0) - (before.dates[0] ?? 0)).toBe((LIVE_WINDOW_SEGMENTS - 1) * 2000);
    await expect
      .poll(async () => (await read('mix-stream1', '360p')).seq, { timeout: 5000, interval: 100 })
      .toBeGreaterThan(before.seq);
    const after = await read('mix-stream1', '360p');
    expect((after.dates[0] ?? 0) - (before.dates[0] ?? 0)).toBe((after.seq - before.seq) * 2000);
  });
});

describe('GET /thor/video/{id}/', () => {
  it('200 the video data of a show: sources, pips, captions, DRM', async () => {
    const show = await openShow();
    const { headers } = await fan(show);
    const res = await t.app.inject({ method: 'GET', url: `/thor/video/${show.channel_id}/`, headers });
    expect(res.statusCode).toBe(200);
    const body = VideoResponse.parse(res.json());
    expect(body).toMatchObject({
      id: show.channel_id,
      slug: show.slug,
      paid_event_id: show.paid_event_id,
      base_video: 'mix-stream1',
      live: true,
      drm: { provider: 'aes', encrypted: true },
    });
    expect(body.videos.map((v) => v.name)).toEqual(ORIGIN_STREAMS);
    expect(body.videos[0]).toEqual({
      name: 'mix-stream1',
      src: '/media/mix-stream1/index.m3u8',
      type: 'application/x-mpegURL',
    });
    expect(body.caption_files[0]?.language).toBe('en');
  });

  it('401 unauthenticated, 400 VIDEO_NOT_FOUND for a malformed id, 404 VIDEO_NOT_FOUND for an unknown one', async () => {
    const show = await openShow();
    const { headers } = await fan(show);
    expect((await t.app.inject({ method: 'GET', url: `/thor/video/${show.channel_id}/` })).statusCode).toBe(
      401,
    );
    const bad = await t.app.inject({ method: 'GET', url: '/thor/video/abc/', headers });
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'VIDEO_NOT_FOUND']);
    const unknown = await t.app.inject({ method: 'GET', url: '/thor/video/999999999/', headers });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'VIDEO_NOT_FOUND']);
  });
});

describe('DASH sources', () => {
  it('streams are keyed by stream name with hls.url and dash.url; a dash token only where DASH exists', async () => {
    const entity = showEntity({ startIn: 10 });
    entity.streams = {
      'mix-stream1': {
        hls: { url: '/media/mix-stream1/index.m3u8' },
        dash: { url: 'https://cdn.example/mix-stream1/manifest.mpd' },
      },
      'mix-stream2': { hls: { url: '/media/mix-stream2/index.m3u8' } },
    };
    const show = await createShowsRepo(t.db).insert(entity);
    const { headers } = await fan(show);
    const res = await t.app.inject({ method: 'GET', url: `/thor/video/${show.channel_id}/`, headers });
    const video = VideoResponse.parse(res.json());
    expect(video.streams['mix-stream1']).toEqual({
      hls: { url: '/media/mix-stream1/index.m3u8' },
      dash: { url: 'https://cdn.example/mix-stream1/manifest.mpd' },
    });
    expect(video.streams['mix-stream2']?.dash).toBeUndefined();
    const sessionId = await enter(show, headers);
    const dash = await drm(headers, { ...drmQuery(show, sessionId), stream_type: 'dash' });
    expect(dash.statusCode, dash.body).toBe(200);
    expect(DrmTokenResponse.parse(dash.json()).stream_type).toBe('dash');
    const none = await drm(headers, { ...drmQuery(show, sessionId, 'mix-stream2'), stream_type: 'dash' });
    expect([none.statusCode, none.json().code]).toEqual([404, 'VIDEO_NOT_FOUND']);
  });
});

describe('500 INTERNAL_SERVER_ERROR', () => {
  it('the video and the DRM token calls answer 500 INTERNAL_SERVER_ERROR when the server fails inside', async () => {
    // A node of its own, without caches, whose show and ticket tables go: the lookups behind these
    // calls throw, and the app-wide handler answers for them.
    const broken = await createTestContext({ SHOWS_CACHE_MS: '0', TICKET_CACHE_MS: '0' });
    try {
      const entity = showEntity({ startIn: 10 });
      const show = await createShowsRepo(broken.db).insert(entity);
      const user = await createUser(broken.db);
      await createTicket(broken.db, { userId: user.id, showId: show.id, attributes: { mview: 4 } });
      const headers = auth(await login(broken.app, user.email));
      const entered = await broken.app.inject({
        method: 'POST',
        url: `/thor/shows/${show.slug}/enter/`,
        headers,
      });
      const sessionId = EnterEventResponse.parse(entered.json()).session_id;
      await sql`ALTER TABLE tickets RENAME TO tickets_gone`.execute(broken.db);
      await sql`ALTER TABLE shows RENAME TO shows_gone`.execute(broken.db);
      const video = await broken.app.inject({
        method: 'GET',
        url: `/thor/video/${show.channel_id}/`,
        headers,
      });
      expect([video.statusCode, video.json().code]).toEqual([500, 'INTERNAL_SERVER_ERROR']);
      const qs = new URLSearchParams({
        video: String(show.channel_id),
        stream: 'mix-stream1',
        paid_event: String(show.paid_event_id),
        stream_type: 'hls',
        session_id: sessionId,
      });
      const token = await broken.app.inject({ method: 'GET', url: `/thor/video/drm/?${qs}`, headers });
      expect([token.statusCode, token.json().code]).toEqual([500, 'INTERNAL_SERVER_ERROR']);
    } finally {
      await broken.close();
    }
  });
});

describe('the media origin in the app', () => {
  it('/healthz reports the media build; without a media cache the app still runs and /media answers 503', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.json()).toMatchObject({
      status: 'ok',
      media: 'ready',
      media_build: expect.stringMatching(/^[0-9a-f]{8}$/),
    });

    const bare = await createTestContext({ MEDIA_DIR: '/nonexistent/media' });
    try {
      const res = await bare.app.inject({ method: 'GET', url: '/healthz' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'ok', media: 'missing', media_build: null });
      const playlist = await bare.app.inject({ method: 'GET', url: '/media/mix-stream1/index.m3u8' });
      expect(playlist.statusCode).toBe(503);
      expect(playlist.json().code).toBe('MEDIA_NOT_READY');
      expect(playlist.headers['retry-after']).toBe('10');
    } finally {
      await bare.close();
    }
  });
});

describe('the demo show and the demo media agree', () => {
  it('pips.mview boxes are the mosaic layouts; captions and streams exist in the media', async () => {
    const [show] = demoShows(new Date());
    expect(show?.pips.sinks.map((s) => s.label)).toEqual([
      'CAM 1',
      'CAM 2',
      'CAM 3',
      'CAM 4',
      'CAM 5',
      'CAM 6',
    ]);
    for (const mode of [4, 6] as const) {
      const layout = await t.app.inject({ method: 'GET', url: `/media/layouts/streampips${mode}.json` });
      expect(layout.statusCode).toBe(200);
      expect(layout.json()).toMatchObject({ width: 1920, height: 1080 });
      expect(show?.pips.mview?.[mode]).toEqual(layout.json().boxes);
    }
    expect(show?.caption_files.map((c) => c.language)).toEqual(['en', 'ko', 'ja', 'zh-cn']);
    for (const c of show?.caption_files ?? []) {
      expect((await t.app.inject({ method: 'GET', url: c.url })).statusCode, c.url).toBe(200);
    }
    expect(Object.keys(show?.streams ?? {})).toContain('stream4k');
    for (const source of Object.values(show?.streams ?? {})) {
      expect((await t.app.inject({ method: 'GET', url: source.hls.url })).statusCode, source.hls.url).toBe(
        200,
      );
    }
  });
});
