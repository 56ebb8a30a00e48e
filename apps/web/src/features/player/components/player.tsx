import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../lib/config/config-context.tsx';
import { useOnline } from '../../../lib/network/use-online.ts';
import { useSessionStore } from '../../../lib/store/session-store.ts';
import { barLift } from '../caption-lift.ts';
import { captionList } from '../captions.ts';
import { controlsVisible } from '../controls-visibility.ts';
import { useCaptionLift } from '../hooks/use-caption-lift.ts';
import { useControlsIdle } from '../hooks/use-controls-idle.ts';
import { useDrmSystem } from '../hooks/use-drm-system.ts';
import type { DrmAccess } from '../hooks/use-drm-token.ts';
import { useFullscreen } from '../hooks/use-fullscreen.ts';
import { useLowBandwidthBanner } from '../hooks/use-network-quality.ts';
import { type PlayerSource, usePlayer } from '../hooks/use-player.ts';
import { useRemotePlayback } from '../hooks/use-remote-playback.ts';
import { bannerHint } from '../network-quality.ts';
import { usePlayerPrefs } from '../player-prefs.ts';
import type { PlaybackMoment } from '../player-session.ts';
import { qualityLevels } from '../quality-levels.ts';
import { ControlBar, type OpenMenu } from './control-bar.tsx';
import { VolumeIcon } from './icons.tsx';
import './player.css';

export interface PlayerProps {
  source: PlayerSource | null;
  drm: DrmAccess;
  handheld: boolean;
  /** The pip grid (multiview overlay) is open: controls stay, the overlay owns the picture. */
  pipGridOpen: boolean;
  /** Chat covers the page (phones): the controls stay. */
  chatOpen: boolean;
  /** A fan's quality or caption choice, for analytics (user-initiated only). */
  onQualityChosen: (label: string, index: number, height: number) => void;
  onCaptionChosen: (language: string, label: string) => void;
  /** The main video's time, for pipDelay. */
  onTime?: (currentTime: number) => void;
  onCasting?: (casting: boolean) => void;
  /** Follows playback (the chat replay beside an on-demand picture). */
  onPlayback?: (moment: PlaybackMoment) => void;
  /**
   * A 16:9 image shown until the first frame (issue 14): on a slow phone network the first segment
   * takes seconds, and the stage art says the show is coming where a black box said nothing (it is
   * also the page's largest paint then, Lighthouse's LCP, instead of the late first frame).
   */
  poster?: string | undefined;
  children?: ReactNode;
}

