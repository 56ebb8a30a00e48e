import { ErrorBody, ReplayTrim, ReplayTrimBody, ShowSlugParams } from '@encore/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthGuards } from '../../platform/auth-guard.ts';
import type { ReplayService } from './replay.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/** The host's trim of the replay (issue 27): GET and PUT /thor/host/shows/{slug}/replay/. Hosts only. */
export function replayRoutes(deps: { replay: ReplayService; guards: AuthGuards }): FastifyPluginAsyncZod {
  return async (app) => {
    const path = '/thor/host/shows/:slug/replay/';
    const host = { preHandler: deps.guards.requireHost };
    app.get(
      path,
      {
        ...host,
        schema: { tags: ['host'], params: ShowSlugParams, response: { 200: ReplayTrim, ...errors } },
      },
      async (req, reply) => {
        reply.header('cache-control', 'no-store');
        return deps.replay.get(req.params.slug);
      },
    );
    app.put(
      path,
      {
        ...host,
        schema: {
          tags: ['host'],
          params: ShowSlugParams,
          body: ReplayTrimBody,
          response: { 200: ReplayTrim, ...errors },
        },
      },
      async (req, reply) => {
        reply.header('cache-control', 'no-store');
        return deps.replay.set(req.params.slug, req.body);
      },
    );
  };
}
