import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { pictureClock } from '../../../lib/show-clock/picture-clock.ts';
import { useSessionStore } from '../../../lib/store/session-store.ts';
import { loadDash } from '../dash-engine.ts';
import type { DashKeySystems } from '../drm-rules.ts';
import { loadHls } from '../hls-engine.ts';
import { openHlsSession } from '../hls-session.ts';
import { type LatencyController, startLatencyControl } from '../latency-control.ts';
import { toggleAction } from '../live-edge.ts';
import { playQuietly, startPlayback } from '../play-quietly.ts';
import { PLAYER } from '../player-constants.ts';
import { usePlayerPrefs } from '../player-prefs.ts';
import {
  type PlayerSession,
  type SessionEvents,
  type SessionOptions,
  whileCurrent,
} from '../player-session.ts';
import type { createStallWatch } from '../stall-watch.ts';
import { initialPlayerState, type PlayerState } from './player-state.ts';
import type { DrmAccess } from './use-drm-token.ts';
import { useMediaEvents } from './use-media-events.ts';

export interface PlayerSource {
  url: string;
  stream: string;
  uhdMode: boolean;
  /** HLS (hls.js, AES-128 or FairPlay) or DASH (Shaka Player, EME): streamTypeFor (PLY-31). */
  type: 'hls' | 'dash';
  /** DASH: the licence servers and the key systems in order of preference (dashKeySystems). */
  keySystems?: DashKeySystems;
}

type OpenSession = (video: HTMLVideoElement, opts: SessionOptions, ev: SessionEvents) => PlayerSession;

/** The engine of a stream type, each its own lazy chunk, behind one session interface. */
const loadEngine = (type: PlayerSource['type']): Promise<OpenSession> =>
  type === 'dash'
    ? loadDash()
    : loadHls().then((Hls) => (video, opts, ev) => openHlsSession(Hls, video, opts, ev));

/**
 * The stream on one <video>, by hls.js or Shaka Player: one session per stream, the moment kept across
 * angle switches, the fan's volume, quality and captions applied to each. Starts muted (autoplay
 * policies; PLY-08) 200 ms after a source is loaded (PLY-02).
 */
