/**
 * The live window over looped media: which segments a live playlist lists at a given instant.
 *
 * Segment k (counted from the epoch) starts at epoch + k * segmentDuration on the wall clock and plays
 * the loop's file number k mod segmentCount. Everything is derived from the clock alone, so every
 * stream, every node behind a load balancer and every restart agree on the same moment without shared
 * state: switching angle keeps the moment, and any node can answer any playlist request.
 */
export type LiveWindowInput = {
  nowMs: number;
  /** The instant segment 0 started; one epoch for all streams. */
  epochMs: number;
  segmentDurationMs: number;
  /** Segments in one loop of this stream. */
  segmentCount: number;
  /** Segments listed in the playlist. */
  windowSize: number;
};

export type WindowSegment = {
  /** Media sequence number: segments since the epoch. */
  sequence: number;
  /** Which file of the loop this segment plays. */
  loopIndex: number;
  /** The loop wraps before this segment, so timestamps restart: EXT-X-DISCONTINUITY. */
  discontinuity: boolean;
  /** Wall-clock start, for EXT-X-PROGRAM-DATE-TIME. */
  startMs: number;
};

export type LiveWindow = {
  mediaSequence: number;
  /** Discontinuity sequence number of the first listed segment: the loops completed before it. */
  discontinuitySequence: number;
  targetDuration: number;
  segmentDurationMs: number;
  segments: WindowSegment[];
};

/**
 * The window ending with the newest segment that has completely elapsed at `nowMs`, as a live encoder
 * would have it: the segment in progress is never listed. So the media sequence is
 * floor((now - epoch) / segmentDuration) - windowSize and advances by one per segment duration.
 */
export function computeLiveWindow(input: LiveWindowInput): LiveWindow {
  const { nowMs, epochMs, segmentDurationMs, segmentCount, windowSize } = input;
  if (!(segmentDurationMs > 0) || segmentCount < 1 || windowSize < 1) {
    throw new RangeError('segment duration, segment count and window size must be positive');
  }
  const completed = Math.floor((nowMs - epochMs) / segmentDurationMs);
  if (completed < windowSize) throw new RangeError('the epoch must lie at least one window in the past');
  const mediaSequence = completed - windowSize;
  const segments: WindowSegment[] = [];
  for (let sequence = mediaSequence; sequence < completed; sequence++) {
    const loopIndex = sequence % segmentCount;
    segments.push({
      sequence,
      loopIndex,
      // The first listed segment carries its discontinuity in the discontinuity sequence instead.
      discontinuity: loopIndex === 0 && sequence !== mediaSequence,
      startMs: epochMs + sequence * segmentDurationMs,
    });
  }
  return {
    mediaSequence,
    discontinuitySequence: Math.floor(mediaSequence / segmentCount),
    targetDuration: Math.ceil(segmentDurationMs / 1000),
    segmentDurationMs,
    segments,
  };
}

export type MediaPlaylistOptions = {
  /** URI of a segment, relative to the playlist. */
  segmentUri: (loopIndex: number) => string;
  /** AES-128 key of every segment; absent for subtitles. */
  key?: { uri: string; iv: string };
};

/** Quoted-string attribute values of HLS may hold neither a double quote nor a line break. */
export function quoted(value: string): string {
  if (/["\r\n]/.test(value)) throw new RangeError(`not allowed in an HLS quoted string: ${value}`);
  return `"${value}"`;
}

/** An HLS live media playlist (RFC 8216) of the window: no EXT-X-ENDLIST, so players keep reloading. */
export function renderMediaPlaylist(window: LiveWindow, opts: MediaPlaylistOptions): string {
  const duration = (window.segmentDurationMs / 1000).toFixed(3);
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${window.targetDuration}`,
    `#EXT-X-MEDIA-SEQUENCE:${window.mediaSequence}`,
    `#EXT-X-DISCONTINUITY-SEQUENCE:${window.discontinuitySequence}`,
    '#EXT-X-INDEPENDENT-SEGMENTS',
  ];
  // One key for the stream; a key tag stays in force across discontinuities.
  if (opts.key) lines.push(`#EXT-X-KEY:METHOD=AES-128,URI=${quoted(opts.key.uri)},IV=${opts.key.iv}`);
  for (const s of window.segments) {
    if (s.discontinuity) lines.push('#EXT-X-DISCONTINUITY');
    // On every segment, so the clock is exact after each discontinuity and players can align angles.
    lines.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date(s.startMs).toISOString()}`);
    lines.push(`#EXTINF:${duration},`, opts.segmentUri(s.loopIndex));
  }
  return `${lines.join('\n')}\n`;
}

/** Every loop length of the demo (20 s angles and captions, 6 s 4K) divides a minute. */
const EPOCH_ALIGN_MS = 60_000;

/**
 * The epoch of a media build: the minute boundary an hour before it was generated (so that a full
 * window exists from the first second). Counting from
 * the build rather than from 1970 keeps EXT-X-DISCONTINUITY-SEQUENCE small (one per 20 s loop since
 * the build): hls.js walks its per-discontinuity arrays from index 0 on every playlist load, so a
 * sequence in the tens of millions cost each viewer about a second of main thread per reload. Every
 * node serving the same build (DESIGN.md: ship one build to all nodes) computes the same epoch.
 */
export function epochOfBuild(generatedAt: string): number {
  return Math.floor(Date.parse(generatedAt) / EPOCH_ALIGN_MS) * EPOCH_ALIGN_MS - 60 * EPOCH_ALIGN_MS;
}
