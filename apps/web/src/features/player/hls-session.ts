import { CUE_DATERANGE_ATTRIBUTE, CUE_DATERANGE_CLASS, DRM_TOKEN_HEADER, isKeyUrl } from '@encore/contract';
import type { ErrorData, HlsConfig, default as HlsType, LevelLoadedData } from 'hls.js';
import { pictureClock } from '../../lib/show-clock/picture-clock.ts';
import { type TrackInfo, trackForLanguage } from './captions.ts';
import { hlsWorkerPath } from './hls-engine.ts';
import { createHlsLatency, learntFor } from './hls-latency.ts';
import { outagePolicy } from './hls-outage.ts';
import { keepMoment, MOMENT_SYNC, switchStart } from './moment-sync.ts';
import { PLAYER } from './player-constants.ts';
import { errorOutcome, hlsErrorMessage } from './player-errors.ts';
import type { PlayerSession, SessionEvents, SessionOptions } from './player-session.ts';
import { sameOrigin } from './player-session.ts';
import { startLevel } from './quality-levels.ts';
import { createGapClock, type GapRange, gapRanges } from './replay-gap-clock.ts';
import { pictureSpan, watchTrailingGap } from './replay-gaps.ts';
import { replayMarkers } from './replay-markers.ts';
import { createStandbyWatch } from './standby.ts';

export type { SessionEvents, SessionOptions } from './player-session.ts';

export interface HlsConfigExtras {
  /** Learns each same-origin answer (its Date header: the origin's clock, server-clock.ts). */
  onResponse: (xhr: XMLHttpRequest, sentAt: number) => void;
  /** hls.js's defaults, and whether the picture has played: load retries through an outage (hls-outage.ts). */
  defaults: HlsConfig;
  playing: () => boolean;
}

/** hls.js settings of viewing section 9 (PLY-05). */
export function hlsConfig(opts: SessionOptions, extras?: HlsConfigExtras) {
  const onResponse = extras?.onResponse;
  const outage = extras
    ? {
        playlistLoadPolicy: outagePolicy(extras.defaults.playlistLoadPolicy.default, extras.playing),
        fragLoadPolicy: outagePolicy(extras.defaults.fragLoadPolicy.default, extras.playing),
        keyLoadPolicy: outagePolicy(extras.defaults.keyLoadPolicy.default, extras.playing),
      }
    : {};
  return {
    ...outage,
    // Seconds from the buffered end, adaptive target buffer 20, quality first (starts at the best
    // level the estimate allows instead of the lowest).
    maxBufferHole: 0.5,
    maxBufferLength: PLAYER.targetBuffer,
    maxMaxBufferLength: PLAYER.targetBuffer,
    // Where a live fan starts is hls.js's: the playlist's PART-HOLD-BACK (LL-HLS) or HOLD-BACK, else
    // three target durations. Where they stay is Encore's latency controller (latency-control.ts):
    // hls.js's own catch-up (only faster, only near the target, only in low-latency mode) is off, and
    // a stall must not add a second to the target each time, as liveSyncOnStallIncrease does.
    lowLatencyMode: true,
    maxLiveSyncPlaybackRate: 1,
    liveSyncOnStallIncrease: 0,
    abrEwmaDefaultEstimate: 5_000_000,
    testBandwidth: false,
    // Auto never picks more pixels than the picture shows (at the screen's pixel ratio): a phone or a
    // multiview tile gets no 1080p it cannot show, which older phones struggle to decode and slow
    // networks struggle to carry. A quality the fan picks by hand is theirs, whatever the size.
    capLevelToPlayerSize: true,
    renderTextTracksNatively: true,
    // Segments are decrypted and transmuxed off the main thread (hls-engine.ts).
    enableWorker: true,
    workerPath: hlsWorkerPath,
    xhrSetup: (xhr: XMLHttpRequest, url: string) => {
      if (xhr.readyState === 0) xhr.open('GET', url, true);
      if (onResponse && sameOrigin(url)) {
        const sentAt = Date.now();
        const onHeaders = () => {
          if (xhr.readyState < XMLHttpRequest.HEADERS_RECEIVED) return;
          xhr.removeEventListener('readystatechange', onHeaders);
          onResponse(xhr, sentAt);
        };
        xhr.addEventListener('readystatechange', onHeaders);
      }
      if (isKeyUrl(url)) {
        const token = opts.drmToken();
        if (token) xhr.setRequestHeader(DRM_TOKEN_HEADER, token);
      } else if (/\.m3u8(\?|$)/.test(url) && sameOrigin(url)) {
        const auth = opts.authToken();
        if (auth) xhr.setRequestHeader('Authorization', `Token ${auth}`);
      }
    },
  };
}

