import { type RefObject, useCallback, useEffect, useState } from 'react';
import { fullscreenMethod, restartAfterNativeFullscreen } from '../fullscreen-rules.ts';
import { playQuietly } from '../play-quietly.ts';

type IosVideo = HTMLVideoElement & {
  webkitEnterFullscreen?: () => void;
  webkitDisplayingFullscreen?: boolean;
};

/** The default full-screen target of viewing section 2 (LAY-05). */
export const FULLSCREEN_TARGET_ID = 'primaryViewer';

/**
 * Full screen on #primaryViewer, so the overlays and controls stay on top of the video. iPhones have no
 * element full screen: they use the video's native one, and playback restarts 600 ms after leaving it
 * (PLY-25), since iOS pauses the video on exit.
 */
export function useFullscreen(videoRef: RefObject<HTMLVideoElement | null>) {
  const [active, setActive] = useState(false);

  useEffect(() => {
    const onChange = () => setActive(document.fullscreenElement?.id === FULLSCREEN_TARGET_ID);
    document.addEventListener('fullscreenchange', onChange);
    const video = videoRef.current as IosVideo | null;
    let cancelRestart = () => {};
    const onIosEnd = () => {
      setActive(false);
      cancelRestart();
      cancelRestart = restartAfterNativeFullscreen(() => {
        if (video) void playQuietly(video);
      });
    };
    const onIosBegin = () => setActive(true);
    video?.addEventListener('webkitendfullscreen', onIosEnd);
    video?.addEventListener('webkitbeginfullscreen', onIosBegin);
    return () => {
      document.removeEventListener('fullscreenchange', onChange);
      video?.removeEventListener('webkitendfullscreen', onIosEnd);
      video?.removeEventListener('webkitbeginfullscreen', onIosBegin);
      cancelRestart();
    };
  }, [videoRef]);

  const toggle = useCallback(() => {
    const video = videoRef.current as IosVideo | null;
    const target = document.getElementById(FULLSCREEN_TARGET_ID);
    if (document.fullscreenElement) {
      void document.exitFullscreen();
    } else if (
      target &&
      fullscreenMethod(navigator.userAgent, Boolean(target.requestFullscreen)) === 'element'
    ) {
      target.requestFullscreen().catch((e: unknown) => console.info('[player] fullscreen', e));
    } else {
      video?.webkitEnterFullscreen?.();
    }
  }, [videoRef]);

  return { active, toggle };
}
