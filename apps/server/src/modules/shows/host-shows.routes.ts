import { Channel, DuplicateShowBody, ErrorBody, HostShowList, Show, ShowSlugParams } from '@encore/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthGuards } from '../../platform/auth-guard.ts';
import type { HostShowsService } from './host-shows.service.ts';

const err = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, ErrorBody]));

/**
 * The control room's shows (issue 13), hosts only: list, read, create/edit/schedule (PUT) and
 * duplicate. Nodes pick a change up within SHOWS_CACHE_MS.
 */
export function hostShowsRoutes(deps: {
  hostShows: HostShowsService;
  guards: AuthGuards;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const preHandler = deps.guards.requireHost;
    app.get(
      '/thor/host/shows',
      { preHandler, schema: { tags: ['host'], response: { 200: HostShowList, ...err(401, 403) } } },
      async () => deps.hostShows.list(),
    );
    app.get(
      '/thor/host/shows/:slug',
      {
        preHandler,
        schema: { tags: ['host'], params: ShowSlugParams, response: { 200: Channel, ...err(401, 403, 404) } },
      },
      async (req) => deps.hostShows.get(req.params.slug),
    );
    app.put(
      '/thor/host/shows/:slug',
      {
        preHandler,
        schema: {
          tags: ['host'],
          params: ShowSlugParams,
          body: Show,
          response: { 200: Channel, ...err(400, 401, 403, 409) },
        },
      },
      async (req) => deps.hostShows.put(req.params.slug, req.body),
    );
    app.post(
      '/thor/host/shows/:slug/duplicate',
      {
        preHandler,
        schema: {
          tags: ['host'],
          params: ShowSlugParams,
          body: DuplicateShowBody,
          response: { 201: Channel, ...err(400, 401, 403, 404, 409) },
        },
      },
      async (req, reply) => reply.code(201).send(await deps.hostShows.duplicate(req.params.slug, req.body)),
    );
  };
}
