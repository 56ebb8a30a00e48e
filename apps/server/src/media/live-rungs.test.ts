import { describe, expect, it } from 'vitest';
import type { LiveDashRep } from './live-dash-index.ts';
import { renderLiveMpd } from './live-dash-manifest.ts';
import { type LiveRung, playableRungs } from './live-index.ts';

// A show's ladder applies to every pushed stream, but the packager never scales up: under a
// 480p/360p ladder a 240p angle's rungs are 240p again. Neither the HLS multivariant playlist nor the
// MPD may offer them, or a fan's quality menu lists one picture three times.

const hlsRung = (name: string, height: number | null, segments = 1): LiveRung => ({
  name,
  width: height === null ? null : Math.round((height * 16) / 9),
  height,
  codecs: 'avc1.42e01e,mp4a.40.2',
  frameRate: 15,
  bandwidth: 100_000,
  segments: Array.from({ length: segments }, (_, sn) => ({
    sn,
    dur: 1,
    pdt: sn * 1000,
    disc: false,
    bytes: 10,
  })),
});

describe('playableRungs', () => {
  it('keeps the ladder rungs below the source, drops those that repeat it', () => {
    const hd = [hlsRung('source', 720), hlsRung('480p', 480), hlsRung('360p', 360)];
    expect(playableRungs(hd).map((r) => r.name)).toEqual(['source', '480p', '360p']);
    const small = [hlsRung('source', 240), hlsRung('480p', 240), hlsRung('360p', 240), hlsRung('180p', 180)];
    expect(playableRungs(small).map((r) => r.name)).toEqual(['source', '180p']);
  });

  it('lists only rungs with segments, and all of them while the source height is unknown', () => {
    expect(playableRungs([hlsRung('source', 240), hlsRung('360p', 240, 0)]).map((r) => r.name)).toEqual([
      'source',
    ]);
    expect(playableRungs([hlsRung('source', null), hlsRung('480p', 240)]).map((r) => r.name)).toEqual([
      'source',
      '480p',
    ]);
  });
});

const dashRep = (name: string, kind: 'video' | 'audio', height: number | null): LiveDashRep => ({
  name,
  kind,
  timescale: kind === 'video' ? 90_000 : 48_000,
  codecs: kind === 'video' ? 'avc1.42e01e' : 'mp4a.40.2',
  width: height === null ? null : Math.round((height * 16) / 9),
  height,
  bandwidth: 100_000,
  segments: [{ n: 0, t: 0, d: kind === 'video' ? 90_000 : 48_000 }],
});

describe('renderLiveMpd', () => {
  it('offers no video representation that repeats the source', () => {
    const mpd = renderLiveMpd({
      index: {
        version: 1,
        epoch: 0,
        runs: [
          {
            id: 0,
            start: 0,
            reps: [
              dashRep('source', 'video', 240),
              dashRep('480p', 'video', 240),
              dashRep('180p', 'video', 180),
              dashRep('audio', 'audio', null),
            ],
          },
        ],
      },
      kid: '0'.repeat(32),
      drmSystems: [],
      ended: true,
      nowMs: 10_000,
      windowSeconds: 120,
    });
    const ids = [...(mpd ?? '').matchAll(/<Representation id="([^"]+)"/g)].map((m) => m[1]);
    expect(ids).toEqual(['source', '180p', 'audio']);
  });
});
