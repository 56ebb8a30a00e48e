import type { DrmSystem } from '@encore/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../errors.ts';
import type { CarriedCue } from './cue-carriers.ts';
import { type LiveDashIndex, liveDashFile, liveDashIndexFile, readLiveDashIndex } from './live-dash-index.ts';
import { renderLiveMpd } from './live-dash-manifest.ts';
import type { LiveIndexReader } from './live-index.ts';
import { type ReairingClock, reairingDash } from './live-reairing.ts';
import { CACHE, sendFile } from './media-http.ts';

export type LiveDashOptions = {
  liveDir: string;
  /** The HLS indexes: a stream whose recording is closed (End show) gets a static MPD. */
  indexes: LiveIndexReader;
  /** The stream's CENC key id (hex), or null for no such ingest stream. */
  kidOf: (slug: string, stream: string) => Promise<string | null>;
  drmSystems: readonly DrmSystem[];
  /** Seconds of the live timeline a player may seek back: the HLS window's two minutes. */
  windowSeconds?: number;
  /** The re-airing on now for a show (live-reairing.ts): its recording then plays live, as with HLS. */
  reairingOf?: (slug: string) => Promise<ReairingClock | null>;
  /** The replay's window once ended (replay-window.ts): the static MPD spans it, as the HLS does. */
  replayOf?: (slug: string) => Promise<{ start: number; end: number } | null>;
  now?: () => number;
  /** The show's cue timeline in time order (issue 27): an EventStream per Period of the live MPD. */
  cuesOf?: (slug: string) => Promise<readonly CarriedCue[]>;
};

const Slug = z.string().regex(/^[a-z0-9][a-z0-9-]{0,99}$/);
const Stream = z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/);
const Rep = z.string().regex(/^[a-z0-9]{1,16}$/);
const FILE = /^(?:init-\d{1,6}\.mp4|\d{1,9}\.m4s)$/;

const notOnAir = () =>
  new AppError('NOT_ON_AIR', 404, 'This stream has not been pushed yet.', { retryAfter: 2 });

/**
 * The live origin's CENC DASH of pushed feeds (docs/media.md section 9.1), beside its HLS:
 * `/media/live/<slug>/<stream>/dash/live.mpd` and the fragments. Like the demo's DASH, manifests and
 * fragments are public: the content key is what is protected, handed out only by the ClearKey licence
 * (POST /thor/video/licence/clearkey/) under the same DRM token rules as the HLS key.
 */
export function liveDashRoutes(opts: LiveDashOptions): FastifyPluginAsyncZod {
  const now = opts.now ?? Date.now;
  const cache = new Map<string, { at: number; index: Promise<LiveDashIndex | null> }>();
  // Every viewer's MPD reload is one lookup: the file is read at most four times a second.
  const dashIndex = (slug: string, stream: string) => {
    const file = liveDashIndexFile(opts.liveDir, slug, stream);
    const hit = cache.get(file);
    if (hit && now() - hit.at < 250) return hit.index;
    const index = readLiveDashIndex(file);
    cache.set(file, { at: now(), index });
    return index;
  };

  return async (app) => {
    app.get(
      '/media/live/:slug/:stream/dash/live.mpd',
      { schema: { tags: ['media'], params: z.object({ slug: Slug, stream: Stream }) } },
      async (req, reply) => {
        const { slug, stream } = req.params;
        const kid = await opts.kidOf(slug, stream);
        if (!kid) throw notFound('No such stream.');
        const [index, hls] = await Promise.all([dashIndex(slug, stream), opts.indexes.get(slug, stream)]);
        const closed = hls?.ended ?? false;
        // A recording re-aired now plays as a live stream on the re-airing's clock, as its HLS does.
        const clock = index && closed ? await opts.reairingOf?.(slug) : null;
        const aired = index && clock ? reairingDash(index, clock, now()) : undefined;
        if (aired === null) throw notOnAir();
        const ended = aired?.ended ?? closed;
        const replay = closed && !aired ? await opts.replayOf?.(slug) : null;
        const body = index
          ? renderLiveMpd({
              index: aired?.index ?? index,
              kid,
              drmSystems: opts.drmSystems,
              ended,
              nowMs: now(),
              windowSeconds: opts.windowSeconds ?? 120,
              shiftMs: aired?.shiftMs,
              cues: !aired && opts.cuesOf ? await opts.cuesOf(slug) : undefined,
              replay,
            })
          : null;
        if (!body) throw notOnAir();
        return reply
          .header('cache-control', ended && !aired ? CACHE.sidecar : CACHE.live)
          .type('application/dash+xml')
          .send(body);
      },
    );

    app.get(
      '/media/live/:slug/:stream/dash/:rep/:file',
      {
        schema: {
          tags: ['media'],
          params: z.object({ slug: Slug, stream: Stream, rep: Rep, file: z.string().regex(FILE) }),
        },
      },
      async (req, reply) => {
        const { slug, stream, rep, file } = req.params;
        return sendFile(
          reply,
          liveDashFile(opts.liveDir, slug, stream, rep, file),
          rep === 'audio' ? 'audio/mp4' : 'video/mp4',
          CACHE.immutable,
        );
      },
    );
  };
}
