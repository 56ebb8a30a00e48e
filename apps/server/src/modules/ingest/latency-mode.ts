import type { Show, Streams } from '@encore/contract';

/**
 * The playlists a fan's player is given for a live-ingest show's pushed streams, by the show's
 * latency mode (issue 24, docs/media.md 9.4): low-latency HLS (`ll.m3u8`, marked `low_latency` for
 * hls.js's lowLatencyMode), standard HLS (`index.m3u8`, as stored) or standard HLS capped at 480p
 * (`lite.m3u8`). Applied when the video answer is made, so a mode changed in Setup reaches the next
 * player that opens; the demo loop and external URLs are left as they are.
 */
export function streamsForLatencyMode(show: Show): Streams {
  const mode = show.latency_mode ?? 'standard';
  if (mode === 'standard') return show.streams;
  const origin = new RegExp(`^/media/live/${show.slug}/[a-z0-9-]+/index\\.m3u8$`);
  return Object.fromEntries(
    Object.entries(show.streams).map(([name, source]) => {
      if (!origin.test(source.hls.url)) return [name, source];
      const hls =
        mode === 'low'
          ? { url: source.hls.url.replace(/index\.m3u8$/, 'll.m3u8'), low_latency: true }
          : { url: source.hls.url.replace(/index\.m3u8$/, 'lite.m3u8') };
      return [name, { ...source, hls }];
    }),
  );
}
