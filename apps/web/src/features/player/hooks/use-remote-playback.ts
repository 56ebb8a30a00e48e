import { type RefObject, useEffect, useRef, useState } from 'react';
import type { CastStatus } from '../components/control-bar.tsx';

/**
 * Casting through the Remote Playback API (Chromecast in Chrome, AirPlay in Safari), offered only when
 * the browser says a device is available (PLY-17). Connected raises the casting flag (PLY-26); a
 * disconnect after a connection asks for a licence refresh (PLY-27). Media Source playback cannot be
 * cast by most browsers: then availability never turns on and the button stays hidden.
 */
export function useRemotePlayback(videoRef: RefObject<HTMLVideoElement | null>, onDisconnected: () => void) {
  const [status, setStatus] = useState<CastStatus>('unavailable');
  const wasConnected = useRef(false);
  const disconnectedRef = useRef(onDisconnected);
  disconnectedRef.current = onDisconnected;

  useEffect(() => {
    const remote = videoRef.current?.remote;
    if (!remote) return;
    let watchId: number | null = null;
    const fromState = () => {
      if (remote.state === 'connected') {
        wasConnected.current = true;
        setStatus('connected');
      } else if (remote.state === 'connecting') setStatus('connecting');
      else {
        if (wasConnected.current) {
          wasConnected.current = false;
          disconnectedRef.current();
        }
        setStatus((s) => (s === 'unavailable' ? s : 'available'));
      }
    };
    remote
      .watchAvailability((available) => setStatus(available ? 'available' : 'unavailable'))
      .then((id) => {
        watchId = id;
      })
      .catch(() => setStatus('unavailable'));
    remote.addEventListener('connect', fromState);
    remote.addEventListener('connecting', fromState);
    remote.addEventListener('disconnect', fromState);
    return () => {
      if (watchId !== null) remote.cancelWatchAvailability(watchId).catch(() => {});
      remote.removeEventListener('connect', fromState);
      remote.removeEventListener('connecting', fromState);
      remote.removeEventListener('disconnect', fromState);
    };
  }, [videoRef]);

  const prompt = () => {
    videoRef.current?.remote.prompt().catch((e: unknown) => console.info('[player] cast', e));
  };
  return { status, casting: status === 'connected', prompt };
}
