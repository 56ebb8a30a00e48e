import { PLAYER } from './player-constants.ts';

/** iPhones have no element full screen: the video's native one (viewing section 4, PLY-25). */
export const isIphone = (userAgent: string): boolean => /iPhone|iPod/.test(userAgent);

/** Which full screen a toggle uses: #primaryViewer where the browser has element full screen. */
export function fullscreenMethod(userAgent: string, elementFullscreen: boolean): 'element' | 'native' {
  return elementFullscreen && !isIphone(userAgent) ? 'element' : 'native';
}

/**
 * After the native (iOS) full screen ends, playback restarts after 600 ms: iOS pauses the video on
 * exit. Returns the cancel of the pending restart.
 */
export function restartAfterNativeFullscreen(
  play: () => void,
  schedule: (fn: () => void, ms: number) => number = (fn, ms) => window.setTimeout(fn, ms),
  cancel: (id: number) => void = (id) => window.clearTimeout(id),
): () => void {
  const id = schedule(play, PLAYER.iosRestartMs);
  return () => cancel(id);
}
