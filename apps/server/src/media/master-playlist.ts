import { quoted } from './live-window.ts';
import type { MediaStream } from './media-catalog.ts';

export const SUBTITLE_GROUP = 'subs';

/** One caption language as a WebVTT subtitle rendition, which hls.js and Safari show as a text track. */
export function subtitleMedia(c: { lang: string; name: string }, uri: string): string {
  return (
    `#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID=${quoted(SUBTITLE_GROUP)},NAME=${quoted(c.name)},` +
    `LANGUAGE=${quoted(c.lang)},DEFAULT=NO,AUTOSELECT=YES,FORCED=NO,URI=${quoted(uri)}`
  );
}

export type MasterPlaylistOptions = {
  stream: MediaStream;
  /** Caption languages; listed only for a stream that loops with the captions. */
  captions: { lang: string; name: string }[];
  /** Appended to every playlist URI (e.g. `?token=...`), for players that cannot send headers. */
  query?: string;
  /** Which media playlists to point at: the live window (default) or the on-demand rendition. */
  playlist?: 'live' | 'vod';
};

/**
 * The multivariant playlist of a stream: one EXT-X-STREAM-INF per rung of its ladder and the captions
 * as a WebVTT subtitle rendition group, which hls.js and Safari both show as text tracks. URIs are
 * relative, so the same playlist works behind a CDN or a path prefix.
 */
export function renderMasterPlaylist(opts: MasterPlaylistOptions): string {
  const { stream, query = '', playlist = 'live' } = opts;
  const captions = stream.captions ? opts.captions : [];
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const c of captions) lines.push(subtitleMedia(c, `../captions/${c.lang}/${playlist}.m3u8${query}`));
  // Highest first: players that take the first variant as the start level begin in good quality.
  const variants = [...stream.variants].sort((a, b) => b.bandwidth - a.bandwidth);
  for (const v of variants) {
    const attrs = [
      `BANDWIDTH=${v.bandwidth}`,
      `AVERAGE-BANDWIDTH=${v.averageBandwidth}`,
      `RESOLUTION=${v.width}x${v.height}`,
      `FRAME-RATE=${v.frameRate.toFixed(3)}`,
      `CODECS=${quoted(v.codecs)}`,
    ];
    if (captions.length > 0) attrs.push(`SUBTITLES=${quoted(SUBTITLE_GROUP)}`);
    lines.push(`#EXT-X-STREAM-INF:${attrs.join(',')}`, `${v.name}/${playlist}.m3u8${query}`);
  }
  return `${lines.join('\n')}\n`;
}
