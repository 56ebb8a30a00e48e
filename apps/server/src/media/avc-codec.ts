/**
 * RFC 6381 codec strings of H.264 read from the stream itself (issue 24): `avc1.PPCCLL` is the SPS's
 * profile_idc, its constraint-flag byte and level_idc, in hex. Guessing the middle byte from the
 * profile's name (a Baseline 240p rung is `42c0`, constrained, not `42e0`) gave strict players a
 * codec the stream is not; the MPD's string (from the avcC box, which copies those three bytes) and
 * the HLS CODECS are both built here.
 */
export function avcCodecOf(profileCompatLevel: Uint8Array): string | null {
  if (profileCompatLevel.length < 3) return null;
  const hex = Array.from(profileCompatLevel.subarray(0, 3), (b) => b.toString(16).padStart(2, '0')).join('');
  return `avc1.${hex}`;
}

/** The SPS's three codec bytes in an Annex B byte stream (MPEG-TS PES payload), if one is there. */
export function spsCodecBytes(annexB: Uint8Array): Uint8Array | null {
  for (let i = 0; i + 6 < annexB.length; i++) {
    if (annexB[i] !== 0 || annexB[i + 1] !== 0 || annexB[i + 2] !== 1) continue;
    if (((annexB[i + 3] ?? 0) & 0x1f) === 7) return annexB.subarray(i + 4, i + 7);
  }
  return null;
}

/** The CODECS attribute of an HLS variant: the video's from its SPS, and AAC-LC when it has sound. */
export function hlsCodecs(video: string | null, audio: boolean): string | null {
  if (!video) return null;
  return audio ? `${video},mp4a.40.2` : video;
}
