import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, forbidden, notFound, unauthorized } from '../errors.ts';
import {
  type LiveIndexReader,
  type LiveRung,
  type LiveSegment,
  liveSegmentFile,
  playableRungs,
} from './live-index.ts';
import { type ReairingClock, reairingView } from './live-reairing.ts';
import { quoted } from './live-window.ts';
import { SUBTITLE_GROUP, subtitleMedia } from './master-playlist.ts';
import type { KeyAuthorizer } from './media.routes.ts';
import { CACHE, sendFile } from './media-http.ts';

/** The AES-128 key of a live stream: id (in key URIs), IV (explicit in playlists) and the 16 bytes. */
export type LiveKey = { id: string; iv: string; key: Buffer };

export type LiveOriginOptions = {
  liveDir: string;
  indexes: LiveIndexReader;
  keyOf: (slug: string, stream: string) => Promise<LiveKey | null>;
  keyAuthorizer: KeyAuthorizer;
  keyUriBase?: string;
  /** Segments per live playlist; the demo's two minutes by default. */
  windowSize?: number;
  /** The show's live caption languages (a subtitle rendition each); none without. */
  subtitlesOf?: (slug: string) => Promise<{ lang: string; name: string }[]>;
  /** The re-airing on now for a show (live-reairing.ts); its recording then plays as a live stream. */
  reairingOf?: (slug: string) => Promise<ReairingClock | null>;
};

const M3U8 = 'application/vnd.apple.mpegurl';
const Slug = z.string().regex(/^[a-z0-9][a-z0-9-]{0,99}$/);
const Stream = z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/);
const Rung = z.string().regex(/^[a-z0-9]{1,16}$/);
const TokenQuery = z.object({
  token: z
    .string()
    .regex(/^[\w.~-]{1,2048}$/)
    .optional(),
});

const notOnAir = () =>
  new AppError('NOT_ON_AIR', 404, 'This stream has not been pushed yet.', { retryAfter: 2 });

const tokenSuffix = (token: string | undefined, sep: '?' | '&') =>
  token ? `${sep}token=${encodeURIComponent(token)}` : '';

/** Players stay this many typical segments behind the live edge of a pushed stream. */
export const LIVE_HOLD_BACK_SEGMENTS = 3;

/** A media playlist over a run of segments (the live window, or the whole recording). */
export function renderLivePlaylist(opts: {
  rung: LiveRung;
  listed: LiveSegment[];
  ended: boolean;
  vod: boolean;
  key: { uri: string; iv: string };
}): string {
  const { rung, listed } = opts;
  const first = listed[0];
  const firstIndex = first ? rung.segments.indexOf(first) : 0;
  // Every segment keeps its discontinuity number in every version of the playlist.
  const discBefore = rung.segments.slice(0, firstIndex + 1).filter((s, i) => s.disc && i > 0).length;
  // RFC 8216: every EXTINF rounded to the nearest integer is at most the target. Ingest cuts 1 s
  // segments, and a player's live sync and playlist reloads scale with the target.
  const target = Math.max(1, ...listed.map((s) => Math.round(s.dur)));
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${target}`,
    `#EXT-X-MEDIA-SEQUENCE:${first?.sn ?? 0}`,
    `#EXT-X-DISCONTINUITY-SEQUENCE:${discBefore}`,
    '#EXT-X-INDEPENDENT-SEGMENTS',
  ];
  if (opts.vod) lines.push(`#EXT-X-PLAYLIST-TYPE:${opts.ended ? 'VOD' : 'EVENT'}`);
  // Where players sit behind the live edge: three typical segments (hls.js reads HOLD-BACK; without it,
  // three target durations). A run's first segment can be twice the others (the feed's audio before
  // its first keyframe) and sets the target for the whole window; the typical one sets the distance.
  if (!opts.ended && !opts.vod && listed.length > 0) {
    const sorted = listed.map((s) => s.dur).sort((a, b) => a - b);
    const typical = Math.max(1, Math.round(sorted[Math.floor(sorted.length / 2)] ?? target));
    lines.push(`#EXT-X-SERVER-CONTROL:HOLD-BACK=${(LIVE_HOLD_BACK_SEGMENTS * typical).toFixed(1)}`);
  }
  lines.push(`#EXT-X-KEY:METHOD=AES-128,URI=${quoted(opts.key.uri)},IV=${opts.key.iv}`);
  listed.forEach((s, i) => {
    if (s.disc && i > 0) lines.push('#EXT-X-DISCONTINUITY');
    lines.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date(s.pdt).toISOString()}`);
    lines.push(`#EXTINF:${s.dur.toFixed(3)},`, `${s.sn}.ts`);
  });
  if (opts.ended) lines.push('#EXT-X-ENDLIST');
  return `${lines.join('\n')}\n`;
}

/**
 * The live origin of pushed feeds (issue 11, docs/media.md section 9): the same HLS as the demo's
 * (multivariant playlist with the ladder, live media playlists with one program-date clock, AES-128
 * behind the DRM token) read from the packagers' indexes under `/media/live/<slug>/<stream>/`.
 * After End show the live playlist lists the whole recording with EXT-X-ENDLIST: the replay.
 */
