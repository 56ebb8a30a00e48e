import type { Pips, Streams } from '@encore/contract';
import { describe, expect, it } from 'vitest';
import {
  analyticsPipId,
  basePip,
  fanwallAvailable,
  OVERVIEW_PIP,
  overviewBoxes,
  pipsSelectable,
  selectablePips,
  streamFor,
  uhdAvailable,
} from './show-modes.ts';

const names = ['mix-stream1', 'mix-stream2', 'mix-stream3', 'mix-stream4', 'mix-stream5', 'mix-stream6'];
const box = (id: number) => ({ id, label: `CAM ${id}`, x: 0, y: 0, width: 960, height: 540 });
const pips: Pips = {
  sinks: [1, 2, 3, 4, 5, 6].map((id) => ({ id, label: `CAM ${id}` })),
  mview: { 4: [1, 2, 3, 4].map(box), 6: [1, 2, 3, 4, 5, 6].map(box) },
};
const streamsOf = (list: string[]): Streams =>
  Object.fromEntries(list.map((n) => [n, { hls: { url: `/${n}` } }]));
const show = {
  base_video: 'mix-stream1',
  pips,
  streams: streamsOf([...names, 'streampips4', 'streampips6', 'fanwall-stream', 'stream4k']),
};
const directors4k = { multiview: 6, uhd: true } as const;
const ga = { multiview: 1, uhd: false } as const;
const four = { multiview: 4, uhd: false } as const;

describe('4K and fan wall availability (MV-02, MV-03, MV-05)', () => {
  it('offers 4K only with the attribute and a stream4k', () => {
    expect(uhdAvailable(show, directors4k)).toBe(true);
    expect(uhdAvailable(show, four)).toBe(false);
    expect(uhdAvailable({ ...show, streams: streamsOf(names) }, directors4k)).toBe(false);
    expect(
      uhdAvailable({ ...show, streams: streamsOf(names), videos: [{ name: 'stream4k' }] }, directors4k),
    ).toBe(true);
  });

  it('offers the fan wall when a fanwall-stream exists', () => {
    expect(fanwallAvailable(show)).toBe(true);
    expect(fanwallAvailable({ ...show, streams: streamsOf(names) })).toBe(false);
  });
});

describe('pips per multiview count (MV-06 to MV-10)', () => {
  it('gives a 1-view ticket no pips and no overview', () => {
    expect(selectablePips(show, ga)).toEqual([]);
    expect(overviewBoxes(show, ga)).toEqual([]);
    expect(streamFor(show, ga, 'multiview', 3)).toBe('mix-stream1');
    expect(streamFor(show, ga, 'multiview', OVERVIEW_PIP)).toBe('mix-stream1');
  });

  it('gives 4 and 6 views their angles and mosaic', () => {
    expect(selectablePips(show, four).map((p) => p.id)).toEqual([1, 2, 3, 4]);
    expect(selectablePips(show, directors4k).map((p) => p.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(overviewBoxes(show, four)).toHaveLength(4);
    expect(streamFor(show, four, 'multiview', OVERVIEW_PIP)).toBe('streampips4');
    expect(streamFor(show, directors4k, 'multiview', OVERVIEW_PIP)).toBe('streampips6');
    expect(streamFor(show, four, 'multiview', 5)).toBe('mix-stream1');
    expect(streamFor(show, four, 'multiview', 3)).toBe('mix-stream3');
  });

  it('plays stream4k and the fan wall in their modes', () => {
    expect(streamFor(show, directors4k, 'uhd', 3)).toBe('stream4k');
    expect(streamFor(show, directors4k, 'fanwall', 3)).toBe('fanwall-stream');
  });

  it('starts on the base video pip', () => {
    expect(basePip(show)).toBe(1);
    expect(basePip({ ...show, base_video: 'mix-stream4' })).toBe(4);
  });
});

describe('pip selection (MV-13, MV-14)', () => {
  it('is never possible in 4K or fan wall', () => {
    expect(pipsSelectable('uhd', 100, undefined)).toBe(false);
    expect(pipsSelectable('fanwall', 100, undefined)).toBe(false);
    expect(pipsSelectable('multiview', 0, undefined)).toBe(true);
  });

  it('waits for the main video to pass pipDelay', () => {
    expect(pipsSelectable('multiview', 5, 10)).toBe(false);
    expect(pipsSelectable('multiview', 10.5, 10)).toBe(true);
  });
});

describe('analytics pip ids (ANL-07)', () => {
  it('uses 2160 for 4K, -2 for the fan wall, 0 for the overview', () => {
    expect(analyticsPipId('uhd', 2)).toBe(2160);
    expect(analyticsPipId('fanwall', 2)).toBe(-2);
    expect(analyticsPipId('multiview', OVERVIEW_PIP)).toBe(0);
    expect(analyticsPipId('multiview', 3)).toBe(3);
  });
});
