import type { EnterEventResponse } from '@encore/contract';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setAnalyticsContext, track } from '../../lib/analytics/analytics.ts';
import { useConfig } from '../../lib/config/config-context.tsx';
import { ShowOverlays } from '../alerts/index.ts';
import { ChatColumn, ChatReplayColumn } from '../chat/index.ts';
import { useWallStats } from '../cheer/cheer-store.ts';
import { GlobalTally } from '../cheer/global-tally.tsx';
import {
  dashKeySystems,
  FULLSCREEN_TARGET_ID,
  MULTIVIEW,
  type PlaybackMoment,
  Player,
  streamTypeFor,
  useDrmSystem,
  useDrmToken,
  usePlayerPrefs,
} from '../player/index.ts';
import { IframeWrapper } from './iframe-wrapper.tsx';
import { MultiviewOverlay } from './multiview-overlay.tsx';
import { NAV_SLOT_ID, PipSelector } from './pip-selector.tsx';
import {
  basePip,
  fanwallAvailable,
  OVERVIEW_PIP,
  overviewBoxes,
  pipsSelectable,
  type ShowMode,
  type ShowView,
  selectablePips,
  streamFor,
  uhdAvailable,
} from './show-modes.ts';
import { StartCountdown } from './start-countdown.tsx';
import { UhdNoticeInline, UhdNoticeModal } from './uhd-notice.tsx';
import { useAfterFirstPaint } from './use-after-first-paint.ts';
import { useLayoutEnv } from './use-layout-env.ts';
import { useShowMode } from './use-show-mode.ts';
import { useVideo } from './use-video.ts';
import { ViewerBar } from './viewer-bar.tsx';
import './viewer.css';

export interface ViewerPageProps {
  entry: EnterEventResponse;
  chatDisabled: boolean;
  /** The event page's details for the bottom area (title, devices, leave). */
  info?: ReactNode;
  /** Shown above the video area (e.g. the chat-disabled banner). */
  banner?: ReactNode;
}

/**
 * The program date of an on-demand picture: its own program date-time when the stream carries one,
 * else the show's start plus the media time (a recording starts when the show does). Undefined for
 * a live picture, or before playback says which it is.
 */
function onDemandDate(p: PlaybackMoment | null, showStart: string): number | null | undefined {
  if (!p?.ready || p.live) return undefined;
  return p.dateMs ?? Date.parse(showStart) + p.currentTime * 1000;
}

