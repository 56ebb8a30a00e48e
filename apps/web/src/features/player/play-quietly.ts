/**
 * play() whose refusal (autoplay policy, a pause or a new source meanwhile) is only logged, never
 * thrown nor shown (viewing section 8, PLY-47).
 */
export function playQuietly(
  video: { play: () => Promise<void> },
  log: (message: string, error: unknown) => void = console.info,
): Promise<void> {
  return video.play().catch((e: unknown) => log('[player] play refused', e));
}

type StartTarget = {
  play: () => Promise<void>;
  muted: boolean;
  paused: boolean;
  addEventListener: (type: 'canplay', fn: () => void) => void;
  removeEventListener: (type: 'canplay', fn: () => void) => void;
};

/**
 * A play() cut short because the engine attached its source after it (Shaka's load is asynchronous:
 * behind the last player's teardown on an angle switch, later than the start's 200 ms on a loaded
 * machine), not by a pause: Chrome says "interrupted by a new load request", Firefox "aborted by the
 * user agent"; a pause says "pause" in both.
 */
const cutByLoad = (e: unknown) => e instanceof Error && e.name === 'AbortError' && !/pause/i.test(e.message);

/**
 * The first play() of a load. A start with sound that the autoplay policy refuses (NotAllowedError)
 * is retried muted, so the fan sees the show with the unmute button rather than a still picture
 * (PLY-09: a fan who unmuted keeps sound across a reload only where the browser allows it). A start
 * cut short by the source the engine attached after it is tried again once that source can play:
 * an angle switch once stayed on a still picture with the play button (CI, 28 Nov).
 */
export async function startPlayback(
  video: StartTarget,
  log: (message: string, error: unknown) => void = console.info,
  retryCut = true,
): Promise<void> {
  try {
    await video.play();
  } catch (e) {
    log('[player] play refused', e);
    if (retryCut && cutByLoad(e)) {
      const onReady = () => {
        video.removeEventListener('canplay', onReady);
        if (video.paused) void startPlayback(video, log, false);
      };
      video.addEventListener('canplay', onReady);
      return;
    }
    if (video.muted || !(e instanceof Error && e.name === 'NotAllowedError')) return;
    video.muted = true;
    await playQuietly(video, log);
  }
}
