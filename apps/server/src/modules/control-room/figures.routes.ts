import { ErrorBody, FiguresHistory, ShowSlugParams } from '@encore/contract';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthGuards } from '../../platform/auth-guard.ts';
import type { FiguresService } from './figures.service.ts';

const err = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, ErrorBody]));

/** Paths whose 401/403 answers are refused viewers (keys and DRM tokens), not client mistakes. */
const REFUSAL_PATHS = ['/media/keys/', '/thor/video/drm/', '/thor/video/licence/'];

/**
 * Counts every 5xx answer and every refused key or token for the live figures. On the root app,
 * before any route is registered, so that it sees every route.
 */
export function countAnswers(app: FastifyInstance, figures: Pick<FiguresService, 'countError'>): void {
  app.addHook('onResponse', async (req, reply) => {
    const status = reply.statusCode;
    if (status >= 500) figures.countError('error', Date.now());
    else if ((status === 401 || status === 403) && REFUSAL_PATHS.some((p) => req.url.startsWith(p))) {
      figures.countError('refusal', Date.now());
    }
  });
}

/**
 * GET /thor/host/shows/{slug}/figures (hosts only): the last hour of live figures; later samples come
 * over `host-<slug>`.
 */
export function figuresRoutes(deps: { figures: FiguresService; guards: AuthGuards }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/thor/host/shows/:slug/figures',
      {
        preHandler: deps.guards.requireHost,
        schema: {
          tags: ['host'],
          params: ShowSlugParams,
          response: { 200: FiguresHistory, ...err(401, 403, 404) },
        },
      },
      async (req) => deps.figures.history(req.params.slug),
    );
  };
}
