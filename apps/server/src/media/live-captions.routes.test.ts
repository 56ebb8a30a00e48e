import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createShow, createUser, login } from '../../test/factories.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { indexFile, type LiveStreamIndex, writeLiveIndex } from './live-index.ts';

// The origin's live captions over a pushed stream's index (docs/media.md 2.3.1); the index is written
// as a packager writes it, so no encoder is needed here (ingest-push.test.ts pushes real feeds).
let t: TestContext;
let liveDir: string;
let host: Record<string, string>;

beforeAll(async () => {
  liveDir = await mkdtemp(path.join(tmpdir(), 'encore-captions-'));
  t = await createTestContext({ LIVE_DIR: liveDir, SHOWS_CACHE_MS: '0' });
  host = auth(await login(t.app, (await createUser(t.db, { role: 'host' })).email));
});
afterAll(async () => {
  await t?.close();
  await rm(liveDir, { recursive: true, force: true });
});

/** A show on air: ten 2 s segments of mix-stream1 ending now, a discontinuity at the sixth. */
async function onAir() {
  const show = await createShow(t.db, { startIn: -5 });
  const end = Date.now() + 500;
  const segments = Array.from({ length: 10 }, (_, i) => ({
    sn: i,
    dur: 2,
    pdt: end - (10 - i) * 2000,
    disc: i === 5,
    bytes: 1000,
    pts: 126_000 + i * 180_000,
  }));
  const index: LiveStreamIndex = {
    version: 1,
    ended: false,
    rungs: [
      { name: 'source', width: 426, height: 240, codecs: null, frameRate: 30, bandwidth: 500_000, segments },
    ],
  };
  await writeLiveIndex(indexFile(liveDir, show.slug, 'mix-stream1'), index);
  return { show, segments };
}

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('live captions at the origin', () => {
  it('lists a subtitle rendition per caption language in the stream’s multivariant playlist', async () => {
    const { show } = await onAir();
    const res = await get(`/media/live/${show.slug}/mix-stream1/index.m3u8`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain(
      '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",LANGUAGE="en",DEFAULT=NO,AUTOSELECT=YES,FORCED=NO,URI="captions/en/live.m3u8"',
    );
    expect(res.body).toMatch(/#EXT-X-STREAM-INF:.*SUBTITLES="subs"/);
  });

  it('mirrors the video playlist and puts a posted line in its segment at once', async () => {
    const { show, segments } = await onAir();
    const playlist = await get(`/media/live/${show.slug}/mix-stream1/captions/en/live.m3u8`);
    expect(playlist.statusCode).toBe(200);
    expect(playlist.body).toContain('#EXT-X-MEDIA-SEQUENCE:0');
    expect(playlist.body).toContain('#EXT-X-DISCONTINUITY\n');
    expect(playlist.body).not.toContain('#EXT-X-ENDLIST');

    const posted = await t.app.inject({
      method: 'POST',
      url: `/thor/host/shows/${show.slug}/captions`,
      headers: host,
      payload: { lang: 'en', text: 'This one is for you', duration_ms: 1500 },
    });
    expect(posted.statusCode).toBe(201);
    const start = Date.parse((posted.json() as { caption: { start: string } }).caption.start);
    const seg = segments.find((s) => s.pdt <= start && start < s.pdt + 2000);
    if (!seg) throw new Error('no segment covers now');
    // The next request after the 201 already has it: nothing to wait for.
    const vtt = await get(`/media/live/${show.slug}/mix-stream1/captions/en/${seg.sn}.vtt`);
    expect(vtt.statusCode).toBe(200);
    expect(vtt.headers['content-type']).toContain('text/vtt');
    expect(vtt.body).toContain(`X-TIMESTAMP-MAP=MPEGTS:${seg.pts},LOCAL:00:00:00.000`);
    expect(vtt.body).toContain('This one is for you');
    const other = segments.find((s) => s.pdt + 2000 <= start - 2000);
    if (other) {
      const before = await get(`/media/live/${show.slug}/mix-stream1/captions/en/${other.sn}.vtt`);
      expect(before.body).not.toContain('This one is for you');
    }
  });

  it('answers 404 for a language the show has no captions in, an unknown segment or a stream not pushed', async () => {
    const { show } = await onAir();
    expect((await get(`/media/live/${show.slug}/mix-stream1/captions/fr/live.m3u8`)).statusCode).toBe(404);
    expect((await get(`/media/live/${show.slug}/mix-stream1/captions/en/99.vtt`)).statusCode).toBe(404);
    expect((await get(`/media/live/${show.slug}/mix-stream2/captions/en/live.m3u8`)).statusCode).toBe(404);
    expect((await get(`/media/live/${show.slug}/mix-stream1/captions/e%00n/live.m3u8`)).statusCode).toBe(400);
  });
});
