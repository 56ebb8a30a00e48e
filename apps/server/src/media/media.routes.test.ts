import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { type KeyAuthorizer, mediaRoutes } from './media.routes.ts';

// A tiny media cache: fake segments and a hand-written manifest, so the routes need no ffmpeg.
const BUILD = 'abcdef01';
const KEY = Buffer.from('00112233445566778899aabbccddeeff', 'hex');
const LAYOUT = {
  stream: 'streampips4',
  width: 1920,
  height: 1080,
  boxes: [1, 2, 3, 4].map((id, i) => ({
    id,
    label: `CAM ${id}`,
    x: (i % 2) * 960,
    y: Math.floor(i / 2) * 540,
    width: 960,
    height: 540,
  })),
};

function stream(name: string, segmentCount: number, variants: string[], extra: Record<string, unknown> = {}) {
  return {
    kind: 'angle',
    label: name,
    segmentCount,
    captions: true,
    key: { id: `${name.length}0aa11bb22cc33dd`, file: `keys/${name}.key`, iv: `0x${'ab'.repeat(16)}` },
    variants: variants.map((v, i) => ({
      name: v,
      width: 1280 >> i,
      height: 720 >> i,
      bandwidth: 2_800_000 >> i,
      averageBandwidth: 2_000_000 >> i,
      codecs: 'avc1.4d401f,mp4a.40.2',
      frameRate: 25,
      segmentCount,
    })),
    layout: null,
    ...extra,
  };
}

async function writeFixture(dir: string) {
  const streams = {
    'mix-stream1': stream('mix-stream1', 3, ['720p', '360p']),
    streampips4: stream('streampips4', 3, ['1080p'], { kind: 'mosaic', layout: LAYOUT }),
    stream4k: stream('stream4k', 2, ['2160p'], { kind: '4k', captions: false }),
  };
  for (const [name, s] of Object.entries(streams)) {
    await mkdir(path.join(dir, 'keys'), { recursive: true });
    await writeFile(path.join(dir, s.key.file), KEY);
    for (const v of s.variants) {
      await mkdir(path.join(dir, 'streams', name, v.name), { recursive: true });
      for (let i = 0; i < s.segmentCount; i++) {
        await writeFile(
          path.join(dir, 'streams', name, v.name, `seg_0000${i}.ts`),
          `ts ${name}/${v.name}/${i}`,
        );
      }
    }
  }
  await mkdir(path.join(dir, 'captions', 'en'), { recursive: true });
  await writeFile(
    path.join(dir, 'captions', 'en.vtt'),
    'WEBVTT\n\ncue-1\n00:00:00.500 --> 00:00:03.000\nHello\n',
  );
  for (let i = 0; i < 3; i++) {
    await writeFile(
      path.join(dir, 'captions', 'en', `seg_0000${i}.vtt`),
      `WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:133200,LOCAL:00:00:00.000\n`,
    );
  }
  const manifest = {
    format: 1,
    fingerprint: 'test',
    buildId: BUILD,
    generatedAt: new Date(NOW - 3_600_000).toISOString(),
    segmentDuration: 2,
    captions: { segmentCount: 3, languages: [{ lang: 'en', name: 'English' }] },
    streams,
  };
  await writeFile(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
}

/** The media plugin in a Fastify set up like buildApp's: Zod compilers and the {code, message} errors. */
async function buildMediaApp(mediaDir: string, keyAuthorizer: KeyAuthorizer, now: () => number) {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler((error, _req, reply) => {
    if (error instanceof AppError)
      return reply.code(error.status).send({ code: error.code, message: error.message });
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(400).send({ code: 'BAD_REQUEST', message: error.message });
    }
    return reply.code(500).send({ code: 'INTERNAL_SERVER_ERROR', message: 'failed' });
  });
  await app.register(mediaRoutes({ mediaDir, keyAuthorizer, now }));
  await app.ready();
  return app;
}

