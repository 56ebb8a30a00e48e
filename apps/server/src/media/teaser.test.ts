import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { createMediaCatalog } from './media-catalog.ts';
import { TEASER_PATH, teaserRoutes, teaserUrl } from './teaser.routes.ts';

// A cache with one stream and a teaser file of known bytes: the route must serve ranges of it.
const BYTES = Buffer.from(Array.from({ length: 4096 }, (_, i) => i % 251));

async function writeCache(dir: string, withTeaser: boolean) {
  await mkdir(path.join(dir, 'keys'), { recursive: true });
  await writeFile(path.join(dir, 'keys', 's.key'), Buffer.alloc(16, 7));
  const manifest = {
    format: 1,
    buildId: 'abcdef01',
    generatedAt: '2026-05-01T19:00:00.000Z',
    segmentDuration: 2,
    captions: { segmentCount: 1, languages: [] },
    streams: {
      s: {
        kind: 'angle',
        label: 'S',
        segmentCount: 1,
        captions: false,
        key: { id: 'aa11bb22cc33dd44', file: 'keys/s.key', iv: `0x${'ab'.repeat(16)}` },
        variants: [
          {
            name: '360p',
            width: 640,
            height: 360,
            bandwidth: 1,
            averageBandwidth: 1,
            codecs: 'avc1.4d401f',
            frameRate: 25,
            segmentCount: 1,
          },
        ],
        layout: null,
      },
    },
    ...(withTeaser ? { teaser: { file: 'teaser.mp4', seconds: 12, bytes: BYTES.length } } : {}),
  };
  await writeFile(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
  if (withTeaser) await writeFile(path.join(dir, 'teaser.mp4'), BYTES);
}

async function appOver(dir: string): Promise<FastifyInstance> {
  const app = Fastify();
  app.setErrorHandler((err, _req, reply) => {
    if (err instanceof AppError) return reply.code(err.status).send({ code: err.code });
    return reply.code(500).send({ code: 'INTERNAL' });
  });
  await app.register(teaserRoutes({ catalog: createMediaCatalog(dir) }));
  return app;
}

describe('the teaser video (LAND-10)', () => {
  const dirs: string[] = [];
  const tempDir = async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'encore-teaser-'));
    dirs.push(dir);
    return dir;
  };
  let withTeaser: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    withTeaser = await tempDir();
    await writeCache(withTeaser, true);
    app = await appOver(withTeaser);
  });
  afterAll(async () => {
    await app.close();
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  });

  it('serves the whole file as video/mp4, cacheable', async () => {
    const res = await app.inject({ method: 'GET', url: TEASER_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.rawPayload.equals(BYTES)).toBe(true);
  });

  it('answers a byte range with 206 and exactly those bytes, as a video element asks', async () => {
    const res = await app.inject({ method: 'GET', url: TEASER_PATH, headers: { range: 'bytes=100-199' } });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 100-199/${BYTES.length}`);
    expect(res.rawPayload.equals(BYTES.subarray(100, 200))).toBe(true);
  });

  it('is 404 when the cache has no teaser, and the config then names none', async () => {
    const dir = await tempDir();
    await writeCache(dir, false);
    const bare = await appOver(dir);
    try {
      expect((await bare.inject({ method: 'GET', url: TEASER_PATH })).statusCode).toBe(404);
    } finally {
      await bare.close();
    }
    expect(await teaserUrl(undefined, createMediaCatalog(dir))).toBeNull();
    expect(await teaserUrl(undefined, createMediaCatalog(withTeaser))).toBe(TEASER_PATH);
    // A configured URL (a CDN's, say) wins over the cache's own file.
    expect(await teaserUrl('https://cdn.example/t.mp4', createMediaCatalog(withTeaser))).toBe(
      'https://cdn.example/t.mp4',
    );
  });
});
