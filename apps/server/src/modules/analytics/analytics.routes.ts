import { AnalyticsAccepted, AnalyticsBatch, ErrorBody } from '@encore/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthGuards } from '../../platform/auth-guard.ts';
import type { AnalyticsService } from './analytics.service.ts';

const err = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, ErrorBody]));

export function analyticsRoutes(deps: {
  analytics: AnalyticsService;
  guards: AuthGuards;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/thor/event/',
      {
        preHandler: deps.guards.optionalAuth,
        schema: {
          tags: ['analytics'],
          summary: 'Analytics events, in batches',
          body: AnalyticsBatch,
          response: { 202: AnalyticsAccepted, ...err(400, 429, 500) },
        },
      },
      async (req, reply) => {
        const result = await deps.analytics.record(req.body, req.session, req.ip);
        return reply.code(202).send(result);
      },
    );
  };
}
