import { CHEER_TIMINGS_MS, LIGHTSTICK_TRACK_DEFAULTS, type LightstickTrack } from '@encore/contract';
import type { AlertState } from '../alerts/alert-state.ts';

/** What a paired stick (and the on-screen stick) plays: a track from a start time, or nothing. */
export interface StickProgram {
  track: LightstickTrack;
  startedAt: number;
  /** 'track': the host's song (ALR-06); 'effect': the light-sticks-on effect of the timer (CHR-10). */
  kind: 'track' | 'effect';
}

/** The title of the light-sticks-on effect: its seed, so every fan's stick shows the same colours. */
export const EFFECT_TITLE = 'light-sticks-on';

/**
 * The light-sticks-on effect (CHR-10): set up 1 s after the host turned the sticks on, then colours
 * at the default tempo, blended, for the timer's seconds (default 10 s).
 */
export function effectTrack(timerS: number): LightstickTrack {
  return {
    title: EFFECT_TITLE,
    tempo: LIGHTSTICK_TRACK_DEFAULTS.tempo,
    startDelay: LIGHTSTICK_TRACK_DEFAULTS.startDelay,
    duration: timerS,
    gradient: true,
    randomColor: true,
  };
}

/** When the effect of the light-sticks-on starts and ends; null while the sticks are off. */
export function effectWindow(
  lightstick: AlertState['lightstick'],
): { from: number; until: number; timerS: number } | null {
  if (!lightstick.active || lightstick.activeSince === null) return null;
  const from = lightstick.activeSince + CHEER_TIMINGS_MS.lightstickEffectSetup;
  return { from, until: from + lightstick.timerS * 1000, timerS: lightstick.timerS };
}

/**
 * The host's playing track wins; otherwise the light-sticks-on effect while its timer runs; otherwise
 * nothing (the stick goes black, BT-04).
 */
export function stickProgram(lightstick: AlertState['lightstick'], now: number): StickProgram | null {
  if (lightstick.track && lightstick.playingFrom !== null)
    return { track: lightstick.track, startedAt: lightstick.playingFrom, kind: 'track' };
  const effect = effectWindow(lightstick);
  if (effect && now < effect.until)
    return { track: effectTrack(effect.timerS), startedAt: effect.from, kind: 'effect' };
  return null;
}
