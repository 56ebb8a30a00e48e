import { type RefObject, useEffect, useRef } from 'react';
import { createCaptionLift, cssMovesCues } from '../caption-lift.ts';

/**
 * Captions above the control bar while it shows, in engines the CSS of player.css cannot reach
 * (Firefox): `liftPx` is the bar's height, 0 while it hides. Blink and WebKit need nothing here.
 */
export function useCaptionLift(videoRef: RefObject<HTMLVideoElement | null>, liftPx: number): void {
  const liftRef = useRef<ReturnType<typeof createCaptionLift> | null>(null);
  useEffect(() => {
    const video = videoRef.current;
    if (!video || cssMovesCues()) return;
    const lift = createCaptionLift(video);
    liftRef.current = lift;
    // Window resizes and fullscreen change the video's height, so the same pixels are another percent.
    const resize = new ResizeObserver(() => lift.refresh());
    resize.observe(video);
    return () => {
      resize.disconnect();
      lift.stop();
      liftRef.current = null;
    };
  }, [videoRef]);
  useEffect(() => liftRef.current?.set(liftPx), [liftPx]);
}
