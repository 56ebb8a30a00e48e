import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LadderRung } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShow } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import type { FeedFigures } from './feed-probe.ts';
import { createFeedRegistry } from './feeds.ts';
import { createIngestRepo } from './ingest.repo.ts';
import type { Packager, PackagerOptions } from './packager.ts';
import { makeStreamKey } from './stream-keys.ts';

// The publish rules of the feed registry, on the real database, with a packager that only records
// what it was asked (the real one is exercised by ingest-push.test.ts with ffmpeg).
let t: TestContext;
let liveDir: string;
beforeAll(async () => {
  t = await createTestContext();
  liveDir = await mkdtemp(path.join(tmpdir(), 'encore-feeds-'));
});
afterAll(async () => {
  await t?.close();
  await rm(liveDir, { recursive: true, force: true });
});

function fakePackager(started: PackagerOptions[], stopped: string[]) {
  return async (opts: PackagerOptions): Promise<Packager> => {
    started.push(opts);
    const figures: FeedFigures = {
      connected: true,
      connectedSince: Date.now(),
      videoCodec: 'h264',
      audioCodec: 'aac',
      width: 426,
      height: 240,
      frameRate: 30,
      bitrateKbps: 600,
      keyframeInterval: 1,
      lastFrameAt: Date.now(),
      droppedFrames: 0,
      receivedFps: 30,
      speed: 1,
      behindMs: 300,
      bitrateHistory: [],
      audioPresent: true,
      audioLevelDb: -20,
      thumbnail: null,
      thumbnailAt: null,
    };
    return {
      figures: () => figures,
      stop: async () => {
        stopped.push(opts.stream);
      },
      done: Promise.resolve(),
    };
  };
}

async function ingestShow(
  state: 'pending' | 'ended' = 'pending',
  stream = 'mix-stream1',
  ladder: LadderRung[] = [],
) {
  const show = await createShow(t.db);
  const repo = createIngestRepo(t.db);
  await repo.enable(show.id, ladder);
  if (state === 'ended') await repo.transition(show.id, ['pending'], 'ended', new Date());
  const key = makeStreamKey();
  await repo.insertStreamIfMissing({
    show_id: show.id,
    stream,
    key_id: key.keyId,
    key_hash: key.hash,
    key_hint: key.hint,
    media_key_id: 'a1b2c3d4e5f60718',
    media_key: '00112233445566778899aabbccddeeff',
    media_iv: '0x000102030405060708090a0b0c0d0e0f',
  });
  return { show, repo, key };
}

