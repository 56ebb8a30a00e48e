import { LIGHTSTICK, LIGHTSTICK_TRACK_DEFAULTS, type LightstickTrack } from '@encore/contract';
import { describe, expect, it } from 'vitest';
import {
  BLACK,
  beatColour,
  colourAt,
  hueToRgb,
  seededUnit,
  trackEnded,
  trackSeed,
} from './lightstick-colours.ts';

const track = (over: Partial<LightstickTrack> = {}): LightstickTrack => ({
  title: 'Encore Anthem',
  ...LIGHTSTICK_TRACK_DEFAULTS,
  gradient: false,
  randomColor: true,
  ...over,
});

describe('light-stick colours', () => {
  it('seeded random colours: the same seed and beat always give the same colour, others differ', () => {
    expect(beatColour(7, 3)).toEqual(beatColour(7, 3));
    const colours = new Set(Array.from({ length: 12 }, (_, n) => beatColour(7, n).join(',')));
    expect(colours.size).toBeGreaterThan(6);
    expect(beatColour(8, 3)).not.toEqual(beatColour(7, 3));
    for (let n = 0; n < 50; n++) {
      const u = seededUnit(123, n);
      expect(u).toBeGreaterThanOrEqual(0);
      expect(u).toBeLessThan(1);
    }
    // Every fan derives the seed from the title alone.
    expect(trackSeed('Encore Anthem')).toBe(trackSeed('Encore Anthem'));
    expect(trackSeed('Encore Anthem')).not.toBe(trackSeed('Neon Hearts'));
  });

  it('hues are fully saturated LED colours', () => {
    expect(hueToRgb(0)).toEqual([255, 0, 0]);
    expect(hueToRgb(120)).toEqual([0, 255, 0]);
    expect(hueToRgb(240)).toEqual([0, 0, 255]);
    expect(hueToRgb(60)).toEqual([255, 255, 0]);
  });

  it('steps: one colour per beat at the tempo (120 bpm: 500 ms), sampled on the 100 ms step (BT-10)', () => {
    const t = track();
    const seed = 42;
    expect(LIGHTSTICK.colourStepMs).toBe(100);
    expect(colourAt(t, 0, seed)).toEqual(beatColour(seed, 0));
    expect(colourAt(t, 499, seed)).toEqual(beatColour(seed, 0));
    expect(colourAt(t, 500, seed)).toEqual(beatColour(seed, 1));
    expect(colourAt(t, 1250, seed)).toEqual(beatColour(seed, 2));
    // A faster song changes more often: 150 bpm is a beat every 400 ms.
    expect(colourAt(track({ tempo: 150 }), 400, seed)).toEqual(beatColour(seed, 1));
  });

  it('gradient: blends from one beat colour to the next, changing every 100 ms step', () => {
    const t = track({ gradient: true });
    const seed = 5;
    const from = beatColour(seed, 0);
    const to = beatColour(seed, 1);
    expect(colourAt(t, 0, seed)).toEqual(from);
    // 250 ms into a 500 ms beat is on the 200 ms step: 40 % of the way.
    const mid = colourAt(t, 250, seed);
    for (let i = 0; i < 3; i++)
      expect(mid[i]).toBe(Math.round((from[i] ?? 0) + ((to[i] ?? 0) - (from[i] ?? 0)) * 0.4));
    expect(colourAt(t, 500, seed)).toEqual(to);
    expect(colourAt(t, 150, seed)).toEqual(colourAt(t, 100, seed));
  });

  it('black before the start delay and after the duration (seconds) ends the track', () => {
    const t = track({ startDelay: 1000, duration: 2 });
    expect(colourAt(t, 900, 1)).toEqual(BLACK);
    expect(colourAt(t, 1000, 1)).toEqual(beatColour(1, 0));
    expect(trackEnded(t, 2999)).toBe(false);
    expect(trackEnded(t, 3000)).toBe(true);
    expect(colourAt(t, 3000, 1)).toEqual(BLACK);
  });
});
