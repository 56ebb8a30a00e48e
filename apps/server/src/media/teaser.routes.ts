import send from '@fastify/send';
import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../errors.ts';
import type { MediaCatalog } from './media-catalog.ts';

export const TEASER_PATH = '/media/teaser.mp4';

/**
 * GET /media/teaser.mp4: the landing page's preview video (LAND-10) from the media cache. A video
 * element asks for byte ranges (to start at once and to seek), which @fastify/send answers with 206;
 * the file belongs to one cache build, so a CDN may keep it for an hour.
 */
export function teaserRoutes(deps: { catalog: MediaCatalog }): FastifyPluginAsync {
  return async (app) => {
    app.get(TEASER_PATH, { schema: { tags: ['media'], hide: true } }, async (req, reply) => {
      const c = await deps.catalog.current();
      const teaser = c?.manifest.teaser;
      if (!c || !teaser) throw notFound('No teaser video.');
      const result = await send(req.raw, teaser.file, {
        root: c.dir,
        maxAge: 3_600_000,
        dotfiles: 'deny',
        index: false,
      });
      if (result.type !== 'file') throw notFound('No teaser video.');
      return reply.code(result.statusCode).headers(result.headers).send(result.stream);
    });
  };
}

/** The teaser's URL for the client configuration: the configured one, else the cache's, else none. */
export async function teaserUrl(
  configured: string | undefined,
  catalog: MediaCatalog,
): Promise<string | null> {
  if (configured) return configured;
  return (await catalog.current())?.manifest.teaser ? TEASER_PATH : null;
}
