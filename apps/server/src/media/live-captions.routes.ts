import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../errors.ts';
import {
  type CaptionLine,
  type CaptionTimelineSegment,
  renderCaptionPlaylist,
  renderCaptionSegment,
} from './live-captions-vtt.ts';
import type { LiveIndexReader, LiveRung } from './live-index.ts';
import { type ReairingClock, reairingWindow } from './live-reairing.ts';
import { CACHE } from './media-http.ts';
import { type ReplayWindow, replayEntries } from './replay-window.ts';

export type LiveCaptionsOriginOptions = {
  indexes: LiveIndexReader;
  /** The show's live caption languages. */
  languagesOf: (slug: string) => Promise<string[]>;
  /** The lines of a language on screen during [fromMs, toMs) of the show clock. */
  linesDuring: (slug: string, lang: string, fromMs: number, toMs: number) => Promise<CaptionLine[]>;
  /** Segments per live playlist: the video's window. */
  windowSize?: number;
  /** The re-airing on now (live-reairing.ts): the playlist then mirrors the re-aired video's window. */
  reairingOf?: (slug: string) => Promise<ReairingClock | null>;
  /** The replay's window (replay-window.ts): the playlist then mirrors the replay's, gaps and all. */
  replayOf?: (slug: string) => Promise<ReplayWindow | null>;
};

const M3U8 = 'application/vnd.apple.mpegurl';
const Params = z.object({
  slug: z.string().regex(/^[a-z0-9][a-z0-9-]{0,99}$/),
  stream: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/),
  lang: z.string().regex(/^[a-z]{2,3}(-[a-z]{2,4})?$/),
});
const TokenQuery = z.object({
  token: z
    .string()
    .regex(/^[\w.~-]{1,2048}$/)
    .optional(),
});

const notOnAir = () =>
  new AppError('NOT_ON_AIR', 404, 'This stream has not been pushed yet.', { retryAfter: 2 });

/** The rung whose segments the captions mirror: the source (every rung is cut at the same frames). */
const timelineRung = (rungs: readonly LiveRung[]) =>
  rungs.find((r) => r.name === 'source' && r.segments.length > 0) ?? rungs.find((r) => r.segments.length > 0);

const timeline = (rung: LiveRung): CaptionTimelineSegment[] =>
  rung.segments.map((s) => ({ sn: s.sn, dur: s.dur, pdt: s.pdt, disc: s.disc, pts: s.pts ?? -1 }));

/**
 * Live captions of a pushed stream (issue 11, docs/media.md section 2.3.1): per caption language a
 * WebVTT subtitle playlist mirroring the stream's video playlist, and a WebVTT file per segment with
 * the lines posted for its moment. Each angle has its own encoder and so its own timestamps: captions
 * are served per stream, under the stream's path.
 */
export function liveCaptionsOriginRoutes(opts: LiveCaptionsOriginOptions): FastifyPluginAsyncZod {
  const windowSize = opts.windowSize ?? 60;
  return async (app) => {
    async function context(slug: string, stream: string, lang: string) {
      if (!(await opts.languagesOf(slug)).includes(lang)) throw notFound('No such caption.');
      const index = await opts.indexes.get(slug, stream);
      const rung = index ? timelineRung(index.rungs) : undefined;
      if (!index || !rung) throw notOnAir();
      return { index, segments: timeline(rung) };
    }

    for (const playlist of ['live', 'vod'] as const) {
      app.get(
        `/media/live/:slug/:stream/captions/:lang/${playlist}.m3u8`,
        { schema: { tags: ['media'], params: Params, querystring: TokenQuery } },
        async (req, reply) => {
          const { slug, stream, lang } = req.params;
          const { index, segments: recorded } = await context(slug, stream, lang);
          const whole = playlist === 'vod' || index.ended;
          const clock = index.ended && playlist === 'live' ? await opts.reairingOf?.(slug) : null;
          const aired = clock ? reairingWindow(recorded, clock, Date.now(), windowSize) : undefined;
          if (aired === null) throw notOnAir();
          const replay = index.ended && !aired && playlist === 'live' ? await opts.replayOf?.(slug) : null;
          if (replay) {
            const body = renderCaptionPlaylist({
              listed: replayEntries(recorded, replay),
              discontinuitySequence: 0,
              ended: true,
              vod: false,
              query: req.query.token ? `?token=${encodeURIComponent(req.query.token)}` : '',
            });
            reply.header(
              'cache-control',
              req.query.token ? CACHE.sidecar.replace('public', 'private') : CACHE.sidecar,
            );
            return reply.type(M3U8).send(body);
          }
          const segments = aired?.segments ?? recorded;
          const listed = aired?.listed ?? (whole ? segments : segments.slice(-windowSize));
          const firstAt = segments.indexOf(listed[0] as CaptionTimelineSegment);
          // The video playlist's discontinuity count before its first listed segment.
          const discontinuitySequence = segments.slice(1, firstAt + 1).filter((s) => s.disc).length;
          const query = req.query.token ? `?token=${encodeURIComponent(req.query.token)}` : '';
          const body = renderCaptionPlaylist({
            listed,
            discontinuitySequence,
            ended: aired?.ended ?? index.ended,
            vod: playlist === 'vod',
            query,
          });
          const cache = index.ended && !aired ? CACHE.sidecar : CACHE.live;
          reply.header('cache-control', req.query.token ? cache.replace('public', 'private') : cache);
          return reply.type(M3U8).send(body);
        },
      );
    }

    app.get(
      '/media/live/:slug/:stream/captions/:lang/:file',
      {
        schema: {
          tags: ['media'],
          params: Params.extend({ file: z.string().regex(/^\d{1,9}\.vtt$/) }),
          querystring: TokenQuery,
        },
      },
      async (req, reply) => {
        const { slug, stream, lang, file } = req.params;
        const { segments } = await context(slug, stream, lang);
        const sn = Number(file.slice(0, -4));
        const seg = segments.find((s) => s.sn === sn);
        if (!seg) throw notFound('No such segment.');
        // A segment without its timestamp (an index from before they were kept) carries no cues.
        const body =
          seg.pts < 0
            ? 'WEBVTT\n\n'
            : renderCaptionSegment(
                seg,
                await opts.linesDuring(slug, lang, seg.pdt, seg.pdt + seg.dur * 1000),
              );
        // Lines may still be posted for a moment a few seconds back: a short cache, never immutable.
        return reply.header('cache-control', CACHE.live).type('text/vtt; charset=utf-8').send(body);
      },
    );
  };
}
