import { spsCodecBytes } from './avc-codec.ts';

/**
 * Cuts one live MPEG-TS stream (ffmpeg's output for one rung, read from a pipe) into the partial
 * segments of low-latency HLS and the segments they make up (issue 24, docs/media.md section 9.4).
 *
 * ffmpeg's segment muxer cuts at keyframes only, or anywhere (`break_non_keyframes`) but then not at
 * the keyframes; LL-HLS needs both: parts of about a third of a second that need no keyframe, a
 * part boundary at every keyframe (so INDEPENDENT=YES parts exist), and segments made of whole
 * parts. So Encore reads the transport stream itself and cuts between 188-byte packets before a
 * video frame's first packet:
 * - a part ends before a keyframe, or before the frame that would take it past the part target;
 * - a segment ends at every keyframe, and at a part boundary once it is a little over
 *   `segmentTarget`, so that no segment rounds above the target (one EXT-X-TARGETDURATION for the stream's life,
 *   whatever the encoder's keyframe interval; a 2 s GOP makes two 1 s segments, the second
 *   starting without a keyframe);
 * - nothing before the run's first keyframe is kept (the sound an encoder sends before its first
 *   picture made every run's first segment twice as long as the others).
 * Every part starts with the stream's PAT and PMT, so a player can start at any INDEPENDENT part.
 */
const PACKET = 188;
const CLOCK = 90_000;
/** Slack for frame timestamps in milliseconds (29.97 fps frames are 33.37 ms). */
const EPS = 0.0015;

export type TsPart = {
  /** The part's bytes (PAT and PMT first), clear. */
  bytes: Buffer;
  /** First picture's presentation time on the stream's timeline (90 kHz). */
  pts: number;
  /** Seconds. */
  duration: number;
  /** It begins with a keyframe. */
  independent: boolean;
  /** It begins a new segment (the first part of a run always does). */
  segmentStart: boolean;
  /** The SPS's codec bytes of the run (set once one was seen). */
  codec: Uint8Array | null;
};

export type TsChunkerOptions = {
  partTarget: number;
  segmentTarget: number;
  onPart: (part: TsPart) => void;
};

type Frame = { time: number; key: boolean };

function readTimestamp(b: Uint8Array, at: number): number {
  const v = (i: number) => b[at + i] ?? 0;
  return ((v(0) >> 1) & 0x07) * 2 ** 30 + (v(1) << 22) + ((v(2) >> 1) << 15) + (v(3) << 7) + (v(4) >> 1);
}

/** Offset of a packet's payload, or -1 without one. */
function payloadAt(pkt: Uint8Array): number {
  const flags = pkt[3] ?? 0;
  if ((flags & 0x10) === 0) return -1;
  return flags & 0x20 ? 5 + (pkt[4] ?? 0) : 4;
}

/** A video PES start: its presentation-order time (DTS + the keyframe's reorder delay) and keyframe flag. */
function videoFrame(pkt: Uint8Array, p: number): { pts: number; dts: number; key: boolean } | null {
  if (pkt[p] !== 0 || pkt[p + 1] !== 0 || pkt[p + 2] !== 1) return null;
  const id = pkt[p + 3] ?? 0;
  if (id < 0xe0 || id > 0xef) return null;
  const flags = pkt[p + 7] ?? 0;
  if ((flags & 0x80) === 0) return null;
  const pts = readTimestamp(pkt, p + 9);
  const dts = flags & 0x40 ? readTimestamp(pkt, p + 14) : pts;
  // ffmpeg's muxer marks a keyframe's first packet as a random access point.
  const key = ((pkt[3] ?? 0) & 0x20) !== 0 && (pkt[4] ?? 0) > 0 && ((pkt[5] ?? 0) & 0x40) !== 0;
  return { pts, dts, key };
}

