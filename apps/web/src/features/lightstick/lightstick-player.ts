import { LIGHTSTICK, type LightstickTrack } from '@encore/contract';
import { BLACK, colourAt, type Rgb, sameColour, trackEnded, trackSeed } from './lightstick-colours.ts';

export interface StickControllerDeps {
  /** Sends one colour to the stick (and the on-screen preview). */
  write: (colour: Rgb) => void;
  now?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (id: unknown) => void;
  /** A track that ran its whole duration. */
  onEnd?: () => void;
}

export interface StickController {
  /** Plays `track` as if it started at `startedAt` (ms, the clock of `now`). */
  play(track: LightstickTrack, startedAt: number, seed?: number): void;
  /** BT-04: black now and black again 3 s later, in case the first write was lost. */
  stop(): void;
  /** Stops all timers without writing (the stick was unpaired). */
  dispose(): void;
  readonly playing: boolean;
}

/**
 * Drives a stick through a track on the 100 ms colour step (BT-10), writing only when the colour
 * changes: a Bluetooth link carries a few writes a second comfortably, not one per step for nothing.
 */
export function createStickController({
  write,
  now = () => Date.now(),
  setTimer = (fn, ms) => setTimeout(fn, ms),
  clearTimer = (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
  onEnd,
}: StickControllerDeps): StickController {
  let timer: unknown = null;
  let last: Rgb | null = null;
  let playing = false;

  const cancel = () => {
    if (timer !== null) clearTimer(timer);
    timer = null;
  };
  const send = (colour: Rgb, force = false) => {
    if (!force && sameColour(colour, last)) return;
    last = colour;
    write(colour);
  };

  const stop = () => {
    cancel();
    playing = false;
    send(BLACK, true);
    timer = setTimer(() => {
      timer = null;
      send(BLACK, true);
    }, LIGHTSTICK.stopRepeatMs);
  };

  const play = (track: LightstickTrack, startedAt: number, seed = trackSeed(track.title)) => {
    cancel();
    playing = true;
    const step = LIGHTSTICK.colourStepMs;
    const tick = () => {
      timer = null;
      const elapsed = now() - startedAt;
      if (elapsed >= 0 && trackEnded(track, elapsed)) {
        stop();
        onEnd?.();
        return;
      }
      if (elapsed >= 0) send(colourAt(track, elapsed, seed));
      // The next step boundary of this track's own clock, so steps do not drift with timer delays.
      const next = elapsed < 0 ? -elapsed : (Math.floor(elapsed / step) + 1) * step - elapsed;
      timer = setTimer(tick, next);
    };
    tick();
  };

  return {
    play,
    stop,
    dispose: () => {
      cancel();
      playing = false;
    },
    get playing() {
      return playing;
    },
  };
}