describe('feed registry', () => {
  it('takes a valid key once: a wrong secret and a second encoder are refused with their reason', async () => {
    const { show, repo, key } = await ingestShow();
    const started: PackagerOptions[] = [];
    const feeds = createFeedRegistry({
      repo,
      liveDir,
      playUrl: (n) => `rtmp://127.0.0.1:1/live/${n}`,
      log: { info() {}, warn() {} },
      startPackager: fakePackager(started, []),
    });
    const wrong = `${key.key.slice(0, -4)}${key.key.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
    expect(await feeds.authorizePublish(wrong)).toEqual({ ok: false, reason: 'wrong key' });
    expect(feeds.health(show.id, 'mix-stream1')).toMatchObject({ connected: false, problem: 'wrong_key' });
    expect(await feeds.authorizePublish('live_0000000000000000_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).toEqual({
      ok: false,
      reason: 'unknown key',
    });

    const ok = await feeds.authorizePublish(key.key);
    expect(ok.ok).toBe(true);
    const internal = ok.ok ? ok.internal : '';
    // The packager reads the renamed publish: the key never reaches its URL.
    expect(started[0]?.input).toBe(`rtmp://127.0.0.1:1/live/${internal}`);
    expect(started[0]?.input).not.toContain(key.keyId);
    expect(feeds.health(show.id, 'mix-stream1')).toMatchObject({
      connected: true,
      healthy: true,
      problem: null,
      width: 426,
      bitrate_kbps: 600,
    });

    expect(await feeds.authorizePublish(key.key)).toEqual({ ok: false, reason: 'key in use' });
    expect(feeds.health(show.id, 'mix-stream1').problem).toBe('key_in_use');
    // nginx-rtmp names the publish by its key in later callbacks, by the internal name in none.
    expect(feeds.mayContinue(key.key)).toBe(true);
    expect(feeds.mayContinue(internal)).toBe(true);
    expect(started).toHaveLength(1);
  });

  it('drops a revoked publish at the next check and reports a lost encoder', async () => {
    const { show, repo, key } = await ingestShow();
    const stopped: string[] = [];
    const feeds = createFeedRegistry({
      repo,
      liveDir,
      playUrl: (n) => n,
      log: { info() {}, warn() {} },
      startPackager: fakePackager([], stopped),
    });
    expect((await feeds.authorizePublish(key.key)).ok).toBe(true);
    await feeds.revoke(show.id, 'mix-stream1', 'key_rotated');
    expect(feeds.mayContinue(key.key)).toBe(false);
    expect(stopped).toEqual(['mix-stream1']);
    expect(feeds.health(show.id, 'mix-stream1')).toMatchObject({ connected: false, problem: 'key_rotated' });

    expect((await feeds.authorizePublish(key.key)).ok).toBe(true);
    await feeds.publishDone(key.key);
    expect(feeds.health(show.id, 'mix-stream1')).toMatchObject({ connected: false, problem: 'encoder_lost' });
  });

  it('refuses every key of a show that has ended', async () => {
    const { repo, key } = await ingestShow('ended');
    const feeds = createFeedRegistry({
      repo,
      liveDir,
      playUrl: (n) => n,
      log: { info() {}, warn() {} },
      startPackager: fakePackager([], []),
    });
    expect(await feeds.authorizePublish(key.key)).toEqual({ ok: false, reason: 'the show has ended' });
  });

  it("dates a publish on the show clock: the moment the engine reported it, plus the angle's sync offset", async () => {
    const { show, repo, key } = await ingestShow();
    await repo.setSyncOffset(show.id, 'mix-stream1', -120);
    const started: PackagerOptions[] = [];
    let clock = Date.parse('2026-11-25T02:00:00.000Z');
    const feeds = createFeedRegistry({
      repo,
      liveDir,
      playUrl: (n) => n,
      log: { info() {}, warn() {} },
      // The key check's query takes time: the clock reads the callback's arrival, not its answer.
      now: () => {
        const t = clock;
        clock += 40;
        return t;
      },
      startPackager: fakePackager(started, []),
    });
    expect((await feeds.authorizePublish(key.key)).ok).toBe(true);
    expect(started[0]?.publishedAt).toBe(Date.parse('2026-11-25T02:00:00.000Z') - 120);
  });

  it("lists every pushed stream's health for /metrics until its show ends, a dropped encoder included", async () => {
    const { show, repo, key } = await ingestShow();
    const feeds = createFeedRegistry({
      repo,
      liveDir,
      playUrl: (n) => n,
      log: { info() {}, warn() {} },
      startPackager: fakePackager([], []),
    });
    expect(feeds.pushedHealth()).toEqual([]);
    expect((await feeds.authorizePublish(key.key)).ok).toBe(true);
    expect(feeds.pushedHealth()).toEqual([
      expect.objectContaining({ slug: show.slug, stream: 'mix-stream1', connected: true, bitrate_kbps: 600 }),
    ]);
    await feeds.publishDone(key.key);
    expect(feeds.pushedHealth()).toEqual([
      expect.objectContaining({ stream: 'mix-stream1', connected: false, problem: 'encoder_lost' }),
    ]);
    await feeds.endShow(show.id, show.slug, ['mix-stream1']);
    expect(feeds.pushedHealth()).toEqual([]);
  });

  it("packages an angle with the show's ladder, the 4K view passed through alone", async () => {
    const ladder: LadderRung[] = [
      { name: '480p', height: 480, video_kbps: 1200 },
      { name: '360p', height: 360, video_kbps: 700 },
    ];
    const started: PackagerOptions[] = [];
    for (const stream of ['mix-stream1', 'stream4k']) {
      const { repo, key } = await ingestShow('pending', stream, ladder);
      const feeds = createFeedRegistry({
        repo,
        liveDir,
        playUrl: (n) => n,
        log: { info() {}, warn() {} },
        startPackager: fakePackager(started, []),
      });
      expect((await feeds.authorizePublish(key.key)).ok).toBe(true);
    }
    expect(started.map((s) => [s.stream, s.ladder.map((r) => r.name)])).toEqual([
      ['mix-stream1', ['480p', '360p']],
      ['stream4k', []],
    ]);
  });
});
