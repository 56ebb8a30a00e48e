import { AppError } from '../errors.ts';
import { type CarriedCue, dateRangesBySegment } from './cue-carriers.ts';
import type { LiveIndexReader, LiveOpenParts, LiveRung, LiveSegment } from './live-index.ts';
import { quoted } from './live-window.ts';
import type { ReplayGap } from './replay-window.ts';

/**
 * Playlists of pushed streams under RFC 8216bis (issue 24, docs/media.md section 9.4): one target
 * duration for a stream's life, HOLD-BACK three of it, program dates on every segment, and the
 * low-latency playlist's parts, preload hint and blocking reload.
 */

/** EXT-X-TARGETDURATION of every pushed stream (the packager cuts no segment rounding above it). */
export const LIVE_TARGET = 1;
/** PART-TARGET: the longest part the packager cuts (parts aim at a third of a second). */
export const LIVE_PART_TARGET = 0.35;
/** Parts are listed for the newest complete segments only (then the open one): RFC 8216bis 6.2.2. */
const PARTS_LISTED_SEGMENTS = 2;
/** How far ahead of the playlist a blocking request may ask (RFC 8216bis 6.2.5.2). */
const ADVANCE_SEGMENTS = 2;
const ADVANCE_PARTS = 3;
/** A blocking request is held this long at most (three target durations), then answered as it is. */
const BLOCK_MS = 3 * LIVE_TARGET * 1000;
const POLL_MS = 40;

export type OpenSegment = LiveOpenParts['rungs'][string];

/**
 * The open segment's parts a playlist lists. A short part (an encoder's last, or one cut before a
 * keyframe) can only be its segment's last (RFC 8216bis: the others are at least 85% of the part
 * target), and which one is last is known only once the next segment starts: until then it is held
 * back, and the preload hint names it.
 */
export function listedParts(open: OpenSegment): OpenSegment['parts'] {
  const last = open.parts.at(-1);
  return last && last.dur < 0.85 * LIVE_PART_TARGET ? open.parts.slice(0, -1) : open.parts;
}

/** The rung's open segment if it is really the next one (the two files are written one after the other). */
export function openSegmentOf(rung: LiveRung, parts: LiveOpenParts | null): OpenSegment | null {
  const open = parts?.rungs[rung.name];
  const last = rung.segments.at(-1)?.sn ?? -1;
  return open && open.sn === last + 1 && listedParts(open).length > 0 ? open : null;
}

export type PlaylistInput = {
  rung: LiveRung;
  /** A gap: a stretch of the replay without this stream's picture (replay-window.ts), EXT-X-GAP. */
  listed: (LiveSegment | ReplayGap)[];
  /** The discontinuity count before the first listed entry, when not counted from `rung`. */
  discontinuitySequence?: number;
  ended: boolean;
  vod: boolean;
  key: { uri: string; iv: string };
  /** Low-latency: the parts of the newest segments, the open segment and a preload hint. */
  open?: OpenSegment | null;
  lowLatency?: boolean;
  /** The timed cues this playlist carries as EXT-X-DATERANGE (cue-carriers.ts, issue 27). */
  cues?: readonly CarriedCue[];
};

const iso = (ms: number) => new Date(ms).toISOString();

/** The length of the gaps a listing opens with (0 when it starts with a segment). */
export function leadingGapSeconds(listed: readonly (object & { dur: number })[]): number {
  let sum = 0;
  for (const s of listed) {
    if (!('gap' in s)) return sum;
    sum += Number(s.dur.toFixed(3));
  }
  return 0;
}
const partLine = (sn: number, i: number, p: { dur: number; ind: boolean }) =>
  `#EXT-X-PART:DURATION=${Math.min(p.dur, LIVE_PART_TARGET).toFixed(3)},URI=${quoted(`${sn}.${i}.ts`)}${p.ind ? ',INDEPENDENT=YES' : ''}`;

