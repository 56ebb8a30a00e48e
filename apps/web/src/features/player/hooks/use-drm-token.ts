import { DRM_REFRESH_MARGIN_MS, type DrmLicence, type StreamType } from '@encore/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getDrmToken } from '../api/get-drm-token.ts';
import { drmTokenNeeded } from '../drm-rules.ts';

export interface DrmAccess {
  /** The current token for key requests; null while none is needed or held. */
  token: () => string | null;
  /** 'licence refresh' (PLY-44, PLY-27): fetch a new token now. Resolves when it is held. */
  refresh: () => Promise<void>;
  /** Ready to play: a token is held, or none is needed (paid event 0 or unencrypted streams). */
  ready: boolean;
  /** The token call failed: the message carries its path ('thor'), for the DRM dialog (PLY-46). */
  error: string | null;
  /** The provider path's licence servers of the held token (null: Encore's own keys only). */
  licence: () => DrmLicence | null;
}

export interface DrmParams {
  video: number;
  stream: string;
  paidEvent: number;
  sessionId: string;
  encrypted: boolean;
  /** The stream type played (PLY-31): the DRM call's stream_type. */
  streamType: StreamType;
}

/**
 * Holds the DRM token of GET /thor/video/drm/ and renews it before it expires. A token is fetched only
 * for a non-zero paid event id (PLY-32); it covers every stream of the ticket's view, so an angle
 * switch needs none.
 */
export function useDrmToken(params: DrmParams | null): DrmAccess {
  const tokenRef = useRef<string | null>(null);
  const licenceRef = useRef<DrmLicence | null>(null);
  const [ready, setReady] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fetchRef = useRef<() => Promise<void>>(async () => {});
  const needed = drmTokenNeeded(params);
  const key = params
    ? `${params.video}|${params.paidEvent}|${params.sessionId}|${params.streamType}|${needed}`
    : '';
  const stream = params?.stream ?? '';

  // biome-ignore lint/correctness/useExhaustiveDependencies: the token belongs to the show and session (key), not to the angle
  useEffect(() => {
    tokenRef.current = null;
    setError(null);
    if (!params) return;
    if (!needed) {
      setReady(true);
      return;
    }
    setReady(false);
    const controller = new AbortController();
    let timer = 0;
    const fetchToken = async () => {
      window.clearTimeout(timer);
      try {
        const res = await getDrmToken(
          {
            video: params.video,
            stream,
            paidEvent: params.paidEvent,
            sessionId: params.sessionId,
            streamType: params.streamType,
          },
          controller.signal,
        );
        tokenRef.current = res.token;
        licenceRef.current = res.licence;
        setReady(true);
        setError(null);
        const refreshIn = Math.max(
          5_000,
          Math.min(Date.parse(res.refresh_at), Date.parse(res.expires_at) - DRM_REFRESH_MARGIN_MS) -
            Date.now(),
        );
        timer = window.setTimeout(() => void fetchToken(), refreshIn);
      } catch (e) {
        if (controller.signal.aborted) return;
        const status = (e as { status?: number | null }).status ?? 'network';
        setError(`GET /thor/video/drm/ failed: ${status}`);
      }
    };
    fetchRef.current = fetchToken;
    void fetchToken();
    return () => {
      controller.abort();
      window.clearTimeout(timer);
      fetchRef.current = async () => {};
    };
  }, [key]);

  const token = useCallback(() => tokenRef.current, []);
  const refresh = useCallback(() => fetchRef.current(), []);
  const licence = useCallback(() => licenceRef.current, []);
  return { token, refresh, ready, error, licence };
}
