import type { MultiviewBox, Show } from '@encore/contract';
import { describe, expect, it } from 'vitest';
import { createMosaics, INPUT_PROBE, mosaicArgs, type OnAirFeed } from './mosaic.ts';
import type { Packager, PackagerOptions } from './packager.ts';

// The live mosaic's own rules, without an RTMP engine (ingest-mosaic.test.ts composes a real one):
// how it opens its angles, and that a run which fails by itself is composed again.

const boxes: MultiviewBox[] = Array.from({ length: 6 }, (_, i) => ({
  id: i + 1,
  label: `CAM ${i + 1}`,
  x: (i % 3) * 640,
  y: Math.floor(i / 3) * 540,
  width: 640,
  height: 540,
}));
const feeds: OnAirFeed[] = boxes.map((b) => ({
  stream: `mix-stream${b.id}`,
  // Nothing listens there: the compositor fails at once, which is all these tests need of it.
  input: `rtmp://127.0.0.1:9/live/f${b.id}`,
  audio: true,
}));

describe('mosaicArgs', () => {
  it('opens every angle with a short probe, so six of them open well within the first-frame wait', () => {
    const args = mosaicArgs(boxes, feeds, Date.parse('2026-11-27T10:00:00Z'));
    for (const feed of feeds) {
      const at = args.indexOf(feed.input);
      expect(args[at - 1]).toBe('-i');
      expect(args.slice(at - 1 - INPUT_PROBE.length, at - 1)).toEqual(INPUT_PROBE);
    }
  });
});

describe('createMosaics', () => {
  it('composes a mosaic again after its run failed by itself, while its angles are on air', async () => {
    const show = {
      pips: { sinks: [], mview: { 6: boxes } },
      streams: { streampips6: { hls: { url: '/media/live/s/streampips6/index.m3u8' } } },
    } as unknown as Show;
    const runs: PackagerOptions[] = [];
    const mosaics = createMosaics({
      liveDir: '/nonexistent',
      log: { warn() {}, info() {} },
      showOf: async () => show,
      keyOf: async () => ({ id: 'a1b2c3d4e5f60718', key: '00'.repeat(16), iv: `0x${'00'.repeat(16)}` }),
      settleMs: 10,
      retryMs: 50,
      startPackager: async (opts): Promise<Packager> => {
        runs.push(opts);
        // The first run fails (no frame in time), as the six-angle mosaic's did under load.
        if (runs.length === 1) setTimeout(() => opts.onExit?.('packager_failed'), 20);
        return { figures: () => ({}) as never, stop: async () => {}, done: Promise.resolve() };
      },
    });
    mosaics.changed('s', () => feeds);
    await expect.poll(() => runs.length, { timeout: 5000 }).toBe(2);
    expect(runs.map((r) => r.stream)).toEqual(['streampips6', 'streampips6']);
    await mosaics.close();
    // Stopped on purpose (close, End show): not composed again.
    await new Promise((r) => setTimeout(r, 200));
    expect(runs).toHaveLength(2);
  });
});
