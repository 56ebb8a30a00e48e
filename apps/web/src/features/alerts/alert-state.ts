import type { Alert, LightstickTrack } from '@encore/contract';
import {
  CHAT_TIMINGS_MS,
  LIGHTSTICK_TIMER_DEFAULT_S,
  LIGHTSTICK_TRACK_DEFAULTS,
  OVERLAY_PLACEMENTS,
  type OverlayPlacement,
  personalizeAlertText,
  SLATE_CLEAR,
  slateDurationMs,
} from '@encore/contract';

/**
 * What the host's alerts have set for this viewer (viewing sections 3 and 4, ALR rows), as a pure
 * reducer: the hook feeds it realtime alerts, the clock and persisted end-slate; components read it.
 */

export interface OverlayText {
  text: string;
  /** An unknown placement hides the box (ALR-13). */
  placement: OverlayPlacement | null;
  until: number;
}

export interface Slate {
  url: string;
  link: string | null;
  until: number;
}

export interface EndSlate {
  url: string;
  link: string | null;
}

export type { LightstickTrack };

export interface AlertState {
  /** Outgoing chat allowed by the host (ALR-09). */
  chatEnabled: boolean;
  overlay: OverlayText | null;
  slate: Slate | null;
  /** Persisted across reloads (ALR-16). */
  endSlate: EndSlate | null;
  lightstick: {
    /** ls display_code 1 (ALR-07). */
    active: boolean;
    /** Seconds of the light-stick timer (ALR-08). */
    timerS: number;
    /** When the host last turned the light-sticks on: the effect is set up 1 s later (CHR-10). */
    activeSince: number | null;
    track: LightstickTrack | null;
    /** When the prepared track starts playing (start + 100 ms); null when stopped. */
    playingFrom: number | null;
  };
}

export function initialAlertState(chatEnabled: boolean, endSlate: EndSlate | null): AlertState {
  return {
    chatEnabled,
    overlay: null,
    slate: null,
    endSlate,
    lightstick: {
      active: false,
      timerS: LIGHTSTICK_TIMER_DEFAULT_S,
      activeSince: null,
      track: null,
      playingFrom: null,
    },
  };
}

const TRACK_DEFAULTS = LIGHTSTICK_TRACK_DEFAULTS;

/** Light-stick numbers travel hex-encoded (ALR-05); a missing or broken one takes the default. */
export function parseHex(value: string | undefined, fallback: number): number {
  if (value === undefined || !/^[0-9a-fA-F]{1,8}$/.test(value)) return fallback;
  return Number.parseInt(value, 16);
}

export function isPlacement(value: string): value is OverlayPlacement {
  return (OVERLAY_PLACEMENTS as readonly string[]).includes(value);
}

/** ALR-04: an alert naming a username is for that viewer only. */
export function isForViewer(alert: Pick<Alert, 'f'>, username: string | null | undefined): boolean {
  return !alert.f || (!!username && alert.f.toLowerCase() === username.toLowerCase());
}

export function applyAlert(
  state: AlertState,
  alert: Alert,
  viewer: { username: string | null; now: number },
): AlertState {
  if (!isForViewer(alert, viewer.username)) return state;
  const username = viewer.username ?? '';
  switch (alert.type) {
    case 'chat':
      return { ...state, chatEnabled: alert.display_code !== 0 };
    case 'ls': {
      const active = alert.display_code === 1;
      const timerS = active && alert.d !== undefined ? alert.d : state.lightstick.timerS;
      // Each 'on' from the host (re)starts the timer.
      const activeSince = active ? viewer.now : null;
      return { ...state, lightstick: { ...state.lightstick, active, timerS, activeSince } };
    }
    case 'lightstick': {
      let { track, playingFrom } = state.lightstick;
      if (alert.song_title) {
        track = {
          title: alert.song_title,
          tempo: parseHex(alert.tempo, TRACK_DEFAULTS.tempo) || TRACK_DEFAULTS.tempo,
          startDelay: parseHex(alert.start_delay, TRACK_DEFAULTS.startDelay),
          duration: parseHex(alert.duration, TRACK_DEFAULTS.duration),
          gradient: alert.gradient ?? false,
          randomColor: true,
        };
      }
      if (alert.action === 'start' && track) playingFrom = viewer.now + CHAT_TIMINGS_MS.lightstickStartDelay;
      if (alert.action === 'stop') playingFrom = null;
      return { ...state, lightstick: { ...state.lightstick, track, playingFrom } };
    }
    case 'ud': {
      const ms = slateDurationMs(alert.d);
      if (ms === null || alert.display_code === 0 || alert.msg.trim() === '')
        return { ...state, overlay: null };
      const text = personalizeAlertText(alert.msg, username);
      const placement = isPlacement(alert.placement) ? alert.placement : null;
      return { ...state, overlay: { text, placement, until: viewer.now + ms } };
    }
    case 'slate': {
      const ms = slateDurationMs(alert.d);
      const link = alert.link ? alert.link : null;
      let endSlate = state.endSlate;
      if (alert.es === true && alert.url) endSlate = { url: alert.url, link };
      if (alert.es === false) endSlate = null;
      if (ms === null || alert.d === SLATE_CLEAR || alert.display_code === 0 || !alert.url)
        return { ...state, slate: null, endSlate };
      return { ...state, slate: { url: alert.url, link, until: viewer.now + ms }, endSlate };
    }
  }
}

/** Drops the overlay and slate whose time is up; returns the same object when nothing changed. */
export function expireAlerts(state: AlertState, now: number): AlertState {
  const overlay = state.overlay && state.overlay.until <= now ? null : state.overlay;
  const slate = state.slate && state.slate.until <= now ? null : state.slate;
  if (overlay === state.overlay && slate === state.slate) return state;
  return { ...state, overlay, slate };
}

/** The next moment something expires, for the hook's timer. */
export function nextExpiry(state: AlertState): number | null {
  const times = [state.overlay?.until, state.slate?.until].filter((t): t is number => t !== undefined);
  return times.length ? Math.min(...times) : null;
}
