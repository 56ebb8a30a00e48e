/**
 * The latency controller (DESIGN.md 6.3, issue 24): a live fan is held at a target distance behind
 * live whatever the network does. "Behind" is the origin's clock now minus the program date of the
 * frame on screen (server-clock.ts), so it is what the fan really lags, not a playlist's nominal
 * figure; the target is the stream's own (the playlist's PART-HOLD-BACK or HOLD-BACK behind its edge,
 * hls-session.ts; Shaka's live seek end on DASH).
 *
 * Small drift is closed by the playback rate, within 0.95..1.05 with the pitch kept: 5 % is below
 * what a listener notices in music, and the picture never stops. What a stall left behind is closed
 * by a jump: the fan just saw the picture freeze, so a seek there is not a second interruption; in
 * steady playback only a gap too large for the rate to close soon (3.5 s: over a minute at 5 %) is
 * jumped. hls.js's own live sync (maxLiveSyncPlaybackRate) only speeds up, only near the target, and
 * lets each stall add a second to its target (liveSyncOnStallIncrease): both are off in hlsConfig.
 */
export const LATENCY = {
  tickMs: 250,
  /** Playback-rate bounds (pitch preserved). */
  minRate: 0.95,
  maxRate: 1.05,
  /**
   * Rate change per second of error: half a second behind plays 5 % fast. A busy device plays a few
   * per cent slower than real time (measured here under load: 2-3 %); a weaker gain left the fan that
   * far past the target for good.
   */
  gain: 0.1,
  /** Start correcting beyond this error (s); stop once within settleS (hysteresis: no hunting). */
  correctBeyondS: 0.25,
  settleS: 0.05,
  /** Jump to the target beyond this error in steady playback (s). */
  jumpBeyondS: 3.5,
  /** Within this long after a stall (ms), a smaller error is jumped (jumpAfterStallS). */
  afterStallMs: 10_000,
  jumpAfterStallS: 1,
  /**
   * Playing faster needs this much picture buffered ahead, or it would outrun the download. Playing
   * fast drains the buffer exactly as fast as it closes the error, and the parts keep arriving, so a
   * small margin is enough; a full second blocked LL-HLS fans (about 1 s ahead at a 1.1 s target)
   * from closing a post-stall error by rate at all.
   */
  minAheadS: 0.4,
  /** A jump waits up to this long (ms) for its landing place to be buffered, then seeks anyway. */
  jumpWaitMs: 3_000,
  /**
   * After a jump, no other for this long (ms): a target the stream cannot reach must not make a seek
   * loop. The rate works meanwhile. A jump right after a stall often lands short (the player's
   * playlist has not caught up with the edge yet: 1.3 s short measured with LL-HLS at 720p), and the
   * second jump closes it: 8 s here kept those fans 1.3 to 1.6 s past the target for 8 s.
   */
  jumpCooldownMs: 4_000,
  /** The LIVE control says how far behind the fan is once they are this far past the target (s). */
  showBehindS: 1.5,
} as const;

/** Where a live stream's playback stands against its target, from the session (null: unknown). */
export interface LatencyReading {
  /** Seconds behind live: server now minus the program date of the frame on screen. */
  behindS: number;
  /** The target distance, in the same terms. */
  targetS: number;
}

export interface LatencyInput {
  /** behind minus target: positive when the fan is further behind than the target. */
  errorS: number;
  currentTime: number;
  /** End of the buffered range holding the playhead (currentTime when none). */
  bufferedEnd: number;
  /** The playhead is in the stall window (a stall ended less than afterStallMs ago). */
  afterStall: boolean;
  /** How long a wanted jump has waited for its landing place to load (ms). */
  jumpWaitedMs: number;
  /** Correcting by rate already (hysteresis). */
  correcting: boolean;
}

export type LatencyStep =
  | { kind: 'hold' }
  | { kind: 'rate'; rate: number }
  | { kind: 'jump'; to: number }
  /** A jump is due but its landing place is not buffered yet: wait, at the normal rate. */
  | { kind: 'wait-jump' };

const round2 = (x: number) => Math.round(x * 100) / 100;

/** One decision of the controller (pure: latency-control.test.ts). */
export function latencyStep(p: LatencyInput): LatencyStep {
  const { errorS } = p;
  const jumpBeyond = p.afterStall ? LATENCY.jumpAfterStallS : LATENCY.jumpBeyondS;
  if (Math.abs(errorS) > jumpBeyond) {
    const to = p.currentTime + errorS;
    // Backwards (ahead of the target) is always buffered or loadable at once; forwards waits a little
    // for the picture there, so the landing is exact and the picture does not freeze a second time.
    if (errorS < 0 || to < p.bufferedEnd - 0.3 || p.jumpWaitedMs >= LATENCY.jumpWaitMs)
      return { kind: 'jump', to };
    return { kind: 'wait-jump' };
  }
  return rateStep(p);
}

