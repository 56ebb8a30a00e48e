import { type ChildProcess, execFile } from 'node:child_process';
import { createDecipheriv } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { EnableIngestResponse, type MultiviewBox } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { showEntity } from '../../../test/factories.ts';
import { testPort } from '../../../test/free-port.ts';
import type { TestContext } from '../../../test/harness.ts';
import { type IngestApp, startIngestApp } from '../../../test/ingest-app.ts';
import { pushTestFeed, until } from '../../../test/live-feed.ts';
import { createShowsRepo } from '../shows/shows.repo.ts';
import { MOSAIC, tileOf } from './mosaic.ts';

// The live multiview mosaic (docs/media.md 9.2) on the real app: two encoders push RTMP, ffmpeg
// composes streampips4 from the angles on air and a packager serves it like an angle. Fixed ports
// apart from the other ingest test files' (they run side by side): HTTP 9203 (callbacks), RTMP 9236.
const HTTP_PORT = Number(process.env.INGEST_MOSAIC_TEST_HTTP_PORT ?? testPort(9203));
const RTMP_PORT = Number(process.env.INGEST_MOSAIC_TEST_RTMP_PORT ?? testPort(9236));
const exec = promisify(execFile);

let t: TestContext;
let liveDir: string;
let host: Record<string, string>;
let pushes: ChildProcess[] = [];
let ingest: IngestApp | undefined;

beforeAll(async () => {
  ingest = await startIngestApp({ prefix: 'encore-live-mosaic-', httpPort: HTTP_PORT, rtmpPort: RTMP_PORT });
  ({ t, liveDir, host, pushes } = ingest);
}, 60_000);
afterAll(async () => {
  await ingest?.close();
});

function push(key: string): ChildProcess {
  const { child } = pushTestFeed(`rtmp://127.0.0.1:${RTMP_PORT}/live/${key}`, 120);
  pushes.push(child);
  return child;
}

const get = (url: string) => t.app.inject({ method: 'GET', url });
const grid: MultiviewBox[] = [1, 2, 3, 4].map((id, i) => ({
  id,
  label: `CAM ${id}`,
  x: (i % 2) * 960,
  y: Math.floor(i / 2) * 540,
  width: 960,
  height: 540,
}));

