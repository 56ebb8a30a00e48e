import { CUE_SCHEME_ID_URI, DRM_TOKEN_HEADER } from '@encore/contract';
import { pictureClock } from '../../lib/show-clock/picture-clock.ts';
import type { Shaka } from './dash-engine.ts';
import { watchDashReplay } from './dash-replay.ts';
import { keepMoment, MOMENT_SYNC } from './moment-sync.ts';
import { PLAYER } from './player-constants.ts';
import { errorOutcome, shakaErrorMessage } from './player-errors.ts';
import { type PlayerSession, type SessionEvents, type SessionOptions, sameOrigin } from './player-session.ts';
import { type LevelInfo, startLevel } from './quality-levels.ts';
import { createServerClock, mpdUtcTiming } from './server-clock.ts';

type ShakaPlayer = InstanceType<Shaka['Player']>;
type Variant = ReturnType<ShakaPlayer['getVariantTracks']>[number];

/** After this many licence refreshes that did not get the picture going, the DRM dialog shows. */
const MAX_LICENCE_RETRIES = 3;

/** Shaka Player settings: the hls.js ones of viewing section 9 (PLY-05) where Shaka has them. */
export function shakaConfig(opts: SessionOptions) {
  return {
    drm: {
      servers: opts.keySystems?.servers ?? {},
      preferredKeySystems: opts.keySystems?.preferred ?? [],
    },
    streaming: { bufferingGoal: PLAYER.targetBuffer, rebufferingGoal: PLAYER.secondsFromBufferedEnd },
    // As hls.js's capLevelToPlayerSize: Auto stays within the picture's size (hls-session.ts).
    abr: { enabled: true, defaultBandwidthEstimate: 5_000_000, restrictToElementSize: true },
  };
}

/**
 * The headers of a request of the DASH session: a licence request to Encore's own licence servers
 * carries Authorization 'Token {auth token}' and the DRM token (viewing section 7, "requests to the
 * product's own DRM host"), a ClearKey one its JSON type; the origin's MPD the auth token (PLY-29).
 * Nothing goes to another host.
 */
export function requestHeaders(
  kind: 'licence' | 'manifest' | 'other',
  url: string,
  opts: Pick<SessionOptions, 'authToken' | 'drmToken'>,
): Record<string, string> {
  if (kind === 'other' || !sameOrigin(url)) return {};
  const headers: Record<string, string> = {};
  const auth = opts.authToken();
  if (auth) headers.Authorization = `Token ${auth}`;
  if (kind === 'licence') {
    const drm = opts.drmToken();
    if (drm) headers[DRM_TOKEN_HEADER] = drm;
    headers['Content-Type'] = 'application/json';
  }
  return headers;
}

/** One level per picture height, highest first like the HLS ladder; the best variant of each. */
export function levelsOf(variants: readonly { height?: number | null; bandwidth: number }[]): LevelInfo[] {
  const best = new Map<number, number>();
  for (const v of variants) {
    const h = v.height ?? 0;
    best.set(h, Math.max(best.get(h) ?? 0, v.bandwidth));
  }
  return [...best.entries()]
    .map(([height, bitrate]) => ({ height, bitrate }))
    .sort((a, b) => b.bitrate - a.bitrate);
}

/**
 * The teardown of the last Shaka player on each <video>. Shaka detaches asynchronously (MediaSource,
 * then MediaKeys); a new player attached meanwhile has its MediaKeys replaced under it and never
 * loads, which an angle switch soon after the start did every time. Each new player waits for it.
 */
const teardowns = new WeakMap<HTMLVideoElement, Promise<unknown>>();

/** What Shaka's timelineregionadded carries (Shaka 4: eventElement, later eventNode). */
interface TimelineRegion {
  schemeIdUri: string;
  eventElement?: { textContent: string | null } | null;
  eventNode?: { children?: unknown[] } | null;
}

/**
 * One DASH stream's lifetime in Shaka Player, with EME: the licence servers and key system order of
 * dashKeySystems, so a browser with the chosen system's CDM uses it and one without (Chromium here)
 * falls back to W3C ClearKey against Encore's licence endpoint.
 */
