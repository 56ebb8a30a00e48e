import { readFile } from 'node:fs/promises';
import type { DrmSystem } from '@encore/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../errors.ts';
import { loopPosition, renderMpd } from './dash-manifest.ts';
import { type Catalog, type DashStream, dashPath } from './media-catalog.ts';
import { CACHE, sendFile, streamOf } from './media-http.ts';
import { shiftTfdt } from './mp4-fragment.ts';

export type DashRoutesOptions = {
  ready: () => Promise<Catalog>;
  now: () => number;
  epochOf: (c: Catalog) => number;
  /** Segments of the live timeline a player may seek back: the HLS live window's. */
  windowSize: number;
  /** Provider key systems named in the MPD beside ClearKey (DRMtoday path). */
  drmSystems: readonly DrmSystem[];
};

const Name = z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/);
const Representation = z.string().regex(/^[a-z0-9]{1,16}$/);
/** `<buildId>-init.mp4` or `<buildId>-<number>.m4s`, the number counted from the epoch. */
const DASH_FILE = /^([0-9a-f]{8})-(?:(init)\.mp4|(\d{1,12})\.m4s)$/;
const MPD = 'application/dash+xml';

function dashOf(c: Catalog, name: string): DashStream {
  const dash = streamOf(c, name).dash;
  if (!dash) throw notFound('This stream has no DASH rendition.');
  return dash;
}

/**
 * The origin's DASH: a live MPD (dynamic, the HLS live window's clock) and an on-demand one per stream,
 * and the CENC segments, live segment k being loop file k mod n with its tfdt moved by the loops
 * before it (mp4-fragment.ts). Like the HLS segments, manifests and segments are public: the content
 * key is what is protected, and only the licence endpoint hands it out (POST
 * /thor/video/licence/clearkey/, a ticket holder's DRM token).
 */
export function dashRoutes(opts: DashRoutesOptions): FastifyPluginAsyncZod {
  const segmentMs = (c: Catalog) => Math.round(c.manifest.segmentDuration * 1000);

  return async (app) => {
    for (const type of ['live', 'vod'] as const) {
      app.get(
        `/media/:stream/dash/${type}.mpd`,
        { schema: { tags: ['media'], params: z.object({ stream: Name }) } },
        async (req, reply) => {
          const c = await opts.ready();
          const dash = dashOf(c, req.params.stream);
          const common = {
            dash,
            buildId: c.manifest.buildId,
            segmentDurationMs: segmentMs(c),
            drmSystems: opts.drmSystems,
          };
          const body =
            type === 'live'
              ? renderMpd({
                  ...common,
                  type,
                  epochMs: opts.epochOf(c),
                  nowMs: opts.now(),
                  timeShiftSeconds: (opts.windowSize * segmentMs(c)) / 1000,
                })
              : renderMpd({ ...common, type });
          return reply
            .header('cache-control', type === 'live' ? CACHE.live : CACHE.sidecar)
            .type(MPD)
            .send(body);
        },
      );
    }

    app.get(
      '/media/:stream/dash/:representation/:file',
      {
        schema: {
          tags: ['media'],
          params: z.object({
            stream: Name,
            representation: Representation,
            file: z.string().regex(DASH_FILE),
          }),
        },
      },
      async (req, reply) => {
        const c = await opts.ready();
        const { stream: name, representation, file } = req.params;
        const dash = dashOf(c, name);
        const rep = [...dash.video, dash.audio].find((r) => r.name === representation);
        if (!rep) throw notFound('No such representation.');
        const m = DASH_FILE.exec(file);
        // A file of another build would sit on another clock: it does not exist.
        if (!m || m[1] !== c.manifest.buildId) throw notFound();
        if (m[2])
          return sendFile(reply, dashPath(c, name, representation, 'init'), 'video/mp4', CACHE.immutable);

        // Segment k exists once it has completely elapsed, as in the HLS live window.
        const number = Number(m[3]);
        const completed = Math.floor((opts.now() - opts.epochOf(c)) / segmentMs(c));
        if (!(number < completed)) throw notFound('This segment is not available yet.');
        const { loopIndex, shift } = loopPosition(number, dash.segmentCount, segmentMs(c), rep.timescale);
        let stored: Buffer;
        try {
          stored = await readFile(dashPath(c, name, representation, loopIndex));
        } catch {
          throw notFound();
        }
        // Its bytes depend only on the build and k: cached for good, like the HLS segments.
        return reply
          .header('cache-control', CACHE.immutable)
          .type(representation === dash.audio.name ? 'audio/mp4' : 'video/mp4')
          .send(shiftTfdt(stored, shift));
      },
    );
  };
}
