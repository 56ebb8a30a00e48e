/**
 * The first video presentation timestamp of an MPEG-TS segment (90 kHz), read from the PES headers:
 * live captions map their WebVTT time 0 to it (X-TIMESTAMP-MAP). Reading the header of the first
 * video PES needs no demuxer: a packet with payload_unit_start set carries a PES start, whose stream
 * id says video (0xE0 to 0xEF) and whose flags say whether a PTS follows.
 */
const PACKET = 188;

export function firstVideoPts(ts: Uint8Array): number | null {
  return firstPts(ts, 0xe0, 0xef);
}

/** The first audio presentation timestamp (MPEG audio PES stream ids 0xC0 to 0xDF): live DASH's audio. */
export function firstAudioPts(ts: Uint8Array): number | null {
  return firstPts(ts, 0xc0, 0xdf);
}

function firstPts(ts: Uint8Array, idMin: number, idMax: number): number | null {
  for (let at = 0; at + PACKET <= ts.length; at += PACKET) {
    if (ts[at] !== 0x47) return null;
    const b1 = ts[at + 1] ?? 0;
    const b3 = ts[at + 3] ?? 0;
    if ((b1 & 0x40) === 0 || (b3 & 0x10) === 0) continue; // no PES start, or no payload
    let p = at + 4;
    if (b3 & 0x20) p += 1 + (ts[p] ?? 0); // adaptation field
    if (p + 14 > at + PACKET) continue;
    if (ts[p] !== 0 || ts[p + 1] !== 0 || ts[p + 2] !== 1) continue;
    const streamId = ts[p + 3] ?? 0;
    if (streamId < idMin || streamId > idMax) continue;
    if (((ts[p + 7] ?? 0) & 0x80) === 0) continue; // no PTS
    const b = (i: number) => ts[p + 9 + i] ?? 0;
    // 33 bits over five bytes with marker bits; multiplication keeps bit 32 (past 32-bit ints).
    return ((b(0) >> 1) & 0x07) * 2 ** 30 + (b(1) << 22) + ((b(2) >> 1) << 15) + (b(3) << 7) + (b(4) >> 1);
  }
  return null;
}
