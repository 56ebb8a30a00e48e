import {
  CUE_DATERANGE_ATTRIBUTE,
  CUE_DATERANGE_CLASS,
  CUE_DATERANGE_ID_PREFIX,
  CUE_SCHEME_ID_URI,
  carriedBefore,
  encodeCuePayload,
} from '@encore/contract';
import { quoted } from './live-window.ts';

/**
 * The cue timeline in the live playlists and MPDs (issue 27, cue-timeline-rules.ts): a fan's player
 * finds in what it loads anyway every cue of its window, plus the cues before the window that set the
 * state of its first moment (the last overlay, slate, end slate, ls and light-stick track), so a fan
 * who joins or rewinds later applies the state of the moment they watch.
 */
export type CarriedCue = { id: string; at: Date; alert: { type: string; f?: string } };

const atMs = (c: CarriedCue) => c.at.getTime();

/** The cues a window from `fromMs` to `toMs` carries: the state before it and the cues within, in time order. */
export function cuesForWindow<C extends CarriedCue>(cues: readonly C[], fromMs: number, toMs: number): C[] {
  const stamped = cues.map((c) => ({ ...c, at: c.at.toISOString() }));
  const before = carriedBefore(stamped, fromMs).map((c) => cues[stamped.indexOf(c)] as C);
  return [...before, ...cues.filter((c) => atMs(c) >= fromMs && atMs(c) <= toMs)];
}

const payloadOf = (c: CarriedCue) => encodeCuePayload({ id: c.id, at: c.at.toISOString(), alert: c.alert });

/**
 * `#EXT-X-DATERANGE` of one cue (RFC 8216 4.3.2.7): ID, CLASS, START-DATE, and the cue as an X-
 * attribute (a quoted-string: base64url holds no quote, comma or line break). No DURATION: a cue is
 * a moment, and its effect's length (an overlay's d) is inside the alert.
 */
export function cueDateRange(c: CarriedCue): string {
  return (
    `#EXT-X-DATERANGE:ID=${quoted(`${CUE_DATERANGE_ID_PREFIX}${c.id}`)},CLASS=${quoted(CUE_DATERANGE_CLASS)},` +
    `START-DATE=${quoted(c.at.toISOString())},${CUE_DATERANGE_ATTRIBUTE}=${quoted(payloadOf(c))}`
  );
}

/**
 * Where each cue's tag goes in a media playlist: before the segment whose program date span holds
 * its moment (the state carriers before the first), a moment past the last segment's start before
 * the last one. `starts` are the listed segments' program dates (ms), in order; the answer maps a
 * segment's index to its tag lines.
 */
export function dateRangesBySegment(
  cues: readonly CarriedCue[],
  starts: readonly number[],
): Map<number, string[]> {
  const out = new Map<number, string[]>();
  for (const c of cues) {
    let i = 0;
    while (i + 1 < starts.length && (starts[i + 1] as number) <= atMs(c)) i++;
    const lines = out.get(i) ?? [];
    lines.push(cueDateRange(c));
    out.set(i, lines);
  }
  return out;
}

/**
 * The MPD EventStream of a Period starting at `periodStartMs` on the show clock: one Event per cue at
 * its moment from the Period's start (ms), its text the same payload as the DATERANGE's. A cue from
 * before the window (a state carrier) sits at the Period's start, since a presentation time cannot
 * be negative; its payload keeps its own moment, which is what players apply. Empty without cues.
 */
export function cueEventStream(cues: readonly CarriedCue[], periodStartMs: number): string {
  if (cues.length === 0) return '';
  const events = cues.map(
    (c) =>
      `<Event presentationTime="${Math.max(0, Math.round(atMs(c) - periodStartMs))}" id="${Number(c.id)}">${payloadOf(c)}</Event>`,
  );
  return `<EventStream schemeIdUri="${CUE_SCHEME_ID_URI}" timescale="1000">${events.join('')}</EventStream>`;
}
