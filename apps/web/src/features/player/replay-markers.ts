import { decodeCuePayload } from '@encore/contract';

/**
 * What a replay's scrubber marks (issue 27): the host's cues at their moments, and the songs (the
 * light-stick cues that started a named track) as the show's song list. The replay's playlist carries
 * the night's cues as DATERANGEs (cue-timeline-rules.ts); every angle of a replay spans the same
 * show-clock window (docs/media.md "The replay on the show clock"), so media time t is the moment
 * clockOffset + t on every angle and the marks stay put across an angle switch.
 */
export type ReplayMarker = {
  /** Media time, seconds. */
  time: number;
  kind: 'song' | 'cue';
  /** The song's title; a cue's type (slate, ud, ls, lightstick). */
  label: string;
  id: string;
};

/** The marks of a replay from its playlist's cue payloads, in time order, inside [0, duration]. */
export function replayMarkers(
  payloads: readonly string[],
  clockOffsetMs: number,
  duration: number,
): ReplayMarker[] {
  const out: ReplayMarker[] = [];
  for (const p of payloads) {
    const cue = decodeCuePayload(p);
    if (!cue) continue;
    // A cue from before the window (the state it starts with) is no moment of this replay.
    const time = (Date.parse(cue.at) - clockOffsetMs) / 1000;
    if (time < 0 || time > duration) continue;
    const alert = cue.alert as { type: string; action?: string; song_title?: string };
    const song = alert.type === 'lightstick' && alert.action === 'start' && alert.song_title?.trim();
    out.push({ time, kind: song ? 'song' : 'cue', label: song || alert.type, id: cue.id });
  }
  return out.sort((a, b) => a.time - b.time);
}

/** The song playing at media time `t`: the last song mark at or before it. */
export function songAt(markers: readonly ReplayMarker[], t: number): ReplayMarker | null {
  let found: ReplayMarker | null = null;
  for (const m of markers) if (m.kind === 'song' && m.time <= t) found = m;
  return found;
}
