/**
 * A replay on the show clock (issue 27) lists EXT-X-GAP where an angle had no picture: before its
 * first picture (it joined after Go live), during a drop, after its last (it left before End show).
 * hls.js skips a gap it plays into, but at a trailing gap it stalls short of `ended` (measured with
 * hls.js 1.7: the picture stops at the last segment, no `ended`, the spinner forever), so a looping
 * replay never loops. The session treats the end of the last picture as the replay's end.
 */

type Frag = { start: number; duration: number; gap?: boolean | undefined };

/** Where the picture of an on-demand listing starts and ends (media seconds); null without one. */
export function pictureSpan(
  frags: readonly Frag[],
): { start: number; end: number; trailingGap: boolean } | null {
  const first = frags.find((f) => !f.gap);
  const last = frags.findLast((f) => !f.gap);
  if (!first || !last) return null;
  return { start: first.start, end: last.start + last.duration, trailingGap: last !== frags.at(-1) };
}

/** How close to the picture's end counts as its end (a frame or two short of it is where hls.js stalls). */
export const PICTURE_END_SLACK_S = 0.3;

type VideoLike = Pick<HTMLVideoElement, 'currentTime' | 'loop' | 'seeking' | 'paused' | 'pause'> &
  Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

/**
 * Ends the replay at its last picture when a gap follows it: loops to the first picture (the player
 * loops on demand, viewing section 9) or pauses. Returns the listener's remover.
 */
export function watchTrailingGap(video: VideoLike, span: () => ReturnType<typeof pictureSpan>): () => void {
  const check = () => {
    const s = span();
    if (!s?.trailingGap || video.seeking || video.paused) return;
    if (video.currentTime < s.end - PICTURE_END_SLACK_S) return;
    if (video.loop) video.currentTime = s.start;
    else video.pause();
  };
  video.addEventListener('timeupdate', check);
  video.addEventListener('waiting', check);
  return () => {
    video.removeEventListener('timeupdate', check);
    video.removeEventListener('waiting', check);
  };
}
