import { type CSSProperties, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CAPTION_OFF, type Caption } from '../captions.ts';
import type { CastStatus } from '../cast-rules.ts';
import { type LatencyReading, showsBehind } from '../latency-control.ts';
import { PLAYER } from '../player-constants.ts';
import type { QualityLevel } from '../quality-levels.ts';
import { type ReplayMarker, songAt } from '../replay-markers.ts';
import { ChoiceMenu, ChoiceMenuButton } from './choice-menu.tsx';
import {
  CaptionsIcon,
  CastIcon,
  FullscreenIcon,
  PauseIcon,
  PlayIcon,
  QualityIcon,
  VolumeIcon,
} from './icons.tsx';

export type OpenMenu = 'quality' | 'captions' | null;

export interface ControlBarProps {
  playing: boolean;
  muted: boolean;
  volume: number;
  live: boolean;
  atLiveEdge: boolean;
  /** How far behind live the fan is, and the target (latency-control.ts); null when unknown. */
  latency: LatencyReading | null;
  currentTime: number;
  duration: number;
  /** A replay's cues and songs at their moments (issue 27); none live. */
  markers?: readonly ReplayMarker[];
  qualities: QualityLevel[];
  chosenLevel: number;
  captions: Caption[];
  castStatus: CastStatus;
  /** Casting is enabled and its status is not unavailable (PLY-17, cast-rules.ts). */
  castShown: boolean;
  fullscreen: boolean;
  handheld: boolean;
  menu: OpenMenu;
  onMenu: (menu: OpenMenu) => void;
  onTogglePlay: () => void;
  onMute: (muted: boolean) => void;
  onVolume: (volume: number) => void;
  onLive: () => void;
  onSeek: (time: number) => void;
  onQuality: (index: number) => void;
  onCaption: (language: string) => void;
  onCast: () => void;
  onFullscreen: () => void;
}

const clock = (s: number) => {
  const total = Math.max(0, Math.floor(s));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const sec = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
};

/**
 * The LIVE control (PLY-04, issue 24): red at the live edge; once the fan is past the target distance
 * (a stall the controller is still closing, a pause), it says by how much, measured on the origin's
 * clock, and a click brings the fan back to the target.
 */
function LiveControl(p: Pick<ControlBarProps, 'atLiveEdge' | 'latency' | 'onLive'>) {
  const { t } = useTranslation();
  const behind = showsBehind(p.latency);
  const seconds = p.latency ? Math.max(0, Math.round(p.latency.behindS)) : null;
  let label = p.atLiveEdge ? t('player-live') : t('player-go-live');
  if (seconds !== null)
    label = behind
      ? t('player-back-to-live', { seconds })
      : t('player-live-delay', { seconds: p.latency?.behindS.toFixed(1) });
  return (
    <button
      type="button"
      className={`player-live${p.atLiveEdge && !behind ? ' is-edge' : ''}${behind ? ' is-behind' : ''}`}
      onClick={p.onLive}
      data-testid="player-live"
      data-edge={p.atLiveEdge}
      data-behind={p.latency?.behindS ?? ''}
      data-target={p.latency?.targetS ?? ''}
      data-drifted={behind}
      aria-label={label}
      title={label}
    >
      <span className="live-dot" aria-hidden="true" />
      {t('player-live')}
      {behind && seconds !== null && (
        <span className="player-live__behind" data-testid="player-live-behind">
          {t('player-behind-short', { seconds })}
        </span>
      )}
    </button>
  );
}

/**
 * Encore's control bar (viewing section 2): each control only where the spec allows it — scrubber
 * and times on demand only, live button live only, volume slider desktop only, quality with more
 * than one level, captions when they exist, casting when available.
 */
