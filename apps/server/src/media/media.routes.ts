import path from 'node:path';
import type { DrmSystem } from '@encore/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden, notFound, unauthorized } from '../errors.ts';
import { dashRoutes } from './dash.routes.ts';
import { computeLiveWindow, epochOfBuild, renderMediaPlaylist } from './live-window.ts';
import { renderMasterPlaylist } from './master-playlist.ts';
import {
  type Catalog,
  captionFilePath,
  captionSegmentPath,
  createMediaCatalog,
  type MediaCatalog,
  segmentPath,
} from './media-catalog.ts';
import { CACHE, notReady, sendFile, streamOf } from './media-http.ts';
import { renderVodPlaylist } from './vod-playlist.ts';

/**
 * Decides whether this request may have the AES-128 key of `stream` (a ticket holder's short-lived DRM
 * token, DESIGN.md section 6). Resolve true to hand out the key; false answers 401 when the request
 * carries no credentials at all (no Authorization header, no `token` query) and 403 otherwise. Throw an
 * AppError for any other answer (the app's authorizer, VideoService.authorizeKey, always throws its own).
 */
export type KeyAuthorizer = (
  request: FastifyRequest,
  stream: string,
  /** Set for a live-ingest show's key (/media/live/<slug>/keys/<stream>); absent for the demo's. */
  liveSlug?: string,
) => boolean | Promise<boolean>;

export type MediaRoutesOptions = {
  /** The directory holding manifest.json (scripts/generate-media.mjs --out). */
  mediaDir: string;
  keyAuthorizer: KeyAuthorizer;
  now?: () => number;
  /** Start of segment 0 for every stream; by default derived from the build (epochOfBuild). */
  epochMs?: number;
  /** Segments per live playlist (default 60: two minutes, see LIVE_WINDOW_SEGMENTS). */
  windowSize?: number;
  /** Where players fetch keys: the origin itself by default, never the CDN. */
  keyUriBase?: string;
  /** The cache to serve, when the app shares it (health check); else one over `mediaDir`. */
  catalog?: MediaCatalog;
  /** Provider key systems (DRMtoday path) that the DASH manifests name beside ClearKey. */
  drmSystems?: readonly DrmSystem[];
};

/** The media cache in the repository, where `npm start` generates it. */
export const DEFAULT_MEDIA_DIR = path.resolve(import.meta.dirname, '../../../../media-cache');

const M3U8 = 'application/vnd.apple.mpegurl';

/**
 * Two minutes of 2 s segments per live playlist. The live scrubber covers 110 s (viewing section 9),
 * and a viewer whose picture fell behind (a slow device, a stall) must still find the moment it shows
 * in every other angle's playlist when switching; with a 12 s window such a viewer was pushed to the
 * live edge instead.
 */
export const LIVE_WINDOW_SEGMENTS = 60;

const Name = z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/);
const Variant = z.string().regex(/^[a-z0-9]{1,16}$/);
const Lang = z.string().regex(/^[a-z]{2}(-[a-z]{2})?$/);
// DRM tokens are URL-safe (JWT or random); anything else could break out of a playlist's quoted URI.
const TokenQuery = z.object({
  token: z
    .string()
    .regex(/^[\w.~-]{1,2048}$/)
    .optional(),
});
const SEGMENT_FILE = /^([0-9a-f]{8})-(\d{5})\.ts$/;
const CAPTION_SEGMENT_FILE = /^([0-9a-f]{8})-(\d{5})\.vtt$/;

const pad = (i: number) => String(i).padStart(5, '0');

/** Parses `<buildId>-<index>.<ext>`; a file of another build or beyond the loop does not exist. */
function loopIndexOf(c: Catalog, file: string, pattern: RegExp, segmentCount: number): number {
  const m = pattern.exec(file);
  const index = Number(m?.[2]);
  if (!m || m[1] !== c.manifest.buildId || !(index < segmentCount)) throw notFound();
  return index;
}

/**
 * The media origin: live HLS over the looped demo media (docs/media.md). Playlists are computed from
 * the clock, segments and captions are immutable files, and keys go only to authorized viewers.
 */
