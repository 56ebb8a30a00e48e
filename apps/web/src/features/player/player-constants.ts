/** Player constants of viewing section 9, in one place so that the rules and their tests agree. */
export const PLAYER = {
  /** At-live-edge: distance from the edge below this many seconds (PLY-04). */
  liveEdgeThreshold: 10,
  /** hls.js settings (PLY-05): seconds from the buffered end, adaptive target buffer. */
  secondsFromBufferedEnd: 2,
  targetBuffer: 20,
  /** Start after this delay when autoplaying or after the first video (PLY-02). */
  startDelayMs: 200,
  /** Controls idle-hide (PLY-22, PLY-24). */
  idleDesktopMs: 1250,
  idleHandheldMs: 3000,
  /** Time updates are handled at most once per second; the live scrubber window (PLY-20). */
  timeUpdateMs: 1000,
  liveScrubberWindow: 110,
  /** Scrubber dot size (PLY-19). */
  scrubberDotHandheld: 18,
  scrubberDot: 12,
  /** iOS: after leaving native full screen, playback restarts after this delay (PLY-25). */
  iosRestartMs: 600,
  /** Height of the 4K level (CAPQ-16). */
  uhdHeight: 2160,
} as const;

/** Multiview overlay timings and frame (viewing section 9). */
export const MULTIVIEW = {
  frameWidth: 1920,
  frameHeight: 1080,
  boxesDelayMs: 400,
  closeDelayMs: 100,
  dropdownCloseMs: 100,
} as const;
