/**
 * One show clock across angles (issue 11, docs/decisions.md "One show clock for pushed angles").
 *
 * Each angle has its own encoder, so its media timestamps mean nothing to the other angles. Each
 * encoder run is tied to the wall clock exactly once, at the moment the engine reports its publish
 * (nginx-rtmp's on_publish, which arrives as the encoder starts sending), and every later frame is
 * dated from the encoder's own timestamps from there: a program date-time is
 * `publishedAt + syncOffset + (pts - base)`. It never depends on when the packager happened to see a
 * segment, so a slow packager, a loaded machine or a late poll cannot move one angle against another.
 *
 * RTMP encoders (OBS, vMix, Wirecast, ffmpeg, hardware encoders) start a stream's timestamps at zero
 * when they publish, so `base` is 0. A feed whose first timestamp is far from zero (a relay that keeps
 * an upstream timeline) is anchored at its first timestamp instead.
 */

/** A first timestamp past this (seconds) means the feed's timeline did not start at its publish. */
export const FRESH_TIMELINE_SECONDS = 10;

export type ShowClock = {
  /** The program date-time (ms since the epoch) of the feed's timestamp `seconds`. */
  dateOf(seconds: number): number;
};

/**
 * `publishedAt`: the wall clock (ms) of the publish, plus the angle's sync offset (an operator's
 * correction for an encoder slower or faster than the others, in ms; positive dates it later).
 */
export function showClock(publishedAt: number): ShowClock {
  let base: number | null = null;
  return {
    dateOf(seconds) {
      if (base === null) base = seconds > FRESH_TIMELINE_SECONDS ? seconds : 0;
      return Math.round(publishedAt + (seconds - base) * 1000);
    },
  };
}
