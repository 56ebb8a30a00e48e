import { type Dispatch, type MutableRefObject, type RefObject, type SetStateAction, useEffect } from 'react';
import { atLiveEdge } from '../live-edge.ts';
import { keepMute, readKeptMute, startsMuted } from '../mute-memory.ts';
import { PLAYER } from '../player-constants.ts';
import { usePlayerPrefs } from '../player-prefs.ts';
import type { PlayerSession } from '../player-session.ts';
import { createStallWatch } from '../stall-watch.ts';
import { type PlayerState, sameLatency, shownLatency } from './player-state.ts';

/**
 * The <video> element's events into the player state: muted start, the fan's volume kept, play and
 * pause, time updates at most once a second (PLY-20), seeks at once, the bandwidth and the delay
 * behind live every second even while the picture is frozen, and the stall watch.
 */
export function useMediaEvents(
  videoRef: RefObject<HTMLVideoElement | null>,
  sessionRef: MutableRefObject<PlayerSession | null>,
  stallRef: MutableRefObject<ReturnType<typeof createStallWatch> | null>,
  setState: Dispatch<SetStateAction<PlayerState>>,
) {
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const patch = (p: Partial<PlayerState>) => setState((s) => ({ ...s, ...p }));
    // Muted by default; a reload in the same tab keeps the fan's unmute, except Safari (PLY-08, PLY-09).
    video.muted = startsMuted(navigator.userAgent, readKeptMute());
    video.volume = usePlayerPrefs.getState().volume;
    patch({ muted: video.muted });
    let lastTick = 0;
    const stallWatch = createStallWatch(video, (stalls) => patch({ stalls }));
    stallRef.current = stallWatch;
    const sync = () => {
      const session = sessionRef.current;
      const edge = session?.liveSyncPosition() ?? null;
      const gap = session?.replayGap?.() ?? null;
      patch({
        playing: gap ? gap.running : !video.paused,
        currentTime: gap?.position ?? video.currentTime,
        duration: Number.isFinite(video.duration) ? video.duration : 0,
        atLiveEdge: edge === null || atLiveEdge(edge - video.currentTime),
        bandwidth: session?.bandwidthEstimate() ?? Number.NaN,
        keySystem: session?.keySystem() ?? null,
        latency: shownLatency(session?.latency?.()),
      });
    };
    const onTime = () => {
      const now = performance.now();
      if (now - lastTick < PLAYER.timeUpdateMs) return;
      lastTick = now;
      sync();
    };
    const onVolume = () => {
      patch({ muted: video.muted, volume: video.volume });
      keepMute(video.muted);
      if (!video.muted) usePlayerPrefs.getState().setVolume(video.volume);
    };
    // The bandwidth estimate also when the picture stalls: a chosen level the network cannot carry
    // stops timeupdate, and that is when the low-bandwidth banner must show (PLY-48). The delay
    // behind live too: it grows while the picture is frozen, and the LIVE control says so.
    const bandwidthTimer = window.setInterval(() => {
      const session = sessionRef.current;
      if (!session) return;
      const estimate = session.bandwidthEstimate();
      const keySystem = session.keySystem();
      const latency = shownLatency(session.latency?.());
      setState((s) =>
        Object.is(s.bandwidth, estimate) && s.keySystem === keySystem && sameLatency(s.latency, latency)
          ? s
          : { ...s, bandwidth: estimate, keySystem, latency },
      );
    }, PLAYER.timeUpdateMs);
    // A picture that plays again after a reported load failure (hls.js recovered a media error, the
    // network came back within the retries) is not failed: the dialog would contradict the screen.
    const onPlaying = () => setState((s) => (s.failure === 'load' ? { ...s, failure: null } : s));
    video.addEventListener('playing', onPlaying);
    video.addEventListener('timeupdate', onTime);
    video.addEventListener('play', sync);
    video.addEventListener('pause', sync);
    // A seek lands at once (the scrubber, the chat replay), even paused, where timeupdate is throttled.
    video.addEventListener('seeked', sync);
    video.addEventListener('volumechange', onVolume);
    return () => {
      stallWatch.stop();
      stallRef.current = null;
      window.clearInterval(bandwidthTimer);
      video.removeEventListener('playing', onPlaying);
      video.removeEventListener('timeupdate', onTime);
      video.removeEventListener('play', sync);
      video.removeEventListener('pause', sync);
      video.removeEventListener('seeked', sync);
      video.removeEventListener('volumechange', onVolume);
    };
  }, [videoRef, sessionRef, stallRef, setState]);
}