describe('live multiview mosaic of an ingest show', () => {
  it('composes the angles on air; a dropped angle shows its slate tile while the mosaic goes on; End show ends it', async () => {
    const entity = showEntity({ startIn: -5, enterIn: -10 });
    entity.pips.mview = { 4: grid };
    const show = await createShowsRepo(t.db).insert(entity);
    const slug = show.slug;
    const enabled = await t.app.inject({
      method: 'PUT',
      url: `/thor/host/shows/${slug}/ingest/`,
      headers: host,
      payload: { ladder: [] },
    });
    const body = EnableIngestResponse.parse(enabled.json());
    // The mosaic is composed, never pushed: no key is shown for it, and it plays from the live origin.
    expect(body.new_keys.map((k) => k.stream)).not.toContain('streampips4');
    const row = await createShowsRepo(t.db).findBySlug(slug);
    expect(row?.details.streams.streampips4?.hls.url).toBe(`/media/live/${slug}/streampips4/index.m3u8`);
    expect(row?.details.pips.mview?.[4]).toEqual(grid);
    const keys = new Map(body.new_keys.map((k) => [k.stream, k.key]));
    push(keys.get('mix-stream1') ?? '');
    const second = push(keys.get('mix-stream2') ?? '');

    const media = await t.db
      .selectFrom('ingest_streams')
      .selectAll()
      .where('show_id', '=', show.id)
      .where('stream', '=', 'streampips4')
      .executeTakeFirstOrThrow();
    /** Mean brightness (0-255) of box `i` in live mosaic segment `sn`, decrypted with the mosaic's key. */
    const tileLuma = async (sn: number, i: number): Promise<number> => {
      const playlist = (await get(`/media/live/${slug}/streampips4/source/live.m3u8`)).body;
      const iv = /IV=0x([0-9a-f]{32})/.exec(playlist)?.[1] ?? '';
      // A segment may start without a keyframe (cut at the 1 s target: ts-chunker.ts), and the
      // compositor's keyframes may be further apart than two segments: segment sn is decoded after
      // the three before it (those still listed), and its last picture is measured.
      const clear = [];
      for (const n of [sn - 3, sn - 2, sn - 1, sn]) {
        if (n < 0) continue;
        const res = await get(`/media/live/${slug}/streampips4/source/${n}.ts`);
        if (res.statusCode !== 200) continue;
        const seg = res.rawPayload;
        const d = createDecipheriv(
          'aes-128-cbc',
          Buffer.from(media.media_key, 'hex'),
          Buffer.from(iv, 'hex'),
        );
        clear.push(d.update(seg), d.final());
      }
      const file = path.join(liveDir, `mosaic-${sn}.ts`);
      await writeFile(file, Buffer.concat(clear));
      const box = grid[i] ?? grid[0];
      const tile = tileOf(box as MultiviewBox);
      const { stdout } = await exec(
        'ffmpeg',
        [
          ...['-hide_banner', '-loglevel', 'error', '-i', file],
          ...['-vf', `crop=${tile.w}:${tile.h}:${tile.x}:${tile.y},format=gray`],
          ...['-f', 'rawvideo', '-'],
        ],
        { encoding: 'buffer', maxBuffer: 1 << 25 },
      );
      const last = stdout.subarray(stdout.length - tile.w * tile.h);
      return last.reduce((a, b) => a + b, 0) / last.length;
    };

    // Both angles in their boxes (the colour test picture is bright), the empty boxes a dark slate.
    const both = await until('a mosaic segment with both angles', async () => {
      const playlist = (await get(`/media/live/${slug}/streampips4/source/live.m3u8`)).body;
      const sns = [...playlist.matchAll(/^(\d+)\.ts$/gm)].map((m) => Number(m[1]));
      const sn = sns.at(-1);
      if (sn === undefined) return undefined;
      // A segment the decoder cannot start yet (no keyframe within reach) is waited past.
      const luma = async (i: number) => tileLuma(sn, i).catch(() => 0);
      return (await luma(0)) > 60 && (await luma(1)) > 60 ? sn : undefined;
    });
    expect(await tileLuma(both, 2)).toBeLessThan(50);
    const master = (await get(`/media/live/${slug}/streampips4/index.m3u8`)).body;
    expect(master).toContain(`RESOLUTION=${MOSAIC.width}x${MOSAIC.height}`);

    // Angle 2's encoder drops: its box shows the slate, angle 1 plays on in the same packager run.
    second.kill('SIGKILL');
    const slate = await until('the slate in box 2', async () => {
      const playlist = (await get(`/media/live/${slug}/streampips4/source/live.m3u8`)).body;
      const sn = Number([...playlist.matchAll(/^(\d+)\.ts$/gm)].at(-1)?.[1] ?? -1);
      return sn > both && (await tileLuma(sn, 1)) < 50 ? sn : undefined;
    });
    expect(await tileLuma(slate, 0)).toBeGreaterThan(60);
    const after = (await get(`/media/live/${slug}/streampips4/source/live.m3u8`)).body;
    expect(after).not.toContain('#EXT-X-DISCONTINUITY\n');
    await until('the mosaic going on', async () => {
      const playlist = (await get(`/media/live/${slug}/streampips4/source/live.m3u8`)).body;
      return playlist.includes(`\n${slate + 2}.ts`) ? true : undefined;
    });

    await until('Go live', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/thor/host/shows/${slug}/ingest/go-live/`,
        headers: host,
      });
      return res.statusCode === 200 ? true : undefined;
    });
    await t.app.inject({ method: 'POST', url: `/thor/host/shows/${slug}/ingest/end/`, headers: host });
    await until('the mosaic playlist ended', async () => {
      const playlist = (await get(`/media/live/${slug}/streampips4/source/live.m3u8`)).body;
      return playlist.includes('#EXT-X-ENDLIST') ? true : undefined;
    });
  }, 180_000);
});