export function openDashSession(
  shaka: Shaka,
  video: HTMLVideoElement,
  opts: SessionOptions,
  ev: SessionEvents,
): PlayerSession {
  const player = new shaka.Player();
  const RequestType = shaka.net.NetworkingEngine.RequestType;
  let levels: LevelInfo[] = [];
  let destroyed = false;
  let licenceRetries = 0;
  let syncing = opts.moment !== null;
  let syncStarted = false;
  let stopSync = () => {};
  const movedMoment = (m: { dateMs: number; at: number }) => m.dateMs + (performance.now() - m.at);
  // A replay (static MPD) on the show clock: its date, its gaps' slate, its cues (dash-replay.ts).
  const replay = watchDashReplay(video, ev);
  /** The show-clock date of the picture on screen, live or replay. */
  const liveDate = () =>
    player.isLive() ? (player.getPlayheadTimeAsDate()?.getTime() ?? null) : replay.pictureDate();
  const activeLevel = () => {
    const active = player.getVariantTracks().find((t: Variant) => t.active);
    return active ? levels.findIndex((l) => l.height === (active.height ?? 0)) : -1;
  };

  player.configure(shakaConfig(opts));
  player.getNetworkingEngine()?.registerRequestFilter((type, request) => {
    const kind =
      type === RequestType.LICENSE ? 'licence' : type === RequestType.MANIFEST ? 'manifest' : 'other';
    Object.assign(request.headers, requestHeaders(kind, request.uris[0] ?? '', opts));
  });
  // The origin's clock for the latency controller: every live MPD carries it (UTCTiming, direct).
  const clock = createServerClock();
  player.getNetworkingEngine()?.registerResponseFilter((type, response) => {
    if (type !== RequestType.MANIFEST) return;
    const text = new TextDecoder().decode(response.data);
    replay.read(text);
    const utc = mpdUtcTiming(text);
    const receivedAt = Date.now();
    if (utc !== null) clock.sample(utc, utc, receivedAt - (response.timeMs ?? 0), receivedAt);
  });
  /**
   * Behind live and the target (latency-control.ts): the target is where Shaka puts a live fan, its
   * seek range's end (the MPD's suggestedPresentationDelay behind the availability edge, on Shaka's
   * own clock synchronised from the same UTCTiming).
   */
  const latency = () => {
    if (syncing || !player.isLive()) return null;
    const start = player.getPresentationStartTimeAsDate()?.getTime();
    if (start === undefined || clock.uncertainty() === Number.POSITIVE_INFINITY) return null;
    const now = clock.now();
    return {
      behindS: (now - (start + video.currentTime * 1000)) / 1000,
      targetS: (now - (start + player.seekRange().end * 1000)) / 1000,
    };
  };

  player.addEventListener('error', (event) => {
    const detail = (event as unknown as { detail: { code: number; category: number; severity: number } })
      .detail;
    const message = shakaErrorMessage(detail.code, detail.category);
    let outcome = errorOutcome(message);
    if (outcome === 'licence-refresh' && ++licenceRetries > MAX_LICENCE_RETRIES) outcome = 'drm-dialog';
    if (outcome === 'ignore') return;
    // Shaka's own errors that it recovers from (severity 1, RECOVERABLE) are no failure of the load.
    if (outcome === 'video-load-failed' && detail.severity !== 2) return;
    ev.onError(outcome, message);
  });
  // The host's timed cues the MPD carries (issue 27): an Event per cue under our scheme.
  player.addEventListener('timelineregionadded', (event) => {
    const region = (event as unknown as { detail?: TimelineRegion }).detail;
    if (region?.schemeIdUri !== CUE_SCHEME_ID_URI) return;
    const text =
      region.eventElement?.textContent ??
      region.eventNode?.children?.filter((c): c is string => typeof c === 'string').join('') ??
      '';
    if (text) pictureClock.carried([text]);
  });
  const onLevelChange = () => ev.onLevelSwitched(activeLevel());
  player.addEventListener('adaptation', onLevelChange);
  player.addEventListener('variantchanged', onLevelChange);

  const onPlaying = () => {
    licenceRetries = 0;
    if (syncStarted || !opts.moment) return;
    syncStarted = true;
    const moment = opts.moment;
    stopSync = keepMoment(
      video,
      liveDate,
      () => movedMoment(moment),
      () => {
        syncing = false;
      },
    );
  };
  video.addEventListener('playing', onPlaying);

  /** Presentation time of the kept moment, when the previous stream's clock tells where it is. */
  const momentTime = (clock: number | null | undefined) =>
    opts.moment && clock != null
      ? (movedMoment(opts.moment) + MOMENT_SYNC.startLookaheadS * 1000 - clock) / 1000
      : undefined;

  const load = async () => {
    await teardowns.get(video);
    if (destroyed) return;
    await player.attach(video);
    // The angle switch keeps the moment: every DASH stream of a build has one availabilityStartTime,
    // so the kept date is a presentation time and the stream starts there (no segment of the live
    // edge is loaded first); the last gap is closed once playing (keepMoment).
    const startAt = momentTime(opts.previousClock);
    await player.load(opts.url, startAt);
    if (destroyed) return;
    const live = player.isLive();
    const start = live ? (player.getPresentationStartTimeAsDate()?.getTime() ?? null) : replay.clock();
    ev.onClock(start);
    ev.onMarkers?.(live ? [] : replay.markers());
    // Without the previous clock (the first DASH stream after an HLS one), seek once its own is known;
    // a replay always, on its own clock (a moment in this angle's gap: the slate, the picture after it).
    const target = startAt === undefined || !live ? momentTime(start) : undefined;
    if (target !== undefined) {
      const range = player.seekRange();
      if (target > range.start && target < range.end) {
        const to = live ? target : replay.startAt(target);
        if (Math.abs(video.currentTime - to) > 0.25) video.currentTime = to;
      }
    }
    levels = levelsOf(player.getVariantTracks());
    let chosen = startLevel(levels, opts.uhdMode);
    if (chosen < 0 && opts.preferredHeight !== null)
      chosen = levels.findIndex((l) => l.height === opts.preferredHeight);
    if (chosen >= 0) setLevel(chosen);
    ev.onLevels(levels, chosen, live);
    ev.onLevelSwitched(activeLevel());
    // Captions ride on the HLS renditions only (docs/decisions.md, the DASH path).
    ev.onSubtitleTracks([]);
  };

  const setLevel = (index: number) => {
    const level = levels[index];
    player.configure({ abr: { enabled: !level } });
    if (!level) return;
    const track = player
      .getVariantTracks()
      .filter((t: Variant) => (t.height ?? 0) === level.height)
      .sort((a: Variant, b: Variant) => b.bandwidth - a.bandwidth)[0];
    if (track) player.selectVariantTrack(track, true);
  };

  const start = () =>
    load().catch((e: unknown) => {
      if (destroyed) return;
      const detail = e as { code?: number; category?: number };
      // The error event has reported it already when it is a Shaka error.
      if (typeof detail.code !== 'number') ev.onError('video-load-failed', String(e));
    });
  void start();

  return {
    setLevel,
    setCaption: () => {},
    playingDate: () => (syncing && opts.moment ? movedMoment(opts.moment) : liveDate()),
    dateAt: replay.dateAt,
    replayGap: replay.state,
    toggleReplayGap: replay.toggle,
    liveSyncPosition: () => (player.isLive() ? player.seekRange().end : null),
    latency,
    bandwidthEstimate: () => player.getStats().estimatedBandwidth,
    // A licence refused for an expired token: load again with the new one, at the same moment.
    retry: () => {
      const dateMs = liveDate();
      if (dateMs !== null) opts.moment = { dateMs, at: performance.now() };
      opts.previousClock = player.isLive()
        ? (player.getPresentationStartTimeAsDate()?.getTime() ?? null)
        : null;
      void player.unload().then(start);
    },
    keySystem: () => player.keySystem() || null,
    destroy: () => {
      destroyed = true;
      video.removeEventListener('playing', onPlaying);
      replay.stop();
      stopSync();
      const previous = teardowns.get(video);
      teardowns.set(
        video,
        Promise.resolve(previous)
          .then(() => player.destroy())
          .catch(() => undefined),
      );
    },
  };
}