export function mediaRoutes(opts: MediaRoutesOptions): FastifyPluginAsyncZod {
  const now = opts.now ?? Date.now;
  const windowSize = opts.windowSize ?? LIVE_WINDOW_SEGMENTS;
  const keyUriBase = opts.keyUriBase ?? '/media/keys';
  const catalog = opts.catalog ?? createMediaCatalog(opts.mediaDir, now);

  async function ready(): Promise<Catalog> {
    const c = await catalog.current();
    if (!c) throw notReady();
    return c;
  }

  const epochOf = (c: Catalog) => opts.epochMs ?? epochOfBuild(c.manifest.generatedAt);

  function window(c: Catalog, segmentCount: number) {
    return computeLiveWindow({
      nowMs: now(),
      epochMs: epochOf(c),
      segmentDurationMs: Math.round(c.manifest.segmentDuration * 1000),
      segmentCount,
      windowSize,
    });
  }

  const vod = (c: Catalog, segmentCount: number) => ({
    segmentCount,
    segmentDurationMs: Math.round(c.manifest.segmentDuration * 1000),
  });

  const tokenSuffix = (token: string | undefined, sep: '?' | '&') =>
    token ? `${sep}token=${encodeURIComponent(token)}` : '';

  return async (app) => {
    await app.register(
      dashRoutes({
        ready,
        now,
        epochOf,
        windowSize,
        drmSystems: opts.drmSystems ?? [],
      }),
    );

    // Each playlist in two renditions: the live window over the loop, and on demand (a replay or a
    // re-airing watched at the viewer's pace: the loop once, EXT-X-ENDLIST), through the same segments
    // and the same key route, so the key protection is the same for both.
    for (const playlist of ['live', 'vod'] as const) {
      app.get(
        playlist === 'live' ? '/media/:stream/index.m3u8' : '/media/:stream/vod.m3u8',
        { schema: { tags: ['media'], params: z.object({ stream: Name }), querystring: TokenQuery } },
        async (req, reply) => {
          const c = await ready();
          const stream = streamOf(c, req.params.stream);
          const { token } = req.query;
          const body = renderMasterPlaylist({
            stream,
            captions: c.manifest.captions.languages,
            query: tokenSuffix(token, '?'),
            playlist,
          });
          reply.header('cache-control', token ? CACHE.master.replace('public', 'private') : CACHE.master);
          return reply.type(M3U8).send(body);
        },
      );

      app.get(
        `/media/:stream/:variant/${playlist}.m3u8`,
        {
          schema: {
            tags: ['media'],
            params: z.object({ stream: Name, variant: Variant }),
            querystring: TokenQuery,
          },
        },
        async (req, reply) => {
          const c = await ready();
          const { stream: name, variant } = req.params;
          const stream = streamOf(c, name);
          if (!stream.variants.some((v) => v.name === variant)) throw notFound('No such variant.');
          const { token } = req.query;
          const segmentUri = (i: number) => `${c.manifest.buildId}-${pad(i)}.ts`;
          const key = {
            uri: `${keyUriBase}/${name}?kid=${stream.key.id}${tokenSuffix(token, '&')}`,
            iv: stream.key.iv,
          };
          const body =
            playlist === 'live'
              ? renderMediaPlaylist(window(c, stream.segmentCount), { segmentUri, key })
              : renderVodPlaylist({ ...vod(c, stream.segmentCount), segmentUri, key });
          const cache = playlist === 'live' ? CACHE.live : CACHE.sidecar;
          reply.header('cache-control', token ? cache.replace('public', 'private') : cache);
          return reply.type(M3U8).send(body);
        },
      );
    }

    app.get(
      '/media/:stream/:variant/:file',
      {
        schema: {
          tags: ['media'],
          params: z.object({ stream: Name, variant: Variant, file: z.string().regex(SEGMENT_FILE) }),
          querystring: TokenQuery,
        },
      },
      async (req, reply) => {
        const c = await ready();
        const { stream: name, variant, file } = req.params;
        const v = streamOf(c, name).variants.find((x) => x.name === variant);
        if (!v) throw notFound('No such variant.');
        const index = loopIndexOf(c, file, SEGMENT_FILE, v.segmentCount);
        return sendFile(reply, segmentPath(c, name, variant, index), 'video/mp2t', CACHE.immutable);
      },
    );

    app.get(
      '/media/captions/:file',
      {
        schema: {
          tags: ['media'],
          params: z.object({ file: z.string().regex(/^[a-z]{2}(-[a-z]{2})?\.vtt$/) }),
          querystring: TokenQuery,
        },
      },
      async (req, reply) => {
        const c = await ready();
        const lang = req.params.file.replace(/\.vtt$/, '');
        if (!c.manifest.captions.languages.some((l) => l.lang === lang)) throw notFound('No such caption.');
        return sendFile(reply, captionFilePath(c, lang), 'text/vtt; charset=utf-8', CACHE.sidecar);
      },
    );

    // Captions of a live stream: a subtitle playlist windowed exactly like the video (same clock,
    // sequence and discontinuities), its WebVTT segments mapped to the video's MPEG-TS timestamps; on
    // demand, the loop once like the video's on-demand rendition.
    for (const playlist of ['live', 'vod'] as const) {
      app.get(
        `/media/captions/:lang/${playlist}.m3u8`,
        { schema: { tags: ['media'], params: z.object({ lang: Lang }), querystring: TokenQuery } },
        async (req, reply) => {
          const c = await ready();
          const { lang } = req.params;
          if (!c.manifest.captions.languages.some((l) => l.lang === lang)) throw notFound('No such caption.');
          const segmentUri = (i: number) => `${c.manifest.buildId}-${pad(i)}.vtt`;
          const count = c.manifest.captions.segmentCount;
          const body =
            playlist === 'live'
              ? renderMediaPlaylist(window(c, count), { segmentUri })
              : renderVodPlaylist({ ...vod(c, count), segmentUri });
          return reply
            .header('cache-control', playlist === 'live' ? CACHE.live : CACHE.sidecar)
            .type(M3U8)
            .send(body);
        },
      );
    }

    app.get(
      '/media/captions/:lang/:file',
      {
        schema: {
          tags: ['media'],
          params: z.object({ lang: Lang, file: z.string().regex(CAPTION_SEGMENT_FILE) }),
          querystring: TokenQuery,
        },
      },
      async (req, reply) => {
        const c = await ready();
        const { lang, file } = req.params;
        if (!c.manifest.captions.languages.some((l) => l.lang === lang)) throw notFound('No such caption.');
        const index = loopIndexOf(c, file, CAPTION_SEGMENT_FILE, c.manifest.captions.segmentCount);
        return sendFile(
          reply,
          captionSegmentPath(c, lang, index),
          'text/vtt; charset=utf-8',
          CACHE.immutable,
        );
      },
    );

    app.get(
      '/media/layouts/:file',
      {
        schema: {
          tags: ['media'],
          params: z.object({ file: z.string().regex(/^[a-z0-9-]{1,64}\.json$/) }),
          querystring: TokenQuery,
        },
      },
      async (req, reply) => {
        const c = await ready();
        const layout = c.manifest.streams[req.params.file.replace(/\.json$/, '')]?.layout;
        if (!layout) throw notFound('No such layout.');
        return reply.header('cache-control', CACHE.sidecar).send(layout);
      },
    );

    app.get(
      '/media/keys/:stream',
      {
        schema: {
          tags: ['media'],
          params: z.object({ stream: Name }),
          querystring: TokenQuery.extend({
            kid: z
              .string()
              .regex(/^[0-9a-f]{8,64}$/)
              .optional(),
          }),
        },
      },
      async (req, reply) => {
        const c = await ready();
        const name = req.params.stream;
        const stream = streamOf(c, name);
        if (!(await opts.keyAuthorizer(req, name))) {
          throw req.headers.authorization || req.query.token ? forbidden() : unauthorized();
        }
        // A key of an older build would decrypt nothing: say so rather than hand out the wrong key.
        const key = c.keys.get(name);
        if (!key || (req.query.kid && req.query.kid !== stream.key.id)) throw notFound('No such key.');
        return reply.header('cache-control', CACHE.key).type('application/octet-stream').send(key);
      },
    );
  };
}