export function usePlayer(
  videoRef: RefObject<HTMLVideoElement | null>,
  source: PlayerSource | null,
  drm: DrmAccess,
) {
  const prefs = usePlayerPrefs();
  const [state, setState] = useState(() => initialPlayerState(prefs.volume));
  const sessionRef = useRef<PlayerSession | null>(null);
  const latencyRef = useRef<LatencyController | null>(null);
  const stallRef = useRef<ReturnType<typeof createStallWatch> | null>(null);
  const clockRef = useRef<number | null>(null);
  const detachClockRef = useRef<(() => void) | null>(null);
  const drmRef = useRef(drm);
  drmRef.current = drm;
  const patch = useCallback((p: Partial<PlayerState>) => setState((s) => ({ ...s, ...p })), []);

  const url = source?.url ?? null;
  const uhdMode = source?.uhdMode ?? false;
  const type = source?.type ?? 'hls';
  const keySystemsRef = useRef(source?.keySystems);
  keySystemsRef.current = source?.keySystems;
  const drmReady = drm.ready;

  // The engine downloads while the video and DRM look-ups are still answering.
  useEffect(() => {
    loadEngine(type).catch(() => undefined);
  }, [type]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a session lives per stream URL and mode; prefs are read when it opens
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !url || !drmReady) return;
    let cancelled = false;
    let start: number | undefined;
    const open = (openSession: OpenSession) => {
      const previous = sessionRef.current;
      const dateMs = previous?.playingDate() ?? null;
      const moment = dateMs === null ? null : { dateMs, at: performance.now() };
      latencyRef.current?.stop();
      latencyRef.current = null;
      previous?.destroy();
      const { captionSelection, qualitySelection } = usePlayerPrefs.getState();
      const session = openSession(
        video,
        {
          url,
          keySystems: keySystemsRef.current,
          drmToken: () => drmRef.current.token(),
          authToken: () => useSessionStore.getState().authToken,
          moment,
          previousClock: clockRef.current,
          uhdMode,
          captionLanguage: captionSelection,
          preferredHeight: qualitySelection,
        },
        // The events of this effect's session only: once the stream changes, its engine's teardown
        // reports nothing to the next stream's state (player-session.ts, whileCurrent).
        whileCurrent(
          {
            // Liveness not known yet (hls.js before its first media playlist) keeps what the last
            // stream said: an angle switch stays live or on demand without a flicker.
            onLevels: (levels, chosen, live) =>
              patch(
                live === null
                  ? { levels, chosenLevel: chosen, failure: null }
                  : { levels, chosenLevel: chosen, live, liveKnown: true, failure: null },
              ),
            onLevelSwitched: (currentLevel) => patch({ currentLevel }),
            onSubtitleTracks: (tracks) => patch({ tracks }),
            onStandby: (standby) => patch({ standby }),
            onMarkers: (markers) => patch({ markers }),
            // A replay's gap: the live show's slate, the scrubber moving on at the gap's own clock.
            onReplayGap: (gap) =>
              patch({
                standby: gap ? 'brb' : null,
                currentTime: gap?.position ?? video.currentTime,
                playing: gap ? gap.running : !video.paused,
              }),
            onClock: (offset) => {
              clockRef.current = offset;
              video.dataset.clockOffset = offset === null ? '' : String(offset);
            },
            onError: (outcome, message) => {
              if (outcome === 'licence-refresh') {
                // PLY-44: a key or licence request failed (expired token): fetch a new one and retry.
                void drmRef.current.refresh().then(() => session.retry());
                return;
              }
              console.warn('[player]', message);
              patch({ failure: outcome === 'drm-dialog' ? 'drm' : 'load' });
            },
          },
          () => !cancelled,
        ),
      );
      sessionRef.current = session;
      // The show clock this fan's picture shows: the host's timed cues wait for it (issue 27).
      detachClockRef.current?.();
      detachClockRef.current = pictureClock.attach({
        date: () => session.playingDate(),
        rate: () => video.playbackRate,
        behindMs: () => {
          const reading = session.latency?.();
          return reading ? reading.behindS * 1000 : null;
        },
      });
      stallRef.current?.restart();
      // Every stream, the first and each angle after a switch, is held at its target distance.
      latencyRef.current = startLatencyControl(video, () => session.latency?.() ?? null);
      patch({ standby: null, latency: null });
      video.dataset.stream = url;
      start = window.setTimeout(() => {
        // PLY-47: a refused play() (autoplay policy) is only logged; a refused start with sound is
        // retried muted (PLY-09).
        void startPlayback(video);
      }, PLAYER.startDelayMs);
    };
    loadEngine(type).then(
      (openSession) => {
        if (!cancelled) open(openSession);
      },
      (e: unknown) => {
        console.warn('[player] the video engine did not load', e);
        if (!cancelled) patch({ failure: 'load' });
      },
    );
    return () => {
      cancelled = true;
      window.clearTimeout(start);
    };
  }, [url, type, uhdMode, drmReady]);

  useEffect(
    () => () => {
      latencyRef.current?.stop();
      latencyRef.current = null;
      detachClockRef.current?.();
      detachClockRef.current = null;
      sessionRef.current?.destroy();
      sessionRef.current = null;
    },
    [],
  );

  useEffect(() => {
    if (drm.error) patch({ failure: 'drm' });
  }, [drm.error, patch]);

  useMediaEvents(videoRef, sessionRef, stallRef, setState);

  // Back to the target distance the controller holds (not to hls.js's sync position, which a stall
  // could have left behind); before the stream's clock is known, to the engine's sync position.
  const goLiveEdge = useCallback(() => {
    const video = videoRef.current;
    if (!video) return;
    if (!latencyRef.current?.toTarget()) {
      const edge = sessionRef.current?.liveSyncPosition();
      if (edge != null) video.currentTime = edge;
    }
    void playQuietly(video);
  }, [videoRef]);

  const togglePlay = useCallback(() => {
    const video = videoRef.current;
    if (!video || sessionRef.current?.toggleReplayGap?.()) return;
    const action = toggleAction(!video.paused, state.live);
    if (action === 'pause') video.pause();
    else if (action === 'live-edge') goLiveEdge();
    else void playQuietly(video);
  }, [videoRef, state.live, goLiveEdge]);

  const setMuted = useCallback(
    (muted: boolean) => {
      const video = videoRef.current;
      if (video) video.muted = muted;
    },
    [videoRef],
  );

  const setVolume = useCallback(
    (volume: number) => {
      const video = videoRef.current;
      if (!video) return;
      video.volume = volume;
      video.muted = volume === 0;
    },
    [videoRef],
  );

  const setLevel = useCallback(
    (index: number) => {
      sessionRef.current?.setLevel(index);
      patch({ chosenLevel: index });
      usePlayerPrefs.getState().setQuality(index < 0 ? null : (state.levels[index]?.height ?? null));
    },
    [patch, state.levels],
  );

  const setCaption = useCallback((language: string) => {
    sessionRef.current?.setCaption(language);
    usePlayerPrefs.getState().setCaption(language);
  }, []);

  const seek = useCallback(
    (time: number) => {
      const video = videoRef.current;
      if (video) video.currentTime = time;
    },
    [videoRef],
  );

  return {
    state,
    togglePlay,
    goLiveEdge,
    setMuted,
    setVolume,
    setLevel,
    setCaption,
    seek,
    session: sessionRef,
  };
}
