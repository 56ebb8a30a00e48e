import {
  type AlertInput,
  LIGHTSTICK_SONGS,
  type LightstickSong,
  type OverlayPlacement,
} from '@encore/contract';

/** Builds the alert bodies of the control room's forms; kept pure so they are tested on their own. */

const target = (f: string) => (f.trim() ? { f: f.trim() } : {});
/** Empty duration: let the viewer apply the default (300 s). */
const seconds = (d: string) => {
  const n = Number.parseInt(d, 10);
  return Number.isFinite(n) ? { d: n } : {};
};

export function chatAlert(enabled: boolean, f = ''): AlertInput {
  return { type: 'chat', display_code: enabled ? 1 : 0, ...target(f) };
}

export function overlayAlert(input: {
  msg: string;
  placement: OverlayPlacement;
  duration: string;
  f: string;
}): AlertInput {
  return {
    type: 'ud',
    display_code: 1,
    msg: input.msg,
    placement: input.placement,
    ...seconds(input.duration),
    ...target(input.f),
  };
}

export function clearOverlayAlert(f = ''): AlertInput {
  return { type: 'ud', display_code: 1, msg: '', placement: 'center', d: -1, ...target(f) };
}

export function slateAlert(input: {
  url: string;
  link: string;
  duration: string;
  endSlate: boolean;
  f: string;
}): AlertInput {
  return {
    type: 'slate',
    display_code: 1,
    url: input.url.trim(),
    ...(input.link.trim() ? { link: input.link.trim() } : {}),
    ...seconds(input.duration),
    ...(input.endSlate ? { es: true } : {}),
    ...target(input.f),
  };
}

/** Clears the slate and the stored end-slate. */
export function clearSlateAlert(f = ''): AlertInput {
  return { type: 'slate', display_code: 1, url: '', d: -1, es: false, ...target(f) };
}

/** Light-stick numbers travel hex-encoded (ALR-05). */
export const toHex = (n: number) => Math.max(0, Math.round(n)).toString(16).toUpperCase();

export function lightstickAlert(
  action: 'start' | 'stop',
  input: { title: string; tempo: number; gradient: boolean; startDelay?: number; duration?: number },
): AlertInput {
  if (action === 'stop') return { type: 'lightstick', action: 'stop' };
  return {
    type: 'lightstick',
    action: 'start',
    ...(input.title.trim() ? { song_title: input.title.trim() } : {}),
    tempo: toHex(input.tempo),
    // A built-in song (BT-07) brings its start and duration; a free title uses the track defaults.
    ...(input.startDelay !== undefined ? { start_delay: toHex(input.startDelay) } : {}),
    ...(input.duration !== undefined ? { duration: toHex(input.duration) } : {}),
    gradient: input.gradient,
  };
}

/** The songs a show's light-stick cue offers: its own (Setup), or the built-in list (BT-07) without. */
export function showSongs(show: {
  lightstick_songs?: LightstickSong[] | undefined;
}): readonly LightstickSong[] {
  return show.lightstick_songs?.length ? show.lightstick_songs : LIGHTSTICK_SONGS;
}

/** The song of `songs` a title names, matched case-insensitively. */
export function songNamed(songs: readonly LightstickSong[], title: string): LightstickSong | undefined {
  const t = title.trim().toLowerCase();
  return songs.find((s) => s.title.toLowerCase() === t);
}

export function lsAlert(on: boolean, timer: string): AlertInput {
  return { type: 'ls', display_code: on ? 1 : 0, ...(on ? seconds(timer) : {}) };
}

/**
 * The show-clock moment of a time of day typed in the control room ("21:04:30", the browser's
 * zone): the next such moment from 30 s ago (a time just past is a cue for the moment just heard;
 * the server takes 30 s back to 6 h ahead). Empty: now, so undefined.
 */
export function showClockMoment(time: string, now = new Date()): string | undefined {
  const m = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(time.trim());
  if (!m) return undefined;
  const at = new Date(now);
  at.setHours(Number(m[1]), Number(m[2]), Number(m[3] ?? 0), 0);
  if (at.getTime() < now.getTime() - 30_000) at.setDate(at.getDate() + 1);
  return at.toISOString();
}
