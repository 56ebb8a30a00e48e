import { access } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, forbidden, notFound, unauthorized } from '../errors.ts';
import { type CarriedCue, cuesForWindow } from './cue-carriers.ts';
import {
  type LiveIndexReader,
  type LiveRung,
  livePartFile,
  liveSegmentFile,
  playableRungs,
} from './live-index.ts';
import { awaitPlaylist, openSegmentOf, renderLivePlaylist } from './live-ll.ts';
import { type ReairingClock, reairingView } from './live-reairing.ts';
import { quoted } from './live-window.ts';
import { SUBTITLE_GROUP, subtitleMedia } from './master-playlist.ts';
import type { KeyAuthorizer } from './media.routes.ts';
import { CACHE, sendFile } from './media-http.ts';
import { type ReplayWindow, replayEntries } from './replay-window.ts';

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
  /** The show's cue timeline in time order (issue 27): carried as EXT-X-DATERANGE by live and LL playlists. */
  cuesOf?: (slug: string) => Promise<readonly CarriedCue[]>;
  /** The replay's window on the show clock once the show has ended (replay-window.ts); null: the whole recording. */
  replayOf?: (slug: string) => Promise<ReplayWindow | null>;
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
/** Blocking playlist reload's delivery directives (RFC 8216bis 6.2.5.2). */
const ReloadQuery = TokenQuery.extend({
  _HLS_msn: z.coerce.number().int().min(0).max(1e9).optional(),
  _HLS_part: z.coerce.number().int().min(0).max(1000).optional(),
});
/** A part hinted by EXT-X-PRELOAD-HINT is asked for before it exists: held this long for it. */
const PART_WAIT_MS = 3000;

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/** Reduced bandwidth (latency mode): the rungs up to 480p, or the smallest one if none is. */
const LITE_MAX_HEIGHT = 480;
function liteRungs(rungs: LiveRung[]): LiveRung[] {
  const small = rungs.filter((r) => r.height !== null && r.height <= LITE_MAX_HEIGHT);
  if (small.length > 0) return small;
  const smallest = [...rungs].sort((a, b) => (a.height ?? 0) - (b.height ?? 0))[0];
  return smallest ? [smallest] : [];
}

const notOnAir = () =>
  new AppError('NOT_ON_AIR', 404, 'This stream has not been pushed yet.', { retryAfter: 2 });