/** The viewer page of viewing section 2: the video, the view controls, the chat column. */
export function ViewerPage({ entry, chatDisabled, info, banner }: ViewerPageProps) {
  const { t } = useTranslation();
  const layout = useLayoutEnv();
  const video = useVideo(entry.show.channel_id);
  const show: ShowView = video.kind === 'ready' ? video.video : entry.show;
  const ticket = entry.ticket.entitlements;
  const pips = useMemo(() => selectablePips(show, ticket), [show, ticket]);
  const boxes = useMemo(() => overviewBoxes(show, ticket), [show, ticket]);
  const canUhd = uhdAvailable(show, ticket);
  const canFanwall = fanwallAvailable(show);
  const notice4k = usePlayerPrefs((s) => s.streamingNotice4k);
  const setNotice4k = usePlayerPrefs((s) => s.setNotice4k);
  const [noticeOpen, setNoticeOpen] = useState(false);
  const config = entry.show.event_config;
  // The player reports its time every second; only what the page derives from it is state here (past
  // the pip delay, the replay's moment), so that a tick of a live show does not re-render the whole
  // viewer and its chat column (issue 14, main-thread work).
  const [pastPipDelay, setPastPipDelay] = useState(() => pipsSelectable('multiview', 0, config.pip_delay));
  const onMainTime = useCallback(
    (time: number) => setPastPipDelay(pipsSelectable('multiview', time, config.pip_delay)),
    [config.pip_delay],
  );
  const showStart = entry.show.event.event_start_time;
  // An on-demand picture (a replay) has the chat of its moment beside it instead of the live room.
  const [replayDate, setReplayDate] = useState<number | null | undefined>(undefined);
  const onPlayback = useCallback(
    (p: PlaybackMoment) => setReplayDate(onDemandDate(p, showStart)),
    [showStart],
  );
  const [chatFocused, setChatFocused] = useState(false);
  // The chat column mounts after the stage's first paint: its box is there from the start (no shift).
  const sideReady = useAfterFirstPaint();
  const closeTimer = useRef(0);
  const [closingPip, setClosingPip] = useState<number | null>(null);

  const labelOf = useCallback(
    (mode: ShowMode, pip: number) => {
      if (mode === 'uhd') return '4K';
      if (mode === 'fanwall') return 'Fan wall';
      if (pip === OVERVIEW_PIP) return 'Multiview';
      return show.pips.sinks.find((s) => s.id === pip)?.label ?? `CAM ${pip}`;
    },
    [show],
  );
  const view = useShowMode(basePip(show), labelOf);
  const overviewOpen = view.mode === 'multiview' && view.pip === OVERVIEW_PIP;
  // The site's 16:9 stage art (the landing's header image) until the first frame.
  const posterImage = useConfig().landing.header_image || undefined;
  useWallStats(entry.show.channel_id, config.wall_stats_interval);
  const selectable = view.mode === 'multiview' && pastPipDelay && pips.length > 0;

  const stream = streamFor(show, ticket, view.mode, view.pip);
  // PLY-30/31: the DRM system decides the stream type where the show has DASH (a key-system probe
  // of a few ms first); a show without DASH plays HLS at once.
  const drmSystem = useDrmSystem();
  const typeOf = (name: string) =>
    show.streams[name]?.dash ? (drmSystem ? streamTypeFor(drmSystem, true) : null) : 'hls';
  const streamType = typeOf(stream);
  const tokenType = typeOf(show.base_video);
  const drm = useDrmToken(
    video.kind === 'ready' && tokenType
      ? {
          video: entry.show.channel_id,
          stream: show.base_video,
          paidEvent: entry.ticket.paid_event_id,
          sessionId: entry.session_id,
          encrypted: video.video.drm.encrypted,
          streamType: tokenType,
        }
      : null,
  );
  const url = streamType ? (show.streams[stream]?.[streamType]?.url ?? null) : null;
  const licence = drm.ready ? drm.licence() : null;
  const source = useMemo(
    () =>
      url && streamType
        ? {
            url,
            stream,
            uhdMode: view.mode === 'uhd',
            type: streamType,
            keySystems: streamType === 'dash' && drmSystem ? dashKeySystems(drmSystem, licence) : undefined,
          }
        : null,
    [url, stream, view.mode, streamType, drmSystem, licence],
  );

  useEffect(() => {
    setAnalyticsContext({ category: entry.show.event_name, deviceId: entry.session_id });
  }, [entry]);
  useEffect(() => () => window.clearTimeout(closeTimer.current), []);
  const stageRef = useRef<HTMLElement>(null);
  // Entering the show (a click or Enter on the landing page) puts focus on the stage, unless the fan
  // has already moved it somewhere in the page.
  useEffect(() => {
    const active = document.activeElement;
    if (!active || active === document.body || active.id === 'main')
      stageRef.current?.focus({ preventScroll: true });
  }, []);

  const currentLabel =
    view.mode === 'multiview' && view.pip === OVERVIEW_PIP
      ? t('viewer-all-cameras')
      : view.mode === 'uhd'
        ? t('viewer-uhd-label')
        : view.mode === 'fanwall'
          ? t('viewer-fanwall')
          : labelOf(view.mode, view.pip);

  // A choice switches at once; the overlay stays 100 ms longer, the chosen box lit (MV-20).
  const chooseFromOverlay = (pip: number) => {
    view.choosePip(pip);
    setClosingPip(pip);
    window.clearTimeout(closeTimer.current);
    closeTimer.current = window.setTimeout(() => setClosingPip(null), MULTIVIEW.closeDelayMs);
  };

  const onUhd = () => {
    if (view.mode === 'uhd') return;
    // A modal over a phone's or tablet's picture hides what 4K is for: those get the inline notice.
    if (!notice4k && layout.device === 'desktop') setNoticeOpen(true);
    view.setMode('uhd');
  };
  const onMultiview = () => {
    if (view.mode !== 'multiview') view.setMode('multiview');
    else if (boxes.length > 0 && selectable) view.openOverview();
  };
  const onFanwall = () => view.setMode(view.mode === 'fanwall' ? 'multiview' : 'fanwall');

  const hasChat = config.tabs.includes('chat');
  const layoutClass = [
    'viewer',
    `viewer--${layout.device}`,
    `viewer--os-${layout.os}`,
    layout.inline ? 'viewer--inline' : '',
    hasChat ? '' : 'viewer--no-chat',
    chatFocused ? 'viewer--typing' : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div
      className={layoutClass}
      data-testid="viewer"
      data-device={layout.device}
      data-mode={view.mode}
      data-pip={view.pip}
    >
      <PipSelector
        pips={pips}
        selected={view.pip === OVERVIEW_PIP ? view.previousPip : view.pip}
        enabled={selectable}
        currentLabel={currentLabel}
        onChoose={view.choosePip}
      />
      {layout.device === 'desktop' && (
        <GlobalTally
          slotId={NAV_SLOT_ID}
          fanwall={view.mode === 'fanwall'}
          onToggle={canFanwall ? onFanwall : undefined}
        />
      )}
      <div className="viewer__main">
        <div className="viewer__stage">
          <section
            id={FULLSCREEN_TARGET_ID}
            ref={stageRef}
            className="stage"
            // Focus lands here on entering (issue 26: it fell to the page body): the next Tab is the
            // player's first control.
            aria-label={t('viewer-stage-label')}
            tabIndex={-1}
            data-testid="primary-viewer"
            data-stream={stream}
          >
            {video.kind === 'failed' ? (
              <div className="stage__failed" role="alert" data-testid="video-load-failed">
                <p>{t('player-load-failed')}</p>
              </div>
            ) : (
              <Player
                source={source}
                drm={drm}
                handheld={layout.handheld}
                pipGridOpen={overviewOpen}
                chatOpen={chatFocused && layout.device !== 'desktop'}
                onTime={view.mode === 'multiview' && view.pip !== OVERVIEW_PIP ? onMainTime : undefined}
                onPlayback={onPlayback}
                poster={posterImage}
                onQualityChosen={(label, index, height) => track('videoquality', { label, index, height })}
                onCaptionChosen={(language, label) =>
                  track('subtitleswitch', { language, label: label.slice(0, 64) })
                }
              >
                {(overviewOpen || closingPip !== null) && (
                  <MultiviewOverlay
                    boxes={boxes}
                    selected={closingPip ?? view.previousPip}
                    onChoose={chooseFromOverlay}
                    onClose={view.closeOverview}
                  />
                )}
                <ShowOverlays entry={entry} />
              </Player>
            )}
          </section>
        </div>
        {banner}
        <ViewerBar
          mode={view.mode}
          currentLabel={currentLabel}
          canMultiview={boxes.length > 0 || view.mode !== 'multiview'}
          canUhd={canUhd}
          canFanwall={canFanwall}
          pipsEnabled={selectable}
          onMultiview={onMultiview}
          onUhd={onUhd}
          onFanwall={onFanwall}
          countdown={<StartCountdown startsAt={showStart} />}
          notice={
            view.mode === 'uhd' && !notice4k && !noticeOpen ? (
              <UhdNoticeInline onDismiss={() => setNotice4k(true)} />
            ) : null
          }
          info={layout.device === 'desktop' ? info : undefined}
        />
        <IframeWrapper src={config.iframe_src} />
      </div>
      {hasChat && (
        <aside
          className="viewer__side"
          aria-label={t('viewer-chat')}
          onFocus={(e) =>
            setChatFocused(e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement)
          }
          onBlur={() => setChatFocused(false)}
        >
          {!sideReady ? (
            <section className="chat-column" aria-busy="true" />
          ) : replayDate === undefined ? (
            <ChatColumn entry={entry} chatDisabled={chatDisabled} />
          ) : (
            <ChatReplayColumn slug={entry.show.slug} dateMs={replayDate} />
          )}
        </aside>
      )}
      {noticeOpen && (
        <UhdNoticeModal
          onOkay={() => {
            setNoticeOpen(false);
            setNotice4k(true);
          }}
        />
      )}
    </div>
  );
}