/** The video with Encore's own controls (viewing section 2, video player). */
export function Player(props: PlayerProps) {
  const { source, drm, handheld } = props;
  const { t } = useTranslation();
  const videoRef = useRef<HTMLVideoElement>(null);
  const player = usePlayer(videoRef, source, drm);
  const { state } = player;
  const captionSelection = usePlayerPrefs((s) => s.captionSelection);
  const { active, poke } = useControlsIdle(handheld);
  const [hovered, setHovered] = useState(false);
  const [menu, setMenu] = useState<OpenMenu>(null);
  const fullscreen = useFullscreen(videoRef);
  const config = useConfig();
  const authToken = useSessionStore((s) => s.authToken);
  const drmSystem = useDrmSystem();
  const cast = useRemotePlayback(videoRef, {
    enabled: config.features.casting,
    media: () =>
      source
        ? { url: source.url, authToken, drmToken: drm.token(), live: state.live, title: source.stream }
        : null,
    onDisconnected: () => void drm.refresh(),
  });
  const uhdMode = source?.uhdMode ?? false;

  const qualities = useMemo(() => qualityLevels(state.levels, uhdMode), [state.levels, uhdMode]);
  const captions = useMemo(
    () => captionList(state.tracks, captionSelection, t('player-captions-off')),
    [state.tracks, captionSelection, t],
  );
  const online = useOnline();
  const slow = useLowBandwidthBanner({
    chosen: state.chosenLevel,
    levels: state.levels,
    playing: state.currentLevel,
    estimateBps: state.bandwidth,
    stalls: state.stalls,
    online,
    standby: state.standby !== null,
  });
  const hint = bannerHint(
    state.chosenLevel,
    qualities.some((q) => q.index === -1),
  );
  // A picture that should play and stands still says it is loading; the show's slate and a failure
  // speak for themselves.
  const spinning = state.stalls.stalled && !state.standby && !state.failure;
  const visible = controlsVisible({
    hovered: hovered && !handheld,
    active,
    paused: !state.playing,
    pipGridOpen: props.pipGridOpen,
    chatOpen: props.chatOpen,
    menuOpen: menu !== null,
  });
  const scrubber = !state.live && state.duration > 0;
  useCaptionLift(videoRef, visible ? barLift(scrubber) : 0);

  const { onTime, onCasting, onPlayback } = props;
  useEffect(() => onTime?.(state.currentTime), [onTime, state.currentTime]);
  const ready = state.levels.length > 0 && state.liveKnown;
  const sessionRef = player.session;
  useEffect(() => {
    onPlayback?.({
      live: state.live,
      ready,
      currentTime: state.currentTime,
      dateMs: sessionRef.current?.dateAt?.(state.currentTime) ?? sessionRef.current?.playingDate() ?? null,
    });
  }, [onPlayback, state.live, ready, state.currentTime, sessionRef]);
  useEffect(() => onCasting?.(cast.casting), [onCasting, cast.casting]);

  const level = state.currentLevel >= 0 ? state.levels[state.currentLevel] : undefined;

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: pointer and key activity only keeps the controls awake
    <div
      className={`player${visible ? ' player--controls' : ''}${scrubber ? ' player--scrubber' : ''}`}
      data-testid="player"
      data-live={state.live}
      data-playing={state.playing}
      data-level={state.currentLevel}
      data-chosen-level={state.chosenLevel}
      data-height={level?.height ?? 0}
      data-muted={state.muted}
      data-duration={Math.round(state.duration)}
      data-cast-status={cast.status}
      data-cast-via={cast.via}
      data-drm-system={drmSystem ?? ''}
      data-stream-type={source?.type ?? ''}
      data-key-system={state.keySystem ?? ''}
      data-controls={visible ? 'shown' : 'hidden'}
      data-standby={state.standby ?? ''}
      data-stalled={state.stalls.stalled}
      data-recent-stalls={state.stalls.recentStalls}
      onPointerMove={poke}
      onPointerDown={poke}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onKeyDown={poke}
    >
      {/* biome-ignore lint/a11y/useMediaCaption: captions are the stream's subtitle tracks, added by hls.js */}
      <video
        ref={videoRef}
        className="player__video"
        poster={props.poster}
        data-testid="player-video"
        playsInline
        loop
        onClick={handheld ? poke : player.togglePlay}
      />
      {props.children}

      {state.standby && (
        <div
          className={`player-standby player-standby--${state.standby}`}
          data-testid="player-standby"
          role="status"
        >
          <p className="player-standby__title">
            {state.standby === 'brb' ? t('player-standby-brb') : t('player-standby-ended')}
          </p>
          <p className="player-standby__body">
            {state.standby === 'brb' ? t('player-standby-brb-body') : t('player-standby-ended-body')}
          </p>
        </div>
      )}

      {state.muted && state.playing && !props.pipGridOpen && (
        <button
          type="button"
          className="player-unmute"
          data-testid="player-tap-unmute"
          onClick={() => {
            player.setMuted(false);
            poke();
          }}
        >
          <VolumeIcon muted />
          {handheld ? t('player-tap-unmute') : t('player-click-unmute')}
        </button>
      )}

      {spinning && (
        <div className="player-spinner" role="status" data-testid="player-spinner">
          <span className="player-spinner__ring" aria-hidden="true" />
          <span className="visually-hidden">{t('player-loading-picture')}</span>
        </div>
      )}

      {slow && (
        <div
          className="player-banner"
          role="status"
          data-testid="player-low-bandwidth"
          data-hint={hint ?? ''}
        >
          <p>{t('player-low-bandwidth')}</p>
          {hint === 'set-auto' && (
            <button type="button" className="player-banner__action" onClick={() => player.setLevel(-1)}>
              {t('player-set-auto')}
            </button>
          )}
          {hint === 'auto-on' && <p className="player-banner__hint">{t('player-auto-on')}</p>}
        </div>
      )}

      {state.failure && (
        <div
          className="player-dialog"
          role="alertdialog"
          data-testid="player-error"
          data-kind={state.failure}
        >
          <p>{state.failure === 'drm' ? t('player-drm-error') : t('player-load-failed')}</p>
          <button type="button" className="btn btn--primary btn--sm" onClick={() => window.location.reload()}>
            <span className="btn__label">{t('player-try-again')}</span>
          </button>
        </div>
      )}

      {/* Behind the open pip grid (a modal dialog) the controls are inert: no Tab stop, no click. */}
      <div className="player__controls-layer" inert={props.pipGridOpen}>
        <ControlBar
          playing={state.playing}
          muted={state.muted}
          volume={state.volume}
          live={state.live}
          atLiveEdge={state.atLiveEdge}
          latency={state.latency}
          currentTime={state.currentTime}
          duration={state.duration}
          markers={state.markers}
          qualities={qualities}
          chosenLevel={state.chosenLevel}
          captions={captions}
          castStatus={cast.status}
          castShown={cast.shown}
          fullscreen={fullscreen.active}
          handheld={handheld}
          menu={menu}
          onMenu={setMenu}
          onTogglePlay={player.togglePlay}
          onMute={player.setMuted}
          onVolume={player.setVolume}
          onLive={player.goLiveEdge}
          onSeek={player.seek}
          onQuality={(index) => {
            player.setLevel(index);
            const q = qualities.find((x) => x.index === index);
            if (q) props.onQualityChosen(q.label, q.index, q.height);
          }}
          onCaption={(language) => {
            player.setCaption(language);
            const c = captions.find((x) => x.language === language);
            props.onCaptionChosen(language, c?.label ?? language);
          }}
          onCast={cast.prompt}
          onFullscreen={fullscreen.toggle}
        />
      </div>
    </div>
  );
}
