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
