import { LIGHTSTICK, type LightstickTrack } from '@encore/contract';

/**
 * The colour a light-stick shows at a moment of its track (BT-01, BT-06, BT-10), as pure functions:
 * one colour per beat, drawn from a generator seeded by the track (randomColor), held for the beat
 * (steps) or blended towards the next beat's colour (gradient), sampled on the 100 ms colour step.
 * Every fan's stick computes the same colours for the same track and start, so a hall of sticks
 * changes together.
 */

export type Rgb = readonly [r: number, g: number, b: number];
export const BLACK: Rgb = [0, 0, 0];

/** FNV-1a of the title: the seed all fans share for one track. */
export function trackSeed(title: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < title.length; i++) {
    h ^= title.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A uniform number in [0, 1) for (seed, n), independent of the order numbers are asked for. */
export function seededUnit(seed: number, n: number): number {
  // mulberry32 step on a state mixed from seed and n.
  let t = (seed ^ Math.imul(n + 1, 0x9e3779b9)) >>> 0;
  t = (t + 0x6d2b79f5) >>> 0;
  let r = Math.imul(t ^ (t >>> 15), t | 1);
  r ^= r + Math.imul(r ^ (r >>> 7), r | 61);
  return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
}

/** A fully saturated, full-brightness colour of hue h (degrees): a stick's LEDs look best so. */
export function hueToRgb(hue: number): Rgb {
  const h = (((hue % 360) + 360) % 360) / 60;
  const x = Math.round(255 * (1 - Math.abs((h % 2) - 1)));
  const sector = Math.floor(h);
  const table: Rgb[] = [
    [255, x, 0],
    [x, 255, 0],
    [0, 255, x],
    [0, x, 255],
    [x, 0, 255],
    [255, 0, x],
  ];
  return table[sector] ?? [255, 0, 0];
}

/** The random colour of beat n (randomColor is always true, BT-06). */
export function beatColour(seed: number, beat: number): Rgb {
  return hueToRgb(Math.floor(seededUnit(seed, beat) * 360));
}

export const beatMs = (track: Pick<LightstickTrack, 'tempo'>): number => 60_000 / track.tempo;

/** Milliseconds of colour from the first beat to the end of the track (duration is in seconds). */
export const trackLengthMs = (track: Pick<LightstickTrack, 'duration'>): number => track.duration * 1000;

/** True once the track has played its whole duration after its start delay. */
export function trackEnded(track: LightstickTrack, elapsedMs: number): boolean {
  return elapsedMs >= track.startDelay + trackLengthMs(track);
}

const mix = (a: number, b: number, f: number) => Math.round(a + (b - a) * f);

/**
 * The colour at `elapsedMs` after the track started, on the 100 ms colour step (BT-10): black before
 * the start delay and after the end; otherwise the beat's colour, blended towards the next beat's
 * when the track is a gradient.
 */
export function colourAt(track: LightstickTrack, elapsedMs: number, seed = trackSeed(track.title)): Rgb {
  const step = Math.floor(elapsedMs / LIGHTSTICK.colourStepMs) * LIGHTSTICK.colourStepMs;
  const t = step - track.startDelay;
  if (t < 0 || trackEnded(track, step)) return BLACK;
  const beat = beatMs(track);
  const n = Math.floor(t / beat);
  const from = beatColour(seed, n);
  if (!track.gradient) return from;
  const to = beatColour(seed, n + 1);
  const f = (t - n * beat) / beat;
  return [mix(from[0], to[0], f), mix(from[1], to[1], f), mix(from[2], to[2], f)];
}

export const sameColour = (a: Rgb | null, b: Rgb | null): boolean =>
  !!a && !!b && a[0] === b[0] && a[1] === b[1] && a[2] === b[2];

export const cssColour = (c: Rgb): string => `rgb(${c[0]}, ${c[1]}, ${c[2]})`;
