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
import { fragment } from '../../test/mp4-boxes.ts';
import { AppError } from '../errors.ts';
import { mediaRoutes } from './media.routes.ts';
import { readTfdt } from './mp4-fragment.ts';

// A tiny cache of format 2: one stream with HLS and DASH (3 loop segments of 2 s), one without DASH.
const BUILD = 'abcdef01';
const NOW = Date.UTC(2026, 4, 1, 20, 0, 1);
const EPOCH = NOW - 3_600_000 - 1;
const KEY = Buffer.from('00112233445566778899aabbccddeeff', 'hex');
const VIDEO_TICKS = 25_600;
const AUDIO_TICKS = 96_000;

function stream(name: string, dash: boolean) {
  return {
    kind: 'angle',
    label: name,
    segmentCount: 3,
    captions: false,
    key: { id: 'aa11bb22cc33dd44', file: `keys/${name}.key`, iv: `0x${'ab'.repeat(16)}` },
    variants: [
      {
        name: '360p',
        width: 640,
        height: 360,
        bandwidth: 800_000,
        averageBandwidth: 700_000,
        codecs: 'avc1.4d401e,mp4a.40.2',
        frameRate: 25,
        segmentCount: 3,
      },
    ],
    ...(dash && {
      dash: {
        kid: '0123456789abcdef0123456789abcdef',
        key: { file: `keys/${name}.cenc.key` },
        segmentCount: 3,
        video: [
          {
            name: '360p',
            width: 640,
            height: 360,
            codecs: 'avc1.4d401e',
            frameRate: 25,
            timescale: 12800,
            bandwidth: 800_000,
          },
        ],
        audio: {
          name: 'audio',
          codecs: 'mp4a.40.2',
          sampleRate: 48000,
          timescale: 48000,
          bandwidth: 130_000,
        },
      },
    }),
    layout: null,
  };
}

async function writeFixture(dir: string) {
  const streams = { 'mix-stream1': stream('mix-stream1', true), 'mix-stream2': stream('mix-stream2', false) };
  await mkdir(path.join(dir, 'keys'), { recursive: true });
  for (const name of Object.keys(streams)) {
    await writeFile(path.join(dir, 'keys', `${name}.key`), KEY);
    await mkdir(path.join(dir, 'streams', name, '360p'), { recursive: true });
    for (let i = 0; i < 3; i++)
      await writeFile(path.join(dir, 'streams', name, '360p', `seg_0000${i}.ts`), `ts ${i}`);
  }
  await writeFile(path.join(dir, 'keys', 'mix-stream1.cenc.key'), KEY);
  for (const [rep, ticks] of [
    ['360p', VIDEO_TICKS],
    ['audio', AUDIO_TICKS],
  ] as const) {
    const d = path.join(dir, 'streams', 'mix-stream1', 'dash', rep);
    await mkdir(d, { recursive: true });
    await writeFile(path.join(d, 'init.mp4'), `init ${rep}`);
    for (let i = 0; i < 3; i++)
      await writeFile(path.join(d, `seg_0000${i}.m4s`), fragment(BigInt(i * ticks)));
  }
  const manifest = {
    format: 2,
    buildId: BUILD,
    generatedAt: new Date(NOW - 3_600_000).toISOString(),
    segmentDuration: 2,
    captions: { segmentCount: 3, languages: [] },
    streams,
  };
  await writeFile(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
}

let dir: string;
let app: FastifyInstance;
let clock = NOW;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'encore-dash-'));
  await writeFixture(dir);
  app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler((error, _req, reply) => {
    if (error instanceof AppError)
      return reply.code(error.status).send({ code: error.code, message: error.message });
    if (hasZodFastifySchemaValidationErrors(error))
      return reply.code(400).send({ code: 'BAD_REQUEST', message: error.message });
    return reply.code(500).send({ code: 'INTERNAL_SERVER_ERROR', message: 'failed' });
  });
  // The HLS key needs a ticket holder's token; DASH keys come from the licence endpoint only.
  await app.register(
    mediaRoutes({
      mediaDir: dir,
      keyAuthorizer: () => false,
      now: () => clock,
      epochMs: EPOCH,
      drmSystems: ['widevine'],
    }),
  );
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await rm(dir, { recursive: true, force: true });
});