const tokenSuffix = (token: string | undefined, sep: '?' | '&') =>
  token ? `${sep}token=${encodeURIComponent(token)}` : '';

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
    // Two multivariant playlists over the same rungs: `index.m3u8` (standard HLS, what every player
    // plays) and `ll.m3u8` (low-latency HLS: parts, preload hints, blocking reload).
    for (const [name, media] of [
      ['index', 'live'],
      ['ll', 'll'],
      ['lite', 'live'],
    ] as const) {
      app.get(
        `/media/live/:slug/:stream/${name}.m3u8`,
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
          const playable = playableRungs(index?.rungs ?? []);
          if (playable.length === 0) throw notOnAir();
          const rungs = name === 'lite' ? liteRungs(playable) : playable;
          const query = tokenSuffix(req.query.token, '?');
          // No EXT-X-INDEPENDENT-SEGMENTS: a segment cut at its target length starts without a keyframe.
          const lines = ['#EXTM3U', '#EXT-X-VERSION:3'];
          const subtitles = (await opts.subtitlesOf?.(slug)) ?? [];
          for (const c of subtitles) lines.push(subtitleMedia(c, `captions/${c.lang}/live.m3u8${query}`));
          for (const r of [...rungs].sort((a, b) => b.bandwidth - a.bandwidth)) {
            const attrs = [`BANDWIDTH=${Math.max(1, r.bandwidth)}`];
            if (subtitles.length > 0) attrs.push(`SUBTITLES=${quoted(SUBTITLE_GROUP)}`);
            if (r.width && r.height) attrs.push(`RESOLUTION=${r.width}x${r.height}`);
            if (r.frameRate) attrs.push(`FRAME-RATE=${r.frameRate.toFixed(3)}`);
            if (r.codecs) attrs.push(`CODECS=${quoted(r.codecs)}`);
            lines.push(`#EXT-X-STREAM-INF:${attrs.join(',')}`, `${r.name}/${media}.m3u8${query}`);
          }
          const cache = req.query.token ? CACHE.live.replace('public', 'private') : CACHE.live;
          return reply
            .header('cache-control', cache)
            .type(M3U8)
            .send(`${lines.join('\n')}\n`);
        },
      );
    }

    for (const playlist of ['live', 'll', 'vod'] as const) {
      app.get(
        `/media/live/:slug/:stream/:rung/${playlist}.m3u8`,
        {
          schema: {
            tags: ['media'],
            params: z.object({ slug: Slug, stream: Stream, rung: Rung }),
            querystring: ReloadQuery,
          },
        },
        async (req, reply) => {
          const { slug, stream } = req.params;
          if (playlist !== 'vod') {
            await awaitPlaylist(opts.indexes, req.params, req.query._HLS_msn, req.query._HLS_part);
          }
          const fresh = req.query._HLS_msn === undefined ? undefined : 40;
          const index = await opts.indexes.get(slug, stream, fresh);
          const rung = index?.rungs.find((r) => r.name === req.params.rung);
          if (!index || !rung || rung.segments.length === 0) throw notOnAir();
          const key = await opts.keyOf(slug, stream);
          if (!key) throw notFound('No such stream.');
          const whole = playlist === 'vod' || index.ended;
          // A recording re-aired now plays as a live stream on the re-airing's clock.
          const clock = index.ended && playlist !== 'vod' ? await opts.reairingOf?.(slug) : null;
          const aired = clock ? reairingView(rung, clock, Date.now(), windowSize) : undefined;
          if (aired === null) throw notOnAir();
          const open =
            playlist === 'll' && !aired
              ? openSegmentOf(rung, await opts.indexes.parts(slug, stream, fresh))
              : null;
          // The replay: the show clock's window, the same span on every stream of the show.
          const replay = index.ended && !aired && playlist !== 'vod' ? await opts.replayOf?.(slug) : null;
          const listed =
            aired?.listed ??
            (replay
              ? replayEntries(rung.segments, replay)
              : whole
                ? rung.segments
                : rung.segments.slice(-windowSize));
          // The night's cues on the night's clock; a re-airing's shifted clock and vod.m3u8 are the replay's.
          const cues =
            playlist !== 'vod' && !aired && listed[0] && opts.cuesOf
              ? cuesForWindow(await opts.cuesOf(slug), listed[0].pdt, Date.now())
              : [];
          const body = renderLivePlaylist({
            rung: aired?.rung ?? rung,
            listed,
            cues,
            discontinuitySequence: replay ? 0 : undefined,
            ended: aired?.ended ?? index.ended,
            vod: playlist === 'vod',
            lowLatency: playlist === 'll' && !aired,
            open,
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
            file: z.string().regex(/^\d{1,9}(\.\d{1,3})?\.ts$/),
          }),
        },
      },
      async (req, reply) => {
        const { slug, stream, rung, file } = req.params;
        const [sn = 0, part] = path.basename(file, '.ts').split('.').map(Number);
        if (part === undefined) {
          return sendFile(
            reply,
            liveSegmentFile(opts.liveDir, slug, stream, rung, sn),
            'video/mp2t',
            CACHE.immutable,
          );
        }
        const at = livePartFile(opts.liveDir, slug, stream, rung, sn, part);
        // A preload hint's part is asked for before it is cut: held until it exists (or 3 s).
        const deadline = Date.now() + PART_WAIT_MS;
        while (!(await exists(at)) && Date.now() < deadline) {
          const index = await opts.indexes.get(slug, stream, 40);
          const last = index?.rungs.find((r) => r.name === rung)?.segments.at(-1)?.sn ?? -1;
          if (!index || index.ended || sn > last + 2 || sn <= last - 1) break;
          await new Promise((resolve) => setTimeout(resolve, 40));
        }
        return sendFile(reply, at, 'video/mp2t', CACHE.immutable);
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
