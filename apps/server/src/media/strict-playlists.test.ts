import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../test/harness.ts';
import { createTestContext } from '../../test/harness.ts';
import { crawlStrict, strictPlaylist } from '../../test/strict-playlist.ts';

// Issue 24, the demo loop's share of "every playlist the origin serves parses strictly": each
// stream's live and on-demand (replay) multivariant playlists and everything they name (video rungs,
// subtitle playlists), as the real app serves the demo media, under test/strict-playlist.ts's rules.
// The live-ingest ones are checked in ingest-playlists.test.ts, the re-airing ones in
// live-reairing.test.ts, with the same rules.

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t?.close();
});

const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  return { statusCode: res.statusCode, body: res.body };
};

describe('the demo loop under a strict parser', () => {
  it('every stream: live and on-demand multivariant playlists, their rungs and subtitles', async () => {
    const manifest = JSON.parse(await readFile(path.join(t.config.media.dir, 'manifest.json'), 'utf8')) as {
      streams: Record<string, unknown>;
    };
    const streams = Object.keys(manifest.streams);
    expect(streams.length).toBeGreaterThan(1);
    let checked = 0;
    for (const stream of streams) {
      for (const playlist of ['index', 'vod'])
        checked += await crawlStrict(get, `/media/${stream}/${playlist}.m3u8`);
    }
    // Each stream's two multivariant playlists and at least one rung each.
    expect(checked).toBeGreaterThanOrEqual(streams.length * 4);
  });

  it('the checker refuses what strict players refuse', () => {
    const media = (target: number, extinf: string, extra = '') =>
      `#EXTM3U\n#EXT-X-VERSION:6\n#EXT-X-TARGETDURATION:${target}\n${extra}#EXTINF:${extinf},\n0.ts\n`;
    expect(() => strictPlaylist(media(2, '2.000'), 'ok')).not.toThrow();
    expect(() => strictPlaylist(media(1, '2.000'), 'long')).toThrow(
      /rounded to the nearest integer|rounds above TARGETDURATION/,
    );
    expect(() =>
      strictPlaylist(media(2, '2.000', '#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,HOLD-BACK=4.0\n'), 'hold'),
    ).toThrow(/HOLD-BACK/);
    const parts = (phb: string) =>
      media(
        1,
        '1.000',
        `#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=${phb},HOLD-BACK=3.0\n#EXT-X-PART-INF:PART-TARGET=0.35\n#EXT-X-PART:DURATION=0.333,URI="0.0.ts",INDEPENDENT=YES\n`,
      ).replace('#EXTINF', '#EXT-X-PROGRAM-DATE-TIME:2026-11-28T00:00:00.000Z\n#EXTINF');
    expect(() => strictPlaylist(parts('1.05'), 'parts')).not.toThrow();
    expect(() => strictPlaylist(parts('0.8'), 'parts')).toThrow(/PART-HOLD-BACK/);
    expect(() => strictPlaylist('#EXTM3U\n#EXTINF:1,\n0.ts\n', 'junk')).toThrow(/junk/);
  });
});
