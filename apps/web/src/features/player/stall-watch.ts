/**
 * The picture's own progress, measured (issue 26): on Slow 3G the picture froze for 10 s and more with
 * no sign that anything was loading. A stall is the fan wanting the picture to play (not paused, not
 * ended) while its time does not move; the player shows a spinner over it, and the low-bandwidth banner
 * counts stalls (network-quality.ts).
 */
export const STALL = {
  /** The picture stood still this long while it should play: a stall (a spinner, not a frozen frame). */
  afterMs: 500,
  /** A stall this long (after the first frame) is starvation, if the network is slow. */
  longMs: 2_000,
  /**
   * A stall this long is the network's whatever the estimate says: before its first sample on a new
   * stream hls.js reports its default of 5 Mb/s, and a link that carries nothing gives no sample.
   */
  starvedMs: 6_000,
  /** Stalls that started within this window are "recent". */
  windowMs: 30_000,
  tickMs: 250,
} as const;

export interface StallReading {
  /** The picture should play and stands still: loading, or starved of data. */
  stalled: boolean;
  /** A stall after the first frame that has lasted STALL.longMs or more. */
  longStall: boolean;
  /** A stall after the first frame that has lasted STALL.starvedMs or more. */
  starved: boolean;
  /** Stalls after the first frame that started within STALL.windowMs. */
  recentStalls: number;
}

type VideoLike = Pick<HTMLVideoElement, 'currentTime' | 'paused' | 'ended' | 'seeking'>;

/**
 * Watches a <video> every STALL.tickMs and reports a StallReading whenever it changes. A seek is not a
 * stall of the network's (the fan's own click, an angle switch), but its wait shows the spinner.
 */
export function createStallWatch(
  video: VideoLike,
  report: (r: StallReading) => void,
  now: () => number = () => performance.now(),
) {
  let lastTime = video.currentTime;
  let movedAt = now();
  let played = false;
  let inStall = false;
  let stallStartedAt = 0;
  let starts: number[] = [];
  let last: StallReading = { stalled: false, longStall: false, starved: false, recentStalls: 0 };

  const tick = () => {
    const t = now();
    const wantsToPlay = !video.paused && !video.ended;
    if (!wantsToPlay || video.currentTime !== lastTime) {
      // Playing is time moving on a little at a time; a jump is a seek or a new stream's start.
      const step = video.currentTime - lastTime;
      if (wantsToPlay && step > 0 && step < 1.5 && !video.seeking) played = true;
      lastTime = video.currentTime;
      movedAt = t;
    }
    const stalled = wantsToPlay && t - movedAt >= STALL.afterMs;
    // Only what stops a picture that was playing counts against the network; a seek does not.
    const counts = stalled && played && !video.seeking;
    if (counts && !inStall) {
      inStall = true;
      stallStartedAt = t;
      starts.push(t);
    } else if (!stalled) inStall = false;
    starts = starts.filter((s) => t - s < STALL.windowMs);
    const next: StallReading = {
      stalled,
      longStall: inStall && t - stallStartedAt >= STALL.longMs,
      starved: inStall && t - stallStartedAt >= STALL.starvedMs,
      recentStalls: starts.length,
    };
    if (
      next.stalled !== last.stalled ||
      next.longStall !== last.longStall ||
      next.starved !== last.starved ||
      next.recentStalls !== last.recentStalls
    ) {
      last = next;
      report(next);
    }
  };

  const timer = window.setInterval(tick, STALL.tickMs);
  return {
    /** A new stream on the same <video> (an angle switch): its first frame is a start, not a stall. */
    restart() {
      played = false;
      inStall = false;
      movedAt = now();
      lastTime = video.currentTime;
    },
    stop() {
      window.clearInterval(timer);
    },
  };
}
