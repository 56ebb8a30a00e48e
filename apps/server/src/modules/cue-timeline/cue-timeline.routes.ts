import { AlertParams, CueTimeline, CueTimelineQuery, ErrorBody, FanDistanceBody } from '@encore/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuthGuards, sessionOf } from '../../platform/auth-guard.ts';
import type { CueTimelineService } from './cue-timeline.service.ts';

const err = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, ErrorBody]));

/** The control room's cue list on the show clock, and the fans' reported distances (issue 27). */
export function cueTimelineRoutes(deps: {
  timeline: CueTimelineService;
  guards: AuthGuards;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/thor/host/shows/:slug/cue-timeline',
      {
        preHandler: deps.guards.requireHost,
        schema: {
          tags: ['host'],
          summary: 'The latest timed cues with their show-clock moments, and how far behind the fans watch',
          params: AlertParams,
          querystring: CueTimelineQuery,
          response: { 200: CueTimeline, ...err(400, 401, 403, 404) },
        },
      },
      async (req) => deps.timeline.hostTimeline(req.params.slug, req.query.limit),
    );
    app.post(
      '/thor/shows/:slug/distance/',
      {
        preHandler: deps.guards.requireAuth,
        schema: {
          tags: ['video'],
          summary: "A watching fan's distance behind the show clock (for the control room's cue list)",
          params: AlertParams,
          body: FanDistanceBody,
          response: { 204: z.null().describe('Counted'), ...err(400, 401, 403, 404) },
        },
      },
      async (req, reply) => {
        await deps.timeline.reportDistance(sessionOf(req).user, req.params.slug, req.body.behind_ms);
        return reply.code(204).send(null);
      },
    );
  };
}
