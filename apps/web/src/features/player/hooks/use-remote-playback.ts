import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import {
  type CastStatus,
  type CastTracking,
  castButtonShown,
  castingFlag,
  onAvailability,
  onRemoteState,
  statusOfCastState,
} from '../cast-rules.ts';
import {
  CAST_RECEIVER_APP_ID,
  type CastMedia,
  type CastSdk,
  castLoadRequest,
  isCastBrowser,
  loadCastSdk,
  toSdkLoadRequest,
} from '../cast-sender.ts';

export interface CastingOptions {
  /** Casting is enabled in the configuration (PLY-17). */
  enabled: boolean;
  /** What to cast now: the stream, the tokens (PLY-28). */
  media: () => CastMedia | null;
  /** AirPlay disconnected after a connection: refresh the licence (PLY-27). */
  onDisconnected: () => void;
}

/**
 * Casting: in Chrome through the Google Cast sender SDK, whose load request carries the Authorization
 * header (PLY-28); elsewhere, or when the SDK cannot load, through the Remote Playback API (AirPlay in
 * Safari). The rules (button, casting flag, licence refresh) are the pure ones of cast-rules.ts.
 */
export function useRemotePlayback(videoRef: RefObject<HTMLVideoElement | null>, opts: CastingOptions) {
  const [tracking, setTrackingState] = useState<CastTracking>({ status: 'unavailable', wasConnected: false });
  const trackingRef = useRef(tracking);
  // Read and written outside React's updaters, so that a licence refresh is asked for exactly once.
  const setTracking = useCallback((next: (prev: CastTracking) => CastTracking) => {
    trackingRef.current = next(trackingRef.current);
    setTrackingState(trackingRef.current);
  }, []);
  const [sdk, setSdk] = useState<CastSdk | null>(null);
  const optsRef = useRef(opts);
  optsRef.current = opts;
  const { enabled } = opts;

  useEffect(() => {
    if (!enabled || !isCastBrowser(navigator.userAgent)) return;
    let live = true;
    void loadCastSdk().then((loaded) => {
      if (live) setSdk(loaded);
    });
    return () => {
      live = false;
    };
  }, [enabled]);

  // The Cast SDK's state, when it loaded.
  useEffect(() => {
    if (!sdk) return;
    const context = sdk.framework.CastContext.getInstance();
    context.setOptions({
      receiverApplicationId: CAST_RECEIVER_APP_ID,
      autoJoinPolicy: sdk.chromeCast.AutoJoinPolicy.ORIGIN_SCOPED,
    });
    const type = sdk.framework.CastContextEventType.CAST_STATE_CHANGED;
    const onState = (e: { castState: string }) =>
      setTracking((t) => ({ status: statusOfCastState(e.castState), wasConnected: t.wasConnected }));
    onState({ castState: context.getCastState() });
    context.addEventListener(type, onState);
    return () => context.removeEventListener(type, onState);
  }, [sdk, setTracking]);

  // The Remote Playback API otherwise (AirPlay, or Chrome without the SDK).
  useEffect(() => {
    const remote = videoRef.current?.remote;
    if (!enabled || sdk || !remote) return;
    let watchId: number | null = null;
    const fromState = () => {
      const next = onRemoteState(trackingRef.current, remote.state);
      setTracking(() => ({ status: next.status, wasConnected: next.wasConnected }));
      if (next.refreshLicence) optsRef.current.onDisconnected();
    };
    remote
      .watchAvailability((available) => setTracking((prev) => onAvailability(prev, available)))
      .then((id) => {
        watchId = id;
      })
      .catch(() => setTracking((prev) => onAvailability(prev, false)));
    remote.addEventListener('connect', fromState);
    remote.addEventListener('connecting', fromState);
    remote.addEventListener('disconnect', fromState);
    return () => {
      if (watchId !== null) remote.cancelWatchAvailability(watchId).catch(() => {});
      remote.removeEventListener('connect', fromState);
      remote.removeEventListener('connecting', fromState);
      remote.removeEventListener('disconnect', fromState);
    };
  }, [videoRef, enabled, sdk, setTracking]);

  const prompt = () => {
    if (sdk) {
      const media = optsRef.current.media();
      const context = sdk.framework.CastContext.getInstance();
      void context
        .requestSession()
        .then(() => {
          const session = context.getCurrentSession();
          if (media && session) {
            return session.loadMedia(toSdkLoadRequest(sdk, castLoadRequest(media, window.location.href)));
          }
        })
        .catch((e: unknown) => console.info('[player] cast', e));
      return;
    }
    videoRef.current?.remote.prompt().catch((e: unknown) => console.info('[player] cast', e));
  };
  const status: CastStatus = enabled ? tracking.status : 'unavailable';
  return {
    status,
    shown: castButtonShown(enabled, status),
    casting: castingFlag(status),
    via: sdk ? ('cast-sdk' as const) : ('remote-playback' as const),
    prompt,
  };
}