const get = (url: string) => app.inject({ method: 'GET', url });
/** Segments completely elapsed at `clock` since the epoch: the newest available is this minus one. */
const completed = () => Math.floor((clock - EPOCH) / 2000);

describe('the origin’s DASH', () => {
  it('serves a live MPD (short cache) and an on-demand one; a stream without DASH has none', async () => {
    const live = await get('/media/mix-stream1/dash/live.mpd');
    expect(live.statusCode).toBe(200);
    expect(live.headers['content-type']).toContain('application/dash+xml');
    expect(live.headers['cache-control']).toBe('public, max-age=1');
    expect(live.body).toContain(`availabilityStartTime="${new Date(EPOCH).toISOString()}"`);
    expect(live.body).toContain('timeShiftBufferDepth="PT120S"');
    expect(live.body).toContain('urn:uuid:edef8ba9-79d6-4ace-a3c8-27dcd51d21ed');
    const vod = await get('/media/mix-stream1/dash/vod.mpd');
    expect(vod.statusCode).toBe(200);
    expect(vod.body).toContain('type="static"');
    expect((await get('/media/mix-stream2/dash/live.mpd')).statusCode).toBe(404);
    expect((await get('/media/nope/dash/live.mpd')).statusCode).toBe(404);
  });

  it('segment k is loop file k mod n with its tfdt moved by the loops before it, immutable, from the moment it has elapsed', async () => {
    clock = NOW;
    const k = completed() - 1;
    for (const [rep, ticks] of [
      ['360p', VIDEO_TICKS],
      ['audio', AUDIO_TICKS],
    ] as const) {
      const res = await get(`/media/mix-stream1/dash/${rep}/${BUILD}-${k}.m4s`);
      expect(res.statusCode, rep).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // Its media time is k segments from the epoch: where the MPD's $Number$ k plays.
      expect(readTfdt(res.rawPayload)).toEqual([BigInt(k) * BigInt(ticks)]);
    }
    // The segment in progress is not there yet; 2 s later it is (the timeline slides with the clock).
    const next = `/media/mix-stream1/dash/360p/${BUILD}-${k + 1}.m4s`;
    expect((await get(next)).statusCode).toBe(404);
    clock = NOW + 2000;
    const later = await get(next);
    expect(later.statusCode).toBe(200);
    expect(readTfdt(later.rawPayload)).toEqual([BigInt(k + 1) * BigInt(VIDEO_TICKS)]);
    // The first loop is the on-demand MPD's segments 0..n-1, unmoved.
    expect(readTfdt((await get(`/media/mix-stream1/dash/360p/${BUILD}-2.m4s`)).rawPayload)).toEqual([
      2n * 25_600n,
    ]);
  });

  it('like the HLS segments, DASH segments need no credentials, and a file of another build, representation or shape is 404', async () => {
    clock = NOW;
    const init = await get(`/media/mix-stream1/dash/360p/${BUILD}-init.mp4`);
    expect(init.statusCode).toBe(200);
    expect(init.body).toBe('init 360p');
    expect((await get(`/media/mix-stream1/360p/${BUILD}-00001.ts`)).statusCode).toBe(200);
    expect((await get(`/media/mix-stream1/dash/360p/${BUILD}-5.m4s`)).statusCode).toBe(200);
    // The content key is what is protected: the HLS key route refuses without a DRM token.
    expect((await get('/media/keys/mix-stream1')).statusCode).toBe(401);
    for (const url of [
      `/media/mix-stream1/dash/360p/deadbeef-5.m4s`,
      `/media/mix-stream1/dash/1080p/${BUILD}-5.m4s`,
      `/media/mix-stream2/dash/360p/${BUILD}-5.m4s`,
    ]) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
    for (const url of [
      `/media/mix-stream1/dash/360p/${BUILD}-x.m4s`,
      `/media/mix-stream1/dash/360p/${BUILD}-5.mp4`,
    ]) {
      expect((await get(url)).statusCode, url).toBe(400);
    }
  });
});