const NOW = Date.UTC(2026, 4, 1, 20, 0, 1);
let dir: string;
let app: FastifyInstance;
let clock = NOW;
// The DRM token stands in for a ticket holder's; the real authorizer checks it against tickets.
const authorizer: KeyAuthorizer = (req, streamName) =>
  req.headers.authorization === 'Token good-token' && streamName !== 'stream4k';

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'encore-media-test-'));
  await writeFixture(dir);
  app = await buildMediaApp(dir, authorizer, () => clock);
});
afterAll(async () => {
  await app?.close();
  await rm(dir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

describe('playlists', () => {
  it('master: variants with bandwidth, resolution and codecs, and the caption rendition', async () => {
    const res = await get('/media/mix-stream1/index.m3u8');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(res.body).toContain('RESOLUTION=1280x720');
    expect(res.body).toContain('CODECS="avc1.4d401f,mp4a.40.2"');
    expect(res.body).toContain('\n720p/live.m3u8\n');
    expect(res.body).toContain('URI="../captions/en/live.m3u8"');
    expect((await get('/media/stream4k/index.m3u8')).body).not.toContain('SUBTITLES');
  });

  it('live: a sliding window with the key URI and segment names of this build, cached 1 s', async () => {
    const res = await get('/media/mix-stream1/720p/live.m3u8');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=1');
    expect(res.body).toContain(
      '#EXT-X-KEY:METHOD=AES-128,URI="/media/keys/mix-stream1?kid=110aa11bb22cc33dd"',
    );
    expect(res.body).toMatch(new RegExp(`^${BUILD}-0000[0-2]\\.ts$`, 'm'));
    const seq = (body: string) => Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(body)?.[1]);
    clock = NOW + 2000;
    const later = await get('/media/mix-stream1/720p/live.m3u8');
    clock = NOW;
    expect(seq(later.body)).toBe(seq(res.body) + 1);
  });

  it('live: sequences count from the build, so the discontinuity sequence stays small', async () => {
    const body = (await get('/media/mix-stream1/720p/live.m3u8')).body;
    const tag = (name: string) => Number(new RegExp(`#${name}:(\\d+)`).exec(body)?.[1]);
    // Two hours of 6 s loops since the epoch: about 1,200, not the 10^8 counted from 1970.
    expect(tag('EXT-X-DISCONTINUITY-SEQUENCE')).toBeGreaterThan(1150);
    expect(tag('EXT-X-DISCONTINUITY-SEQUENCE')).toBeLessThan(1220);
    // The program date stays the wall clock, the same on every stream.
    const dates = [...body.matchAll(/#EXT-X-PROGRAM-DATE-TIME:(\S+)/g)].map((m) => Date.parse(m[1] ?? ''));
    expect(NOW - (dates.at(-1) ?? 0)).toBeLessThanOrEqual(4000);
    // Two minutes of segments: the live scrubber's 110 s fit in the window.
    expect(dates).toHaveLength(60);
    expect((dates.at(-1) ?? 0) - (dates[0] ?? 0)).toBe(118_000);
  });

  it('live: a token query is carried into the key URI and makes the playlist private', async () => {
    const res = await get('/media/mix-stream1/360p/live.m3u8?token=abc.DEF-1');
    expect(res.body).toContain('URI="/media/keys/mix-stream1?kid=110aa11bb22cc33dd&token=abc.DEF-1"');
    expect(res.headers['cache-control']).toBe('private, max-age=1');
    const bad = await get(
      `/media/mix-stream1/360p/live.m3u8?token=${encodeURIComponent('a"\n#EXT-X-ENDLIST')}`,
    );
    expect(bad.statusCode).toBe(400);
  });

  it('on demand: the loop once from the start with EXT-X-ENDLIST, behind the same key route', async () => {
    const master = await get('/media/mix-stream1/vod.m3u8');
    expect(master.statusCode).toBe(200);
    expect(master.body).toContain('\n720p/vod.m3u8\n');
    expect(master.body).toContain('URI="../captions/en/vod.m3u8"');
    const res = await get('/media/mix-stream1/720p/vod.m3u8');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(res.body).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(res.body.trimEnd().endsWith('#EXT-X-ENDLIST')).toBe(true);
    expect(res.body).toContain('#EXT-X-MEDIA-SEQUENCE:0');
    expect(res.body).toContain(
      '#EXT-X-KEY:METHOD=AES-128,URI="/media/keys/mix-stream1?kid=110aa11bb22cc33dd"',
    );
    // Every segment of the loop, once, in order: 3 of 2 s.
    const segments = [...res.body.matchAll(/^(\w+-\d{5}\.ts)$/gm)].map((m) => m[1]);
    expect(segments).toEqual([0, 1, 2].map((i) => `${BUILD}-0000${i}.ts`));
    expect(res.body.match(/#EXTINF:2\.000,/g)).toHaveLength(3);
    // The same at any moment: not a window of the clock.
    clock = NOW + 7000;
    expect((await get('/media/mix-stream1/720p/vod.m3u8')).body).toBe(res.body);
    clock = NOW;
    // The segments it lists are the live ones, and the key is as protected as live.
    expect((await get(`/media/mix-stream1/720p/${BUILD}-00002.ts`)).body).toBe('ts mix-stream1/720p/2');
    expect((await get('/media/keys/mix-stream1?kid=110aa11bb22cc33dd')).statusCode).toBe(401);
    const tokened = await get('/media/mix-stream1/720p/vod.m3u8?token=abc.DEF-1');
    expect(tokened.body).toContain('kid=110aa11bb22cc33dd&token=abc.DEF-1"');
    expect(tokened.headers['cache-control']).toMatch(/^private/);
    expect((await get('/media/mix-stream1/999p/vod.m3u8')).statusCode).toBe(404);
    const subs = await get('/media/captions/en/vod.m3u8');
    expect(subs.body).toContain(`${BUILD}-00002.vtt`);
    expect(subs.body).toContain('#EXT-X-ENDLIST');
    expect(subs.body).not.toContain('EXT-X-KEY');
  });

  it('captions: a subtitle playlist in step with the video, and the whole-loop file', async () => {
    const subs = await get('/media/captions/en/live.m3u8');
    const video = await get('/media/mix-stream1/720p/live.m3u8');
    const seq = (body: string) => /#EXT-X-MEDIA-SEQUENCE:\d+/.exec(body)?.[0];
    expect(seq(subs.body)).toBe(seq(video.body));
    expect(subs.body).not.toContain('EXT-X-KEY');
    expect(subs.body).toContain(`${BUILD}-00001.vtt`);
    const seg = await get(`/media/captions/en/${BUILD}-00001.vtt`);
    expect(seg.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(seg.body).toContain('X-TIMESTAMP-MAP=MPEGTS:133200');
    const whole = await get('/media/captions/en.vtt');
    expect(whole.statusCode).toBe(200);
    expect(whole.body).toContain('Hello');
    expect((await get('/media/captions/fr.vtt')).statusCode).toBe(404);
  });

  it('layouts: the mosaic boxes on the 1920x1080 reference frame', async () => {
    const res = await get('/media/layouts/streampips4.json');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(LAYOUT);
    expect((await get('/media/layouts/mix-stream1.json')).statusCode).toBe(404);
  });

  it('404 for unknown streams and variants', async () => {
    expect((await get('/media/mix-stream9/index.m3u8')).json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await get('/media/mix-stream1/1080p/live.m3u8')).statusCode).toBe(404);
  });
});

describe('segments', () => {
  it('are MPEG-TS, immutable for a year', async () => {
    const res = await get(`/media/mix-stream1/360p/${BUILD}-00002.ts`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('video/mp2t');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-length']).toBe(String('ts mix-stream1/360p/2'.length));
    expect(res.body).toBe('ts mix-stream1/360p/2');
  });

  it('of another build or beyond the loop do not exist', async () => {
    expect((await get('/media/mix-stream1/360p/0badbeef-00002.ts')).statusCode).toBe(404);
    expect((await get(`/media/mix-stream1/360p/${BUILD}-00003.ts`)).statusCode).toBe(404);
  });

  it.each([
    '/media/mix-stream1/720p/..%2F..%2F..%2Fkeys%2Fmix-stream1.key',
    '/media/mix-stream1/720p/..%2F..%2F..%2Fmanifest.json',
    '/media/..%2Fkeys/720p/abcdef01-00000.ts',
    '/media/captions/..%2F..%2Fkeys%2Fmix-stream1.key',
    '/media/mix-stream1/720p/../../../keys/mix-stream1.key',
    '/media/layouts/..%2Fmanifest.json',
  ])('refuse path traversal: %s', async (url) => {
    const res = await get(url);
    expect([400, 404]).toContain(res.statusCode);
    expect(res.rawPayload.includes(KEY)).toBe(false);
  });
});

describe('keys', () => {
  it('401 without credentials, 403 with credentials the authorizer refuses', async () => {
    const none = await get('/media/keys/mix-stream1');
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    const wrong = await get('/media/keys/mix-stream1', { authorization: 'Token other' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ code: 'FORBIDDEN' });
    // The authorizer sees the stream: this viewer's ticket has no 4K.
    const uhd = await get('/media/keys/stream4k', { authorization: 'Token good-token' });
    expect(uhd.statusCode).toBe(403);
  });

  it('answers the 16 key bytes to an authorized viewer, never cached', async () => {
    const res = await get('/media/keys/mix-stream1?kid=110aa11bb22cc33dd', {
      authorization: 'Token good-token',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.equals(KEY)).toBe(true);
  });

  it('404 for the key of an older build', async () => {
    const res = await get('/media/keys/mix-stream1?kid=ffffffffffffffff', {
      authorization: 'Token good-token',
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('without a media cache', () => {
  it('answers 503 MEDIA_NOT_READY on every route', async () => {
    const empty = await buildMediaApp(
      path.join(dir, 'missing'),
      () => true,
      () => NOW,
    );
    try {
      for (const url of [
        '/media/mix-stream1/index.m3u8',
        '/media/mix-stream1/720p/live.m3u8',
        `/media/mix-stream1/720p/${BUILD}-00000.ts`,
        '/media/captions/en.vtt',
        '/media/layouts/streampips4.json',
        '/media/keys/mix-stream1',
      ]) {
        const res = await empty.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(503);
        expect(res.json()).toMatchObject({ code: 'MEDIA_NOT_READY' });
      }
    } finally {
      await empty.close();
    }
  });
});