export interface HlsSession extends PlayerSession {
  hls: HlsType;
}

/**
 * One stream's lifetime in hls.js: from loading its playlist to the next angle or mode. `Hls` is the
 * engine loaded by loadHls() (hls-engine.ts), so that hls.js stays out of the viewer's initial script.
 */
export function openHlsSession(
  Hls: typeof HlsType,
  video: HTMLVideoElement,
  opts: SessionOptions,
  ev: SessionEvents,
): HlsSession {
  const latency = createHlsLatency(Date.now, learntFor(opts.url));
  let played = false;
  const hls = new Hls(
    hlsConfig(opts, { onResponse: latency.onResponse, defaults: Hls.DefaultConfig, playing: () => played }),
  );
  hls.once(Hls.Events.FRAG_BUFFERED, () => {
    played = true;
  });
  let tracks: TrackInfo[] = [];
  let language = opts.captionLanguage;
  let firstLevelLoad = true;
  /** Until the picture shows the kept moment, the kept moment is this session's moment. */
  let syncing = opts.moment !== null;
  let syncStarted = false;
  /** Where the kept moment is now: the previous picture's date moved on by the time since. */
  const movedMoment = (m: { dateMs: number; at: number }) => m.dateMs + (performance.now() - m.at);

  const applyCaption = () => {
    const id = trackForLanguage(tracks, language);
    hls.subtitleTrack = id;
    hls.subtitleDisplay = id >= 0;
  };

  hls.on(Hls.Events.MANIFEST_PARSED, (_e, data) => {
    const levels = data.levels.map((l) => ({ height: l.height, bitrate: l.bitrate }));
    let chosen = startLevel(levels, opts.uhdMode);
    if (chosen < 0 && opts.preferredHeight !== null)
      chosen = levels.findIndex((l) => l.height === opts.preferredHeight);
    if (chosen >= 0) {
      hls.startLevel = chosen;
      hls.currentLevel = chosen;
    }
    // Live or on demand is not known before the first media playlist (LEVEL_LOADED below): saying
    // "not live" here made the viewer take every live show for a replay for a moment (issue 14: it
    // left the chat room, fetched the replay and joined again on every entry and angle switch).
    ev.onLevels(levels, chosen, null);
  });

  const standby = createStandbyWatch(video, (kind) => ev.onStandby?.(kind));
  // The fragments' program dates, for the date of any media time (a paused seek included).
  let dated: { start: number; duration: number; programDateTime: number | null }[] = [];
  let picture: ReturnType<typeof pictureSpan> = null;
  const stopTrailingGap = watchTrailingGap(video, () => picture);
  // A replay's gaps show the slate for their length (replay-gap-clock.ts).
  let gaps: GapRange[] = [];
  const gapClock = createGapClock(video, {
    ranges: () => gaps,
    pictureStart: () => picture?.start ?? 0,
    report: (s) => ev.onReplayGap?.(s),
    reportEveryMs: PLAYER.timeUpdateMs,
  });
  const learnGaps = (details: LevelLoadedData['details']) => {
    picture = details.live ? null : pictureSpan(details.fragments);
    gaps = details.live ? [] : gapRanges(details.fragments);
  };
  hls.on(Hls.Events.LEVEL_LOADED, (_e, data: LevelLoadedData) => {
    const { details } = data;
    learnGaps(details);
    dated = details.fragments.map((f) => ({
      start: f.start,
      duration: f.duration,
      programDateTime: f.programDateTime,
    }));
    standby.playlist(details.live, details.endSN);
    // The host's timed cues this playlist carries (issue 27, cue-timeline-rules.ts).
    const carried = Object.values(details.dateRanges ?? {}).flatMap((r) => {
      const payload = r?.class === CUE_DATERANGE_CLASS ? r.attr[CUE_DATERANGE_ATTRIBUTE] : undefined;
      return typeof payload === 'string' ? [payload] : [];
    });
    if (carried.length > 0) pictureClock.carried(carried);
    // A replay's scrubber marks its cues and songs at their moments (issue 27).
    const head = details.fragments[0];
    ev.onMarkers?.(
      !details.live && head?.programDateTime != null
        ? replayMarkers(carried, head.programDateTime - head.start * 1000, details.totalduration)
        : [],
    );
    latency.playlist(details, hls.lowLatencyMode);
    const first = details.fragments[0];
    ev.onClock(first?.programDateTime != null ? first.programDateTime - first.start * 1000 : null);
    if (!firstLevelLoad) return;
    firstLevelLoad = false;
    ev.onLevels(
      hls.levels.map((l) => ({ height: l.height, bitrate: l.bitrate })),
      hls.autoLevelEnabled ? -1 : hls.manualLevel,
      details.live,
    );
  });

  // The angle switch keeps the moment: start where the previous picture's clock will be when this
  // stream's first frame shows. LEVEL_UPDATED comes after hls.js chose its own start position and
  // before it requests the first fragment, so no fragment of the wrong moment is loaded.
  let startChosen = opts.moment === null;
  hls.on(Hls.Events.LEVEL_UPDATED, (_e, { details }) => {
    // hls.js's own LEVEL_LOADED handler sends this one before ours above runs.
    learnGaps(details);
    if (startChosen || !opts.moment) return;
    startChosen = true;
    const dateMs = movedMoment(opts.moment) + MOMENT_SYNC.startLookaheadS * 1000;
    const frags = details.fragments.map((f) => ({ start: f.start, programDateTime: f.programDateTime }));
    const position = switchStart(frags, dateMs, {
      live: details.live,
      edge: details.edge,
      duration: details.totalduration,
    });
    // A moment this angle has no picture for shows the slate, while the picture after it loads.
    if (position !== null) hls.startLoad((details.live ? null : gapClock.startAt(position)) ?? position);
  });

  // Close the last gap once playing: loading and decoding took time, during which the clock moved on.
  let stopSync = () => {};
  const onPlaying = () => {
    if (syncStarted || !opts.moment) return;
    syncStarted = true;
    const moment = opts.moment;
    stopSync = keepMoment(
      video,
      () => hls.playingDate?.getTime() ?? null,
      () => movedMoment(moment),
      () => {
        syncing = false;
      },
    );
  };
  video.addEventListener('playing', onPlaying);

  hls.on(Hls.Events.LEVEL_SWITCHED, (_e, data) => ev.onLevelSwitched(data.level));

  hls.on(Hls.Events.SUBTITLE_TRACKS_UPDATED, (_e, data) => {
    tracks = data.subtitleTracks.map((t) => ({ id: t.id, lang: t.lang, name: t.name, default: t.default }));
    ev.onSubtitleTracks(tracks);
    applyCaption();
  });

  hls.on(Hls.Events.ERROR, (_e, data: ErrorData) => {
    const message = hlsErrorMessage(data.details, data.reason ?? data.error?.message);
    const outcome = errorOutcome(message);
    if (outcome === 'ignore' && !data.fatal) return;
    if (outcome === 'licence-refresh' || data.fatal) ev.onError(outcome, message);
    if (data.fatal && data.type === Hls.ErrorTypes.MEDIA_ERROR) hls.recoverMediaError();
  });

  const dateAt = (t: number) => {
    const frag = dated.find((f) => f.start <= t && t < f.start + f.duration);
    return frag?.programDateTime != null ? frag.programDateTime + (t - frag.start) * 1000 : null;
  };

  hls.loadSource(opts.url);
  hls.attachMedia(video);

  return {
    hls,
    setLevel: (index) => {
      hls.currentLevel = index;
    },
    setCaption: (lang) => {
      language = lang;
      applyCaption();
    },
    // A session switched away from before its picture reached the kept moment (the fan went from an
    // angle to the mosaic and on to another angle within seconds) passes that moment on, not its
    // unsettled picture; after a pause, a seek or a timeout the picture on screen is the moment.
    playingDate: () => {
      const gap = gapClock.state();
      if (gap) return dateAt(gap.position);
      if (syncing && opts.moment) return movedMoment(opts.moment);
      return hls.playingDate?.getTime() ?? null;
    },
    // From the fragment that holds the time: exact across a recording's gaps (an encoder that dropped),
    // and right after a seek while paused, when hls.js's playingDate still names the old fragment.
    dateAt,
    replayGap: () => gapClock.state(),
    toggleReplayGap: () => gapClock.toggle(),
    liveSyncPosition: () => hls.liveSyncPosition,
    // Not while the angle switch closes its own gap (keepMoment plays with the rate too).
    latency: () => (syncing ? null : latency.reading(video.currentTime)),
    bandwidthEstimate: () => hls.bandwidthEstimate,
    // hls.js retries the failed key request itself once loading starts again.
    retry: () => hls.startLoad(),
    // AES-128 HLS: the key is fetched and applied by hls.js, no EME key system.
    keySystem: () => null,
    destroy: () => {
      standby.stop();
      stopTrailingGap();
      gapClock.stop();
      video.removeEventListener('playing', onPlaying);
      stopSync();
      hls.destroy();
    },
  };
}