export function ControlBar(p: ControlBarProps) {
  const { t } = useTranslation();
  const [scrub, setScrub] = useState<number | null>(null);
  const selectedCaption = p.captions.find((c) => c.mode === 'showing')?.language ?? CAPTION_OFF;
  const dot = p.handheld ? PLAYER.scrubberDotHandheld : PLAYER.scrubberDot;
  const captionsButton = useRef<HTMLButtonElement>(null);
  const qualityButton = useRef<HTMLButtonElement>(null);
  const scrubber = !p.live && p.duration > 0;
  const markers = p.markers ?? [];
  const shown = scrub ?? p.currentTime;
  const song = p.live ? null : songAt(markers, shown);

  return (
    <>
      <div className={`control-bar${scrubber ? ' control-bar--scrubber' : ''}`} data-testid="control-bar">
        {scrubber && (
          <div className="control-bar__track">
            <input
              className="control-bar__scrubber"
              type="range"
              min={0}
              max={p.duration}
              step={0.1}
              value={scrub ?? p.currentTime}
              aria-label={t('player-seek')}
              aria-valuetext={
                song
                  ? t('player-seek-song', { time: clock(shown), total: clock(p.duration), song: song.label })
                  : t('player-seek-time', { time: clock(shown), total: clock(p.duration) })
              }
              data-testid="player-scrubber"
              style={{ '--dot': `${dot}px` } as CSSProperties}
              onChange={(e) => setScrub(Number(e.target.value))}
              onPointerUp={() => {
                if (scrub !== null) p.onSeek(scrub);
                setScrub(null);
              }}
              onKeyUp={() => {
                if (scrub !== null) p.onSeek(scrub);
                setScrub(null);
              }}
            />
            {markers.length > 0 && (
              <div className="control-bar__marks" aria-hidden="true" data-testid="player-marks">
                {markers.map((m) => (
                  <span
                    key={m.id}
                    className={`control-bar__mark control-bar__mark--${m.kind}`}
                    style={{ left: `${(m.time / p.duration) * 100}%` }}
                    title={`${clock(m.time)} ${m.kind === 'song' ? m.label : t('player-mark-cue')}`}
                    data-time={m.time.toFixed(1)}
                    data-kind={m.kind}
                  />
                ))}
              </div>
            )}
          </div>
        )}
        <div className="control-bar__row">
          <button
            type="button"
            className="player-btn"
            onClick={p.onTogglePlay}
            aria-label={p.playing ? t('player-pause') : t('player-play')}
            data-testid="player-play"
            data-playing={p.playing}
          >
            {p.playing ? <PauseIcon /> : <PlayIcon />}
          </button>
          <div className="control-bar__volume">
            <button
              type="button"
              className="player-btn"
              onClick={() => p.onMute(!p.muted)}
              aria-label={p.muted ? t('player-unmute') : t('player-mute')}
              data-testid="player-mute"
              data-muted={p.muted}
            >
              <VolumeIcon muted={p.muted} />
            </button>
            {!p.handheld && (
              <input
                type="range"
                className="control-bar__slider"
                min={0}
                max={1}
                step={0.01}
                value={p.muted ? 0 : p.volume}
                aria-label={t('player-volume')}
                data-testid="player-volume"
                onChange={(e) => p.onVolume(Number(e.target.value))}
              />
            )}
          </div>
          {p.live ? (
            <LiveControl atLiveEdge={p.atLiveEdge} latency={p.latency} onLive={p.onLive} />
          ) : (
            <span className="control-bar__time" data-testid="player-time">
              {clock(p.currentTime)} / {clock(p.duration)}
              {song && (
                <span className="control-bar__song" data-testid="player-song">
                  {song.label}
                </span>
              )}
            </span>
          )}
          <span className="control-bar__spacer" />
          {p.captions.length > 0 && (
            <ChoiceMenuButton
              menu="captions"
              open={p.menu === 'captions'}
              onToggle={() => p.onMenu(p.menu === 'captions' ? null : 'captions')}
              anchor={captionsButton}
              className={`player-btn${selectedCaption !== CAPTION_OFF ? ' is-on' : ''}`}
              label={t('player-captions')}
            >
              <CaptionsIcon />
            </ChoiceMenuButton>
          )}
          {p.qualities.length > 1 && (
            <ChoiceMenuButton
              menu="quality"
              open={p.menu === 'quality'}
              onToggle={() => p.onMenu(p.menu === 'quality' ? null : 'quality')}
              anchor={qualityButton}
              className="player-btn player-btn--quality"
              label={t('player-quality')}
            >
              <QualityIcon />
            </ChoiceMenuButton>
          )}
          {p.castShown && (
            <button
              type="button"
              className={`player-btn${p.castStatus === 'connected' ? ' is-on' : ''}`}
              onClick={p.onCast}
              aria-label={t('player-cast')}
              data-testid="player-cast"
              data-status={p.castStatus}
            >
              <CastIcon />
            </button>
          )}
          <button
            type="button"
            className="player-btn"
            onClick={p.onFullscreen}
            aria-label={p.fullscreen ? t('player-exit-fullscreen') : t('player-fullscreen')}
            data-testid="player-fullscreen"
          >
            <FullscreenIcon active={p.fullscreen} />
          </button>
        </div>
      </div>
      {/* Beside the bar, not inside it: the bar is a short box, and a menu sized in it showed one
          option of five (issue 26). Placed on the player, above the bar. */}
      {p.menu === 'quality' && (
        <ChoiceMenu
          title={t('player-quality')}
          testId="quality-menu"
          anchor={qualityButton}
          sheet={p.handheld}
          raised={scrubber}
          choices={p.qualities.map((q) => ({
            key: String(q.index),
            label: q.label,
            selected: q.index === p.chosenLevel,
          }))}
          onChoose={(key) => p.onQuality(Number(key))}
          onClose={() => p.onMenu(null)}
        />
      )}
      {p.menu === 'captions' && (
        <ChoiceMenu
          title={t('player-captions')}
          testId="captions-menu"
          anchor={captionsButton}
          sheet={p.handheld}
          raised={scrubber}
          choices={p.captions.map((c) => ({
            key: c.language,
            label: c.label,
            selected: c.mode === 'showing',
          }))}
          onChoose={p.onCaption}
          onClose={() => p.onMenu(null)}
        />
      )}
    </>
  );
}