/** A media playlist over a run of segments (the live window, or the whole recording). */
export function renderLivePlaylist(opts: PlaylistInput): string {
  const { rung, listed } = opts;
  const ll = opts.lowLatency === true && !opts.ended && !opts.vod;
  const first = listed[0];
  const firstIndex = first && !('gap' in first) ? rung.segments.indexOf(first) : 0;
  // Every segment keeps its discontinuity number in every version of the playlist.
  const discBefore =
    opts.discontinuitySequence ??
    rung.segments.slice(0, firstIndex + 1).filter((s, i) => s.disc && i > 0).length;
  // One target for the stream's life (recordings cut before issue 24 may hold longer segments).
  const target = Math.max(LIVE_TARGET, ...listed.map((s) => Math.round(s.dur)));
  // EXT-X-GAP needs version 8 (RFC 8216bis section 7).
  const version = listed.some((s) => 'gap' in s) ? 8 : ll ? 6 : 3;
  const lines = ['#EXTM3U', `#EXT-X-VERSION:${version}`, `#EXT-X-TARGETDURATION:${target}`];
  if (!opts.ended && !opts.vod) {
    // Players stay three target durations (LL: three parts) behind the edge, the least RFC 8216bis allows.
    const control = ['CAN-BLOCK-RELOAD=YES'];
    if (ll) control.push(`PART-HOLD-BACK=${(3 * LIVE_PART_TARGET).toFixed(3)}`);
    control.push(`HOLD-BACK=${(3 * target).toFixed(3)}`);
    lines.push(`#EXT-X-SERVER-CONTROL:${control.join(',')}`);
    if (ll) lines.push(`#EXT-X-PART-INF:PART-TARGET=${LIVE_PART_TARGET.toFixed(3)}`);
  }
  lines.push(`#EXT-X-MEDIA-SEQUENCE:${first?.sn ?? 0}`, `#EXT-X-DISCONTINUITY-SEQUENCE:${discBefore}`);
  if (opts.vod) lines.push(`#EXT-X-PLAYLIST-TYPE:${opts.ended ? 'VOD' : 'EVENT'}`);
  // A replay that opens with a gap (the angle's first picture came after Go live) says where its
  // picture starts: hls.js 1.7 cannot start on a GAP segment (it buffers nothing and retries the gap
  // without end), and starts at EXT-X-START instead (measured; Safari honours it too).
  const lead = leadingGapSeconds(listed);
  if (opts.ended && lead > 0) lines.push(`#EXT-X-START:TIME-OFFSET=${lead.toFixed(3)},PRECISE=YES`);
  lines.push(`#EXT-X-KEY:METHOD=AES-128,URI=${quoted(opts.key.uri)},IV=${opts.key.iv}`);
  const partsFrom = listed.length - PARTS_LISTED_SEGMENTS;
  const openSeg = ll ? (opts.open ?? null) : null;
  const starts = listed.map((s) => s.pdt);
  if (openSeg) starts.push(openSeg.pdt);
  const ranges = dateRangesBySegment(opts.cues ?? [], starts);
  listed.forEach((s, i) => {
    if (s.disc && i > 0) lines.push('#EXT-X-DISCONTINUITY');
    lines.push(...(ranges.get(i) ?? []));
    lines.push(`#EXT-X-PROGRAM-DATE-TIME:${iso(s.pdt)}`);
    // A gap is never loaded (its URI only has to be one): the player holds no picture for its length.
    if ('gap' in s) {
      lines.push('#EXT-X-GAP', `#EXTINF:${s.dur.toFixed(3)},`, 'gap.ts');
      return;
    }
    if (ll && i >= partsFrom)
      for (const [j, p] of (s.parts ?? []).entries()) lines.push(partLine(s.sn, j, p));
    lines.push(`#EXTINF:${s.dur.toFixed(3)},`, `${s.sn}.ts`);
  });
  if (ll) {
    const open = opts.open ?? null;
    if (open) {
      if (open.disc && listed.length > 0) lines.push('#EXT-X-DISCONTINUITY');
      lines.push(...(ranges.get(listed.length) ?? []));
      lines.push(`#EXT-X-PROGRAM-DATE-TIME:${iso(open.pdt)}`);
      for (const [j, p] of listedParts(open).entries()) lines.push(partLine(open.sn, j, p));
    }
    const next = open ? `${open.sn}.${listedParts(open).length}.ts` : `${(listed.at(-1)?.sn ?? -1) + 1}.0.ts`;
    lines.push(`#EXT-X-PRELOAD-HINT:TYPE=PART,URI=${quoted(next)}`);
  }
  if (opts.ended) lines.push('#EXT-X-ENDLIST');
  return `${lines.join('\n')}\n`;
}

/** Where a playlist is: its last complete segment and the open one's parts. */
type Edge = { last: number; open: OpenSegment | null; lastParts: number; ended: boolean };

function reached(edge: Edge, msn: number, part: number | undefined): boolean {
  if (edge.ended) return true;
  if (part === undefined) return edge.last >= msn;
  if (edge.last > msn) return true;
  if (edge.open?.sn === msn) return listedParts(edge.open).length > part;
  // Segment msn is complete: part `part` of it, or a later part (the next segment's first), is there.
  return edge.last === msn && (edge.lastParts > part || edge.open !== null);
}

/**
 * Blocking playlist reload (RFC 8216bis 6.2.5.2): holds the request until segment `msn` (or its part
 * `part`) is in the playlist. A request further ahead than the playlist can get soon is 400. After
 * three target durations the playlist is answered as it is, rather than 503: an encoder that dropped
 * must not turn every waiting player's reload into an error (it plays on to the slate and resumes).
 */
export async function awaitPlaylist(
  indexes: LiveIndexReader,
  where: { slug: string; stream: string; rung: string },
  msn: number | undefined,
  part: number | undefined,
): Promise<void> {
  if (msn === undefined) {
    if (part !== undefined) throw new AppError('BAD_REQUEST', 400, '_HLS_part needs _HLS_msn.');
    return;
  }
  const edgeNow = async (): Promise<Edge | null> => {
    const index = await indexes.get(where.slug, where.stream, POLL_MS);
    const rung = index?.rungs.find((r) => r.name === where.rung);
    if (!index || !rung) return null;
    const open = openSegmentOf(rung, await indexes.parts(where.slug, where.stream, POLL_MS));
    const lastSeg = rung.segments.at(-1);
    return { last: lastSeg?.sn ?? -1, open, lastParts: lastSeg?.parts?.length ?? 0, ended: index.ended };
  };
  const edge = await edgeNow();
  if (!edge) return;
  const newest = edge.open ? edge.open.sn : edge.last;
  const tooFar =
    msn > newest + ADVANCE_SEGMENTS ||
    (part !== undefined && edge.open?.sn === msn && part >= listedParts(edge.open).length + ADVANCE_PARTS);
  if (tooFar && !edge.ended) {
    throw new AppError('BAD_REQUEST', 400, '_HLS_msn or _HLS_part is too far beyond the live edge.');
  }
  const deadline = Date.now() + BLOCK_MS;
  let now: Edge | null = edge;
  while (now && !reached(now, msn, part) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    now = await edgeNow();
  }
}
