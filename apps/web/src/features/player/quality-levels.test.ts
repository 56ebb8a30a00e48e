import { describe, expect, it } from 'vitest';
import {
  lowBandwidth,
  qualityLabel,
  qualityLevels,
  showQualitySelector,
  startLevel,
} from './quality-levels.ts';

describe('quality labels (CAPQ-09, CAPQ-16)', () => {
  it.each([
    [{ height: 1080, bitrate: 4_500_000 }, '1080p'],
    [{ height: 720 }, '720p'],
    [{ height: 540 }, '540p'],
    [{ height: 480 }, '480p'],
    [{ height: 360 }, '360p'],
    [{ height: 2160, bitrate: 12_000_000 }, '4K'],
    [{ bitrate: 700_000 }, '700 kbps'],
    [{ height: 0, bitrate: 1_234_400 }, '1234 kbps'],
  ])('%o is %s', (level, label) => expect(qualityLabel(level)).toBe(label));
});

describe('quality menu (CAPQ-08, CAPQ-10, CAPQ-11)', () => {
  const ladder = [
    { height: 360, bitrate: 7e5 },
    { height: 720, bitrate: 2.5e6 },
    { height: 480, bitrate: 1.2e6 },
  ];

  it('lists levels best first with their hls.js index, then Auto -1', () => {
    expect(qualityLevels(ladder, false).map((l) => [l.label, l.index])).toEqual([
      ['720p', 1],
      ['480p', 2],
      ['360p', 0],
      ['Auto', -1],
    ]);
  });

  it('has no Auto in 4K mode, nor with a single level', () => {
    expect(qualityLevels(ladder, true).some((l) => l.index === -1)).toBe(false);
    expect(qualityLevels([{ height: 720 }], false)).toEqual([
      { label: '720p', index: 0, height: 720, sortVal: 720e6 },
    ]);
  });

  it('shows the selector only with more than one level', () => {
    expect(showQualitySelector(ladder)).toBe(true);
    expect(showQualitySelector([{ height: 2160 }])).toBe(false);
    expect(showQualitySelector([])).toBe(false);
  });
});

describe('start level (CAPQ-14)', () => {
  it('chooses 2160 in 4K mode, auto otherwise', () => {
    const levels = [{ height: 1080 }, { height: 2160 }];
    expect(startLevel(levels, true)).toBe(1);
    expect(startLevel(levels, false)).toBe(-1);
    expect(startLevel([{ height: 720 }], true)).toBe(-1);
  });
});

describe('low-bandwidth banner (PLY-48)', () => {
  const levels = [
    { height: 720, bitrate: 2_500_000 },
    { height: 360, bitrate: 700_000 },
  ];
  it('shows when a chosen level needs more than the estimate', () => {
    expect(lowBandwidth(0, levels, 1_000_000)).toBe(true);
    expect(lowBandwidth(1, levels, 1_000_000)).toBe(false);
  });
  it('never shows on Auto or without an estimate', () => {
    expect(lowBandwidth(-1, levels, 10)).toBe(false);
    expect(lowBandwidth(0, levels, Number.NaN)).toBe(false);
  });
});
