import {
  ErrorBody,
  WALL_STATS_MAX_AGE_S,
  WallReactionBody,
  WallReactionParams,
  WallReactionResponse,
  WallStats,
  WallStatsParams,
} from '@encore/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';
import { type AuthGuards, sessionOf } from '../../platform/auth-guard.ts';
import { presenterShaped } from '../../platform/presenter-serializer.ts';
import type { CheerService } from './cheer.service.ts';

const err = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, ErrorBody]));

/** The cheer calls of viewing section 7 with the result codes of section 8 (CHR-12 to CHR-17). */
export function cheerRoutes(deps: { cheer: CheerService; guards: AuthGuards }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/thor/hangs/:hangId/:sessionId/wall_reaction/',
      {
        preHandler: deps.guards.requireAuth,
        // Tens of thousands a second (docs/benchmarks.md).
        ...presenterShaped,
        schema: {
          tags: ['cheer'],
          summary: 'Add a light-stick count (toss_data.lt_stk) to the show wall (500 OVER_CAPACITY)',
          params: WallReactionParams,
          body: WallReactionBody,
          response: { 200: WallReactionResponse, ...err(400, 401, 404, 412, 500, 503) },
        },
      },
      async (req) => {
        try {
          return await deps.cheer.wallReaction(sessionOf(req).user, req.params, req.body);
        } catch (e) {
          if (e instanceof AppError) throw e;
          // The client reads any 500 as OVER_CAPACITY (viewing section 8): other failures must not be one.
          req.log.error({ err: e }, 'wall_reaction failed');
          throw new AppError('UNKNOWN', 503, 'The cheer was not counted. Please try again.');
        }
      },
    );

    // The "static data host" of viewing section 7: public, regenerated each second, cacheable as long.
    app.get(
      '/wall_stats/:file',
      {
        schema: {
          tags: ['cheer'],
          summary: 'Wall stats of a show: GET /wall_stats/{channel_id}.json (a CDN may cache it 1 s)',
          params: WallStatsParams,
          response: { 200: WallStats, ...err(400, 404, 500) },
        },
      },
      async (req, reply) => {
        const doc = await deps.cheer.wallStats(req.params.file);
        reply.header('cache-control', `public, max-age=${WALL_STATS_MAX_AGE_S}`);
        return doc;
      },
    );
  };
}
