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

/**
 * The first play() of a load. A start with sound that the autoplay policy refuses (NotAllowedError)
 * is retried muted, so the fan sees the show with the unmute button rather than a still picture
 * (PLY-09: a fan who unmuted keeps sound across a reload only where the browser allows it).
 */
export async function startPlayback(
  video: { play: () => Promise<void>; muted: boolean },
  log: (message: string, error: unknown) => void = console.info,
): Promise<void> {
  try {
    await video.play();
  } catch (e) {
    log('[player] play refused', e);
    if (video.muted || !(e instanceof Error && e.name === 'NotAllowedError')) return;
    video.muted = true;
    await playQuietly(video, log);
  }
}
