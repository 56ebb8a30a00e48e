import {
  CreateShowBody,
  DuplicateShowBody,
  ErrorBody,
  FreeShowIds,
  HostShow,
  HostShowList,
  SaveShowBody,
  ShowSlugParams,
} from '@encore/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthGuards } from '../../platform/auth-guard.ts';
import type { HostShowsService } from './host-shows.service.ts';

const err = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, ErrorBody]));

/**
 * The control room's shows (issues 13 and 25), hosts only: list, read, create (POST, never over
 * another show), edit at a version (PUT; a stale one is 409) and duplicate. Nodes pick a change up
 * within SHOWS_CACHE_MS.
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
      async (_req, reply) => {
        reply.header('cache-control', 'no-store');
        return deps.hostShows.list();
      },
    );
    app.get(
      '/thor/host/show-ids',
      { preHandler, schema: { tags: ['host'], response: { 200: FreeShowIds, ...err(401, 403) } } },
      async (_req, reply) => {
        reply.header('cache-control', 'no-store');
        return deps.hostShows.freeIds();
      },
    );
    app.post(
      '/thor/host/shows',
      {
        preHandler,
        schema: {
          tags: ['host'],
          body: CreateShowBody,
          response: { 201: HostShow, ...err(400, 401, 403, 409) },
        },
      },
      async (req, reply) => reply.code(201).send(await deps.hostShows.create(req.body)),
    );
    app.get(
      '/thor/host/shows/:slug',
      {
        preHandler,
        schema: {
          tags: ['host'],
          params: ShowSlugParams,
          response: { 200: HostShow, ...err(401, 403, 404) },
        },
      },
      async (req, reply) => {
        reply.header('cache-control', 'no-store');
        return deps.hostShows.get(req.params.slug);
      },
    );
    app.put(
      '/thor/host/shows/:slug',
      {
        preHandler,
        schema: {
          tags: ['host'],
          params: ShowSlugParams,
          body: SaveShowBody,
          response: { 200: HostShow, ...err(400, 401, 403, 404, 409) },
        },
      },
      async (req) => deps.hostShows.update(req.params.slug, req.body),
    );
    app.post(
      '/thor/host/shows/:slug/duplicate',
      {
        preHandler,
        schema: {
          tags: ['host'],
          params: ShowSlugParams,
          body: DuplicateShowBody,
          response: { 201: HostShow, ...err(400, 401, 403, 404, 409) },
        },
      },
      async (req, reply) => reply.code(201).send(await deps.hostShows.duplicate(req.params.slug, req.body)),
    );
  };
}