export function createTsChunker(opts: TsChunkerOptions) {
  // A segment without a keyframe ahead is closed at the first part boundary past this: late enough
  // that a keyframe a little late (an encoder timing its frames by the wall clock) still starts the
  // next one, early enough that the segment (at most one part longer) rounds to the target.
  const cap = opts.segmentTarget + 0.5 - opts.partTarget - 0.05;
  let rest = Buffer.alloc(0);
  let pmtPid = -1;
  let videoPid = -1;
  let pat: Buffer | null = null;
  let pmt: Buffer | null = null;
  let codec: Uint8Array | null = null;
  let reorder = 0;
  let packets: Buffer[] = [];
  let part: { start: number; key: boolean; segmentStart: boolean } | null = null;
  let segmentStartTime = 0;
  let last: Frame | null = null;
  let frameLength = 1 / 30;

  const emit = (end: number) => {
    if (!part || packets.length === 0) return;
    const head = [pat, pmt].filter((b): b is Buffer => b !== null);
    opts.onPart({
      bytes: Buffer.concat([...head, ...packets]),
      pts: Math.round(part.start * CLOCK),
      duration: Math.max(0.001, Math.round((end - part.start) * 1e6) / 1e6),
      independent: part.key,
      segmentStart: part.segmentStart,
      codec,
    });
    packets = [];
  };

  const onFrame = (pkt: Buffer, p: number): void => {
    const f = videoFrame(pkt, p);
    if (!f) return;
    if (f.key) reorder = f.pts - f.dts;
    const time = (f.dts + reorder) / CLOCK;
    if (last && time > last.time) frameLength = time - last.time;
    if (!part) {
      if (!f.key) return;
      part = { start: time, key: true, segmentStart: true };
      segmentStartTime = time;
      packets = [];
    } else {
      const intoPart = time - part.start;
      const intoSegment = time - segmentStartTime;
      const full = intoPart + frameLength > opts.partTarget + EPS;
      if (f.key || full) {
        // Every keyframe begins a segment, so a short part before it is always its segment's last
        // (parts but the last must be most of the part target) and segments start where players can.
        const segmentStart = f.key || intoSegment >= cap;
        emit(time);
        part = { start: time, key: f.key, segmentStart };
        if (segmentStart) segmentStartTime = time;
      }
    }
    last = { time, key: f.key };
    if (f.key && !codec) codec = spsCodecBytes(pkt.subarray(p));
  };

  const onPacket = (pkt: Buffer): void => {
    const pid = (((pkt[1] ?? 0) & 0x1f) << 8) | (pkt[2] ?? 0);
    const start = ((pkt[1] ?? 0) & 0x40) !== 0;
    const p = payloadAt(pkt);
    if (pid === 0 && start && p >= 0) {
      pat = Buffer.from(pkt);
      // The first program's PMT PID (section after the pointer field; entries from byte 8).
      const s = p + 1 + (pkt[p] ?? 0);
      for (
        let e = s + 8;
        e + 4 <= s + 3 + ((((pkt[s + 1] ?? 0) & 0x0f) << 8) | (pkt[s + 2] ?? 0)) - 4;
        e += 4
      ) {
        const program = ((pkt[e] ?? 0) << 8) | (pkt[e + 1] ?? 0);
        if (program !== 0) {
          pmtPid = (((pkt[e + 2] ?? 0) & 0x1f) << 8) | (pkt[e + 3] ?? 0);
          break;
        }
      }
      return;
    }
    if (pid === pmtPid && start) {
      pmt = Buffer.from(pkt);
      return;
    }
    if (start && p >= 0 && (videoPid === -1 || pid === videoPid)) {
      const before = part;
      onFrame(pkt, p);
      if (videoPid === -1 && videoFrame(pkt, p)) videoPid = pid;
      if (!before && !part) return;
    }
    if (part) packets.push(Buffer.from(pkt));
  };

  return {
    push(chunk: Buffer): void {
      const buf = rest.length > 0 ? Buffer.concat([rest, chunk]) : chunk;
      let at = 0;
      while (at + PACKET <= buf.length) {
        if (buf[at] !== 0x47) {
          // Lost sync: find the next sync byte.
          at++;
          continue;
        }
        onPacket(buf.subarray(at, at + PACKET));
        at += PACKET;
      }
      rest = Buffer.from(buf.subarray(at));
    },
    /** The stream ended: the part in progress ends one frame after its last frame. */
    end(): void {
      if (last) emit(last.time + frameLength);
      part = null;
    },
  };
}