export function liveOriginRoutes(opts: LiveOriginOptions): FastifyPluginAsyncZod {
  const windowSize = opts.windowSize ?? 60;
  const keyUriBase = opts.keyUriBase ?? '';
  return async (app) => {
    app.get(
      '/media/live/:slug/:stream/index.m3u8',
      {
        schema: {
          tags: ['media'],
          params: z.object({ slug: Slug, stream: Stream }),
          querystring: TokenQuery,
        },
      },
      async (req, reply) => {
        const { slug, stream } = req.params;
        const index = await opts.indexes.get(slug, stream);
        const rungs = playableRungs(index?.rungs ?? []);
        if (rungs.length === 0) throw notOnAir();
        const query = tokenSuffix(req.query.token, '?');
        const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
        const subtitles = (await opts.subtitlesOf?.(slug)) ?? [];
        for (const c of subtitles) lines.push(subtitleMedia(c, `captions/${c.lang}/live.m3u8${query}`));
        for (const r of [...rungs].sort((a, b) => b.bandwidth - a.bandwidth)) {
          const attrs = [`BANDWIDTH=${Math.max(1, r.bandwidth)}`];
          if (subtitles.length > 0) attrs.push(`SUBTITLES=${quoted(SUBTITLE_GROUP)}`);
          if (r.width && r.height) attrs.push(`RESOLUTION=${r.width}x${r.height}`);
          if (r.frameRate) attrs.push(`FRAME-RATE=${r.frameRate.toFixed(3)}`);
          if (r.codecs) attrs.push(`CODECS=${quoted(r.codecs)}`);
          lines.push(`#EXT-X-STREAM-INF:${attrs.join(',')}`, `${r.name}/live.m3u8${query}`);
        }
        const cache = req.query.token ? CACHE.live.replace('public', 'private') : CACHE.live;
        return reply
          .header('cache-control', cache)
          .type(M3U8)
          .send(`${lines.join('\n')}\n`);
      },
    );

    for (const playlist of ['live', 'vod'] as const) {
      app.get(
        `/media/live/:slug/:stream/:rung/${playlist}.m3u8`,
        {
          schema: {
            tags: ['media'],
            params: z.object({ slug: Slug, stream: Stream, rung: Rung }),
            querystring: TokenQuery,
          },
        },
        async (req, reply) => {
          const { slug, stream } = req.params;
          const index = await opts.indexes.get(slug, stream);
          const rung = index?.rungs.find((r) => r.name === req.params.rung);
          if (!index || !rung || rung.segments.length === 0) throw notOnAir();
          const key = await opts.keyOf(slug, stream);
          if (!key) throw notFound('No such stream.');
          const whole = playlist === 'vod' || index.ended;
          // A recording re-aired now plays as a live stream on the re-airing's clock.
          const clock = index.ended && playlist === 'live' ? await opts.reairingOf?.(slug) : null;
          const aired = clock ? reairingView(rung, clock, Date.now(), windowSize) : undefined;
          if (aired === null) throw notOnAir();
          const body = renderLivePlaylist({
            rung: aired?.rung ?? rung,
            listed: aired?.listed ?? (whole ? rung.segments : rung.segments.slice(-windowSize)),
            ended: aired?.ended ?? index.ended,
            vod: playlist === 'vod',
            key: {
              uri: `${keyUriBase}/media/live/${slug}/keys/${stream}?kid=${key.id}${tokenSuffix(req.query.token, '&')}`,
              iv: key.iv,
            },
          });
          const cache = index.ended && !aired ? CACHE.sidecar : CACHE.live;
          reply.header('cache-control', req.query.token ? cache.replace('public', 'private') : cache);
          return reply.type(M3U8).send(body);
        },
      );
    }

    app.get(
      '/media/live/:slug/:stream/:rung/:file',
      {
        schema: {
          tags: ['media'],
          params: z.object({
            slug: Slug,
            stream: Stream,
            rung: Rung,
            file: z.string().regex(/^\d{1,9}\.ts$/),
          }),
        },
      },
      async (req, reply) => {
        const { slug, stream, rung, file } = req.params;
        const sn = Number(path.basename(file, '.ts'));
        return sendFile(
          reply,
          liveSegmentFile(opts.liveDir, slug, stream, rung, sn),
          'video/mp2t',
          CACHE.immutable,
        );
      },
    );

    app.get(
      '/media/live/:slug/keys/:stream',
      {
        schema: {
          tags: ['media'],
          params: z.object({ slug: Slug, stream: Stream }),
          querystring: TokenQuery.extend({
            kid: z
              .string()
              .regex(/^[0-9a-f]{8,64}$/)
              .optional(),
          }),
        },
      },
      async (req, reply) => {
        const { slug, stream } = req.params;
        const key = await opts.keyOf(slug, stream);
        if (!key) throw notFound('No such key.');
        if (!(await opts.keyAuthorizer(req, stream, slug))) {
          throw req.headers.authorization || req.query.token ? forbidden() : unauthorized();
        }
        if (req.query.kid && req.query.kid !== key.id) throw notFound('No such key.');
        return reply.header('cache-control', CACHE.key).type('application/octet-stream').send(key.key);
      },
    );
  };
}
