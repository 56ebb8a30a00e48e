/**
 * The replay on the show clock (issue 27, docs/media.md "The replay on the show clock"). After End
 * show a pushed stream's recording is played as a window of the show clock, the same for every
 * stream of the show: from Go live (or the host's trimmed start) to End show (or the trimmed end).
 * Only the playlist is windowed: the segments, their keys and their program dates stay the night's,
 * nothing is re-encoded. A stretch of the window a stream has no segment for (its encoder dropped,
 * joined late, or left early) is listed as EXT-X-GAP segments of the same length, so every angle's
 * replay spans the same time and a moment is at the same media time on every angle. A replay that
 * opens with a gap carries EXT-X-START at its first picture (live-ll.ts), as hls.js cannot start on a
 * gap; the player treats a trailing gap as the end (player/replay-gaps.ts).
 */
export type ReplayWindow = { start: number; end: number };

/** What the window needs of a segment: video segments (live-index.ts) and their caption twins alike. */
type Timed = { sn: number; dur: number; pdt: number; disc: boolean };
/** A stretch without this stream's picture (EXT-X-GAP), at most one target duration long. */
export type ReplayGap = { sn: number; dur: number; pdt: number; disc: false; gap: true };

/** Holes shorter than this between two runs are left to the player (hls.js jumps holes up to 0.5 s). */
export const GAP_MIN_S = 0.1;
/**
 * At the window's two ends every hole is listed, however short, so that every angle spans exactly the
 * window (a 0.07 s hole left before End show made one angle 0.07 s shorter than the other).
 */
const EDGE_GAP_MIN_MS = 1;
/** Gap pieces are at most one target duration long (strict HLS: EXTINF rounds to at most the target). */
const GAP_PIECE_S = 1;

function gapPieces(fromMs: number, toMs: number, snBase: number): ReplayGap[] {
  const out: ReplayGap[] = [];
  let at = fromMs;
  while (toMs - at > 0.5) {
    const dur = Math.min(GAP_PIECE_S, (toMs - at) / 1000);
    out.push({ sn: snBase, dur: Number(dur.toFixed(3)), pdt: at, disc: false, gap: true });
    at += dur * 1000;
  }
  return out;
}

/**
 * The entries of one rung in the window: the segments that start at or after its start and end by
 * its end, and gaps wherever the window has no segment for GAP_MIN_S or longer (before the first,
 * between runs, after the last). A segment after a gap always starts a discontinuity (its timestamps
 * do not follow what came before). Gap entries carry the `sn` of the segment they precede (or one
 * past the last), which only names them: they are never loaded.
 */
export function replayEntries<S extends Timed>(
  segments: readonly S[],
  window: ReplayWindow,
): (S | ReplayGap)[] {
  const inside = segments.filter((s) => s.pdt >= window.start - 1 && s.pdt + s.dur * 1000 <= window.end + 1);
  const out: (S | ReplayGap)[] = [];
  let cursor = window.start;
  for (const s of inside) {
    const hole = s.pdt - cursor;
    if (hole >= (out.length === 0 ? EDGE_GAP_MIN_MS : GAP_MIN_S * 1000)) {
      out.push(...gapPieces(cursor, s.pdt, s.sn));
      out.push({ ...s, disc: true });
    } else out.push(out.length === 0 ? { ...s, disc: false } : s);
    cursor = s.pdt + s.dur * 1000;
  }
  const last = segments.at(-1)?.sn ?? -1;
  if (window.end - cursor >= EDGE_GAP_MIN_MS) out.push(...gapPieces(cursor, window.end, last + 1));
  return out;
}

/** The replay's length in seconds as listed (what a player's duration reads). */
export const replayLength = (entries: readonly Timed[]) =>
  entries.reduce((sum, e) => sum + Number(e.dur.toFixed(3)), 0);
