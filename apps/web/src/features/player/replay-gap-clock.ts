/**
 * The replay's gaps on the show clock (issue 27): where the watched angle had no picture (its encoder
 * dropped, joined late or left early), the fan sees the live show's "we'll be right back" slate for
 * the gap's length, the scrubber moving on at real time, then the picture again. hls.js would skip
 * the hole (it has nothing to play there), so the clock pauses the <video>, parks it on the first
 * frame after the gap (under the slate: buffered there, hls.js has no hole to jump and the picture
 * resumes at once) and keeps a position of its own; when that runs out the picture plays on.
 */

export type GapRange = { start: number; end: number; trailing: boolean };

type Frag = { start: number; duration: number; gap?: boolean | undefined };

/** The listing's runs of EXT-X-GAP segments, as media-time ranges. */
export function gapRanges(frags: readonly Frag[]): GapRange[] {
  const ranges: GapRange[] = [];
  for (const f of frags) {
    if (!f.gap) continue;
    const last = ranges.at(-1);
    if (last && Math.abs(last.end - f.start) < 0.01) last.end = f.start + f.duration;
    else ranges.push({ start: f.start, end: f.start + f.duration, trailing: false });
  }
  const last = ranges.at(-1);
  const end = frags.at(-1);
  if (last && end?.gap) last.trailing = true;
  return ranges;
}

/** Where the playing picture counts as at a gap: hls.js stops a frame or two short of it. */
const ENTRY_SLACK_S = 0.3;
const TICK_MS = 250;
/**
 * How far before a gap a jump over it may start: Shaka jumps as the picture comes within 0.5 s of the
 * buffered end (its gapDetectionThreshold, polled every 0.25 s), and the last timeupdate seen before
 * it can be another 0.25 s earlier. hls.js jumps from the edge itself.
 */
const JUMP_SLACK_S = 1;
/** hls.js may land a little after where the clock parked the element (the first buffered frame). */
const PARK_SLACK_S = 0.5;

export type GapState = { position: number; running: boolean };

type VideoLike = Pick<HTMLVideoElement, 'currentTime' | 'paused' | 'seeking' | 'loop' | 'playbackRate'> & {
  pause(): void;
  play(): Promise<void>;
} & Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

export interface GapClockOptions {
  ranges: () => readonly GapRange[];
  /** Where the picture starts (a looping replay goes there from a trailing gap). */
  pictureStart: () => number;
  /** The slate and the position, on each change and about once a second while running. */
  report: (state: GapState | null) => void;
  /** How often a running position is reported (the player's time updates, PLY-20). */
  reportEveryMs: number;
}

export function createGapClock(video: VideoLike, o: GapClockOptions) {
  let range: GapRange | null = null;
  let position = 0;
  let running = false;
  let lastTick = 0;
  let lastReport = 0;
  let timer: number | undefined;

  const state = (): GapState | null => (range ? { position, running } : null);
  const report = () => {
    lastReport = performance.now();
    o.report(state());
  };
  const rangeAt = (t: number, slack: number) =>
    o.ranges().find((r) => t >= r.start - slack && t < r.end - 0.05) ?? null;

  /** Where the element waits while the slate shows: the picture after the gap (none after a trailing one). */
  const parked = (t: number) =>
    range !== null && !range.trailing && t >= range.end - 0.01 && t < range.end + PARK_SLACK_S;

  const leave = (play: boolean) => {
    window.clearInterval(timer);
    range = null;
    running = false;
    report();
    if (play) video.play().catch(() => undefined);
  };

  const tick = () => {
    const now = performance.now();
    if (running && range) position += ((now - lastTick) / 1000) * (video.playbackRate || 1);
    lastTick = now;
    if (!range || position < range.end) {
      if (running && now - lastReport >= o.reportEveryMs) report();
      return;
    }
    // The gap ran out: the picture after it, or, after a trailing gap, the replay's end.
    const wasRunning = running;
    if (!range.trailing) {
      leave(wasRunning);
    } else if (video.loop) {
      leave(false);
      video.currentTime = o.pictureStart();
      if (wasRunning) video.play().catch(() => undefined);
    } else {
      position = range.end;
      running = false;
      report();
    }
  };

  const enter = (r: GapRange, at: number, run: boolean) => {
    range = r;
    position = Math.max(r.start, at);
    running = run;
    lastTick = performance.now();
    if (!video.paused) video.pause();
    if (!r.trailing && !parked(video.currentTime)) video.currentTime = r.end;
    window.clearInterval(timer);
    timer = window.setInterval(tick, TICK_MS);
    report();
  };

  // The picture plays into a gap (not a trailing one: replay-gaps.ts ends the replay there). `waiting`
  // comes as the picture stops at the gap's edge, before hls.js's stall handling jumps the hole.
  let lastPlayed = -1;
  const onProgress = (e: Event) => {
    if (range || video.paused || video.seeking) return;
    lastPlayed = video.currentTime;
    const slack = e.type === 'waiting' ? ENTRY_SLACK_S : 0.05;
    const r = rangeAt(video.currentTime, slack);
    if (r && !r.trailing) enter(r, video.currentTime, true);
  };

  // A seek (the scrubber, a key, a test) into a gap shows the slate there; out of one, the picture.
  // The clock's own parking seek, and hls.js's start or hole-skip just after it, are not the fan's.
  const onSeeking = () => {
    const t = video.currentTime;
    if (parked(t)) return;
    // The engine jumped the hole before the picture's `waiting` reached the clock (Shaka always does,
    // hls.js at times): the gap all the same.
    const jumped = o
      .ranges()
      .find(
        (g) =>
          !g.trailing &&
          lastPlayed >= g.start - JUMP_SLACK_S &&
          lastPlayed < g.start &&
          t >= g.end &&
          t < g.end + PARK_SLACK_S,
      );
    lastPlayed = -1;
    if (jumped && !range && !video.paused) {
      enter(jumped, jumped.start, true);
      return;
    }
    const r = rangeAt(t, 0);
    const wasRunning = range ? running : !video.paused;
    if (r) enter(r, t, wasRunning);
    else if (range) leave(wasRunning);
  };

  // Anything that plays the element while the slate holds it (the first start, full screen) runs
  // the clock instead: the picture resumes after the gap.
  const onPlay = () => {
    if (!range) return;
    running = true;
    lastTick = performance.now();
    video.pause();
    report();
  };

  const events = ['timeupdate', 'waiting'] as const;
  for (const type of events) video.addEventListener(type, onProgress);
  video.addEventListener('seeking', onSeeking);
  video.addEventListener('play', onPlay);

  return {
    state,
    /** Play/pause while the slate shows: the clock's own. False when no gap holds the picture. */
    toggle(): boolean {
      if (!range) return false;
      tick();
      running = !running;
      lastTick = performance.now();
      report();
      return true;
    },
    /**
     * A stream that starts inside a gap (an angle switch to a moment the other angle was down): the
     * slate from `at`; the engine is to start at the picture after the gap (the answer).
     */
    startAt(at: number): number | null {
      const r = rangeAt(at, 0);
      if (!r || r.trailing) return null;
      enter(r, at, true);
      return r.end;
    },
    stop() {
      window.clearInterval(timer);
      for (const type of events) video.removeEventListener(type, onProgress);
      video.removeEventListener('seeking', onSeeking);
      video.removeEventListener('play', onPlay);
    },
  };
}
