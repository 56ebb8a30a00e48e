import type { ReplayGap } from './replay-window.ts';

/**
 * Live captions as HLS WebVTT (issue 11): a subtitle playlist that mirrors the video's live playlist
 * segment for segment (same media sequence numbers, durations, discontinuities and program dates), and
 * per segment a WebVTT file with the caption lines on screen during it. Each file maps its local time 0
 * to the matching video segment's first MPEG-TS timestamp (X-TIMESTAMP-MAP), which is how hls.js and
 * Safari line cues up with a live picture whose timestamps started anywhere.
 */
export type CaptionTimelineSegment = {
  sn: number;
  /** Seconds. */
  dur: number;
  /** Program date of the segment's first frame, ms (the show clock). */
  pdt: number;
  disc: boolean;
  /** The video segment's first presentation timestamp, 90 kHz. */
  pts: number;
};

export type CaptionLine = { id: string; text: string; startMs: number; endMs: number };

const MPEGTS_WRAP = 2 ** 33;

function vttTime(ms: number): string {
  const t = Math.max(0, Math.round(ms));
  const h = Math.floor(t / 3_600_000);
  const m = Math.floor((t % 3_600_000) / 60_000);
  const s = Math.floor((t % 60_000) / 1000);
  const milli = t % 1000;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(h)}:${two(m)}:${two(s)}.${String(milli).padStart(3, '0')}`;
}

/** Cue text is plain text: markup characters escaped (which defuses a `-->` too), one line. */
function cueText(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replace(/\r\n?|\n/g, ' ');
}

/**
 * The WebVTT file of one segment: the lines on screen during it, each clipped to the segment so a
 * line that spans two segments shows as two adjacent cues.
 */
export function renderCaptionSegment(seg: CaptionTimelineSegment, lines: readonly CaptionLine[]): string {
  const endMs = seg.pdt + seg.dur * 1000;
  const out = [
    'WEBVTT',
    `X-TIMESTAMP-MAP=MPEGTS:${((seg.pts % MPEGTS_WRAP) + MPEGTS_WRAP) % MPEGTS_WRAP},LOCAL:00:00:00.000`,
    '',
  ];
  for (const line of lines) {
    const from = Math.max(line.startMs, seg.pdt);
    const to = Math.min(line.endMs, endMs);
    if (to <= from) continue;
    out.push(
      `${seg.sn}-${line.id}`,
      `${vttTime(from - seg.pdt)} --> ${vttTime(to - seg.pdt)}`,
      cueText(line.text),
      '',
    );
  }
  return `${out.join('\n')}\n`;
}

/**
 * The subtitle media playlist over the same run of segments as the video's (`listed`), with the
 * discontinuity sequence the video playlist carries for the first of them.
 */
export function renderCaptionPlaylist(opts: {
  /** A gap (replay-window.ts): a stretch of the replay without the video's picture, EXT-X-GAP. */
  listed: readonly (CaptionTimelineSegment | ReplayGap)[];
  discontinuitySequence: number;
  ended: boolean;
  vod: boolean;
  /** Appended to each segment URI (e.g. `?token=...`). */
  query?: string;
}): string {
  const { listed } = opts;
  const target = Math.max(2, ...listed.map((s) => Math.ceil(s.dur)));
  const lines = [
    '#EXTM3U',
    `#EXT-X-VERSION:${listed.some((s) => 'gap' in s) ? 8 : 3}`,
    `#EXT-X-TARGETDURATION:${target}`,
    `#EXT-X-MEDIA-SEQUENCE:${listed[0]?.sn ?? 0}`,
    `#EXT-X-DISCONTINUITY-SEQUENCE:${opts.discontinuitySequence}`,
  ];
  if (opts.vod) lines.push(`#EXT-X-PLAYLIST-TYPE:${opts.ended ? 'VOD' : 'EVENT'}`);
  listed.forEach((s, i) => {
    if (s.disc && i > 0) lines.push('#EXT-X-DISCONTINUITY');
    lines.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date(s.pdt).toISOString()}`);
    if ('gap' in s) lines.push('#EXT-X-GAP', `#EXTINF:${s.dur.toFixed(3)},`, 'gap.vtt');
    else lines.push(`#EXTINF:${s.dur.toFixed(3)},`, `${s.sn}.vtt${opts.query ?? ''}`);
  });
  if (opts.ended) lines.push('#EXT-X-ENDLIST');
  return `${lines.join('\n')}\n`;
}
