import { quoted } from './live-window.ts';

export type VodPlaylistOptions = {
  /** Segments in one loop of the stream: the on-demand rendition lists each once. */
  segmentCount: number;
  segmentDurationMs: number;
  /** URI of a segment, relative to the playlist. */
  segmentUri: (loopIndex: number) => string;
  /** AES-128 key of every segment (the same key and key route as live); absent for subtitles. */
  key?: { uri: string; iv: string };
};

/**
 * The on-demand rendition of a looped stream, for a replay or a re-airing that is watched at the
 * viewer's own pace: the same segments as the live playlist, listed once from the start with
 * EXT-X-ENDLIST, so players show a scrubber and a duration instead of a live edge (viewing section 2).
 */
export function renderVodPlaylist(opts: VodPlaylistOptions): string {
  const duration = (opts.segmentDurationMs / 1000).toFixed(3);
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${Math.ceil(opts.segmentDurationMs / 1000)}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    '#EXT-X-INDEPENDENT-SEGMENTS',
  ];
  if (opts.key) lines.push(`#EXT-X-KEY:METHOD=AES-128,URI=${quoted(opts.key.uri)},IV=${opts.key.iv}`);
  for (let i = 0; i < opts.segmentCount; i++) lines.push(`#EXTINF:${duration},`, opts.segmentUri(i));
  lines.push('#EXT-X-ENDLIST');
  return `${lines.join('\n')}\n`;
}
