import { type FragmentClock, positionForDate } from './live-edge.ts';

/**
 * Keeping the moment across an angle switch. Every angle carries one program-date clock, so "the same
 * moment" is a date; the new stream starts near it, and what is left (loading, decoding and the
 * start delay take a few hundred ms, more on a busy device) is closed here. Small gaps are closed by
 * playing slightly faster or slower, which never stalls the picture; only a large gap inside the
 * buffer is closed by a seek, since a seek on a busy device costs a stall of its own.
 */
export const MOMENT_SYNC = {
  /** Close enough: the picture is within this many seconds of the kept moment. */
  toleranceS: 0.05,
  /** Gaps larger than this are closed by a seek when the target is buffered. */
  seekBeyondS: 1.5,
  /** Rate bounds: at most 25% faster (pitch is preserved), 10% slower. */
  maxRate: 1.25,
  minRate: 0.9,
  /** Playing faster needs at least this much picture buffered ahead. */
  minAheadS: 1,
  /** Rate change per second of gap. */
  gain: 0.75,
  tickMs: 200,
  /** Give up after this long (a stalled network; the live-edge rules take over). */
  giveUpMs: 20_000,
  /** Where the new stream starts: the kept moment this far ahead, for the time to its first frame. */
  startLookaheadS: 0.5,
} as const;

export type SyncStep = { kind: 'done' } | { kind: 'seek'; to: number } | { kind: 'rate'; rate: number };

/**
 * One step towards the kept moment. `gapS` is how far the picture is behind it (negative: ahead);
 * `currentTime` and `bufferedEnd` locate the playhead in the buffer.
 */
export function syncStep(gapS: number, currentTime: number, bufferedEnd: number): SyncStep {
  if (Math.abs(gapS) <= MOMENT_SYNC.toleranceS) return { kind: 'done' };
  const target = currentTime + gapS;
  if (Math.abs(gapS) > MOMENT_SYNC.seekBeyondS && target > 0 && target < bufferedEnd - 0.5)
    return { kind: 'seek', to: target };
  // Faster only with a second of picture buffered: outrunning the download would stall instead.
  const maxRate = bufferedEnd - currentTime < MOMENT_SYNC.minAheadS ? 1 : MOMENT_SYNC.maxRate;
  const rate = 1 + gapS * MOMENT_SYNC.gain;
  return { kind: 'rate', rate: Math.min(maxRate, Math.max(MOMENT_SYNC.minRate, rate)) };
}

/**
 * Runs the steps on `video` until the picture shows the kept moment, the fan pauses or seeks, or the
 * time is up. `shownDate` is the program date on screen (ms), `expectedDate` where the moment is now.
 * `onEnd` learns whether the moment was reached. Returns a stop function that also restores the
 * normal rate.
 */
export function keepMoment(
  video: HTMLVideoElement,
  shownDate: () => number | null,
  expectedDate: () => number,
  onEnd: (reached: boolean) => void,
): () => void {
  const started = performance.now();
  let ownSeek = false;
  let timer = 0;
  let ended = false;
  const stop = (reached = false) => {
    if (ended) return;
    ended = true;
    onEnd(reached);
    window.clearInterval(timer);
    video.removeEventListener('pause', onPause);
    video.removeEventListener('seeking', onSeeking);
    video.playbackRate = 1;
  };
  const onSeeking = () => {
    if (ownSeek) ownSeek = false;
    else stop();
  };
  const onPause = () => stop();
  const tick = () => {
    const shown = shownDate();
    if (performance.now() - started > MOMENT_SYNC.giveUpMs) return stop();
    if (shown === null || video.seeking || video.readyState < 3) return;
    const buffered = video.buffered;
    const end = buffered.length > 0 ? buffered.end(buffered.length - 1) : 0;
    const step = syncStep((expectedDate() - shown) / 1000, video.currentTime, end);
    if (step.kind === 'done') return stop(true);
    if (step.kind === 'seek') {
      ownSeek = true;
      video.currentTime = step.to;
    } else video.playbackRate = step.rate;
  };
  video.addEventListener('pause', onPause);
  video.addEventListener('seeking', onSeeking);
  timer = window.setInterval(tick, MOMENT_SYNC.tickMs);
  tick();
  return () => stop();
}

/**
 * Where a stream opened by an angle switch starts: the media time of the kept moment, or null to
 * leave hls.js its own start. Live: only inside the window, short of the edge. On demand (a replay,
 * issue 27): anywhere inside the recording; before, a replay's switch was left to start at 0:00
 * (877 s became 1.4 s). Every angle of a replay spans the same show-clock window, gaps included, so
 * the date lands on the same moment whatever each encoder did.
 */
export function switchStart(
  fragments: readonly FragmentClock[],
  dateMs: number,
  stream: { live: boolean; edge: number; duration: number },
): number | null {
  const position = positionForDate(fragments, dateMs);
  if (position === null || position < 0) return null;
  if (stream.live) return position < stream.edge - 0.5 ? position : null;
  return position < stream.duration - 0.5 ? position : null;
}