/**
 * The rate part of latencyStep alone: also what plays while a jump is due but a recent one forbids
 * it (the cooldown), so the fan closes in on the target meanwhile instead of holding the error.
 */
export function rateStep(p: LatencyInput): { kind: 'rate'; rate: number } {
  const { errorS } = p;
  const band = p.correcting ? LATENCY.settleS : LATENCY.correctBeyondS;
  if (Math.abs(errorS) <= band) return { kind: 'rate', rate: 1 };
  let rate = round2(1 + errorS * LATENCY.gain);
  rate = Math.min(LATENCY.maxRate, Math.max(LATENCY.minRate, rate));
  if (rate > 1 && p.bufferedEnd - p.currentTime < LATENCY.minAheadS) rate = 1;
  return { kind: 'rate', rate };
}

/** Shown on the LIVE control: how far past the target the fan is, when it is worth saying. */
export const showsBehind = (r: LatencyReading | null) =>
  r !== null && r.behindS - r.targetS >= LATENCY.showBehindS;

const bufferedEndAt = (video: HTMLVideoElement) => {
  const t = video.currentTime;
  for (let i = 0; i < video.buffered.length; i++) {
    if (video.buffered.start(i) <= t + 0.1 && t <= video.buffered.end(i)) return video.buffered.end(i);
  }
  return t;
};

export interface LatencyController {
  /** The LIVE control: back to the target now (a seek, whatever the error). */
  toTarget: () => boolean;
  stop: () => void;
}

/**
 * Runs latencyStep on `video` every tick while `read` gives a reading (a live stream, its clock known,
 * no angle-switch sync under way). Paused: nothing (resuming goes to the target, toggleAction).
 */
export function startLatencyControl(
  video: HTMLVideoElement,
  read: () => LatencyReading | null,
): LatencyController {
  let stalledAt = 0;
  let resumedAt = Number.NEGATIVE_INFINITY;
  let wantJumpSince = 0;
  let correcting = false;
  // Pitch kept at any rate (the default in browsers; set in case a page changed it).
  video.preservesPitch = true;
  const setRate = (rate: number) => {
    if (video.playbackRate !== rate) video.playbackRate = rate;
  };
  let jumpedAt = Number.NEGATIVE_INFINITY;
  const jump = (to: number) => {
    jumpedAt = performance.now();
    wantJumpSince = 0;
    stalledAt = 0;
    resumedAt = Number.NEGATIVE_INFINITY;
    correcting = false;
    setRate(1);
    video.currentTime = to;
  };
  // A stall is the picture waiting for data while playing; a seek's own wait is not one.
  const onWaiting = () => {
    if (video.paused || video.seeking) return;
    stalledAt = performance.now();
  };
  // The first frame counts as the end of a stall: nothing has been watched yet, so a jump is free.
  let started = false;
  const onPlaying = () => {
    if (stalledAt > 0 || !started) resumedAt = performance.now();
    started = true;
    stalledAt = 0;
  };
  const tick = () => {
    const reading = read();
    if (!reading || video.paused || video.seeking || video.readyState < 3) {
      if (video.paused && video.playbackRate !== 1) setRate(1);
      return;
    }
    const now = performance.now();
    const input: LatencyInput = {
      errorS: reading.behindS - reading.targetS,
      currentTime: video.currentTime,
      bufferedEnd: bufferedEndAt(video),
      afterStall: now - resumedAt < LATENCY.afterStallMs,
      jumpWaitedMs: wantJumpSince > 0 ? now - wantJumpSince : 0,
      correcting,
    };
    const step = latencyStep(input);
    const coolingDown = now - jumpedAt < LATENCY.jumpCooldownMs;
    if (step.kind === 'jump' && !coolingDown) {
      jump(step.to);
    } else if (step.kind === 'jump' && coolingDown) {
      // Too soon for another seek: close in by rate meanwhile.
      const byRate = rateStep({ ...input, correcting });
      correcting = byRate.rate !== 1;
      setRate(byRate.rate);
    } else if (step.kind === 'wait-jump') {
      if (wantJumpSince === 0) wantJumpSince = now;
      setRate(1);
    } else if (step.kind === 'rate') {
      wantJumpSince = 0;
      correcting = step.rate !== 1;
      setRate(step.rate);
    }
  };
  video.addEventListener('waiting', onWaiting);
  video.addEventListener('playing', onPlaying);
  const timer = window.setInterval(tick, LATENCY.tickMs);
  return {
    toTarget: () => {
      const reading = read();
      if (!reading) return false;
      jump(video.currentTime + reading.behindS - reading.targetS);
      return true;
    },
    stop: () => {
      window.clearInterval(timer);
      video.removeEventListener('waiting', onWaiting);
      video.removeEventListener('playing', onPlaying);
      setRate(1);
    },
  };
}
