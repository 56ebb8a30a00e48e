import {
  ErrorBody,
  LiveCaptionParams,
  LiveCaptionsQuery,
  LiveCaptionsResponse,
  PostLiveCaptionBody,
  PostLiveCaptionResponse,
} from '@encore/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuards, sessionOf } from '../../platform/auth-guard.ts';
import type { LiveCaptionsService } from './live-captions.service.ts';

const err = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, ErrorBody]));

/** Hosts (or a captioning service signed in as one) post live caption lines and read the latest. */
export function liveCaptionsRoutes(deps: {
  captions: LiveCaptionsService;
  guards: AuthGuards;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/thor/host/shows/:slug/captions',
      {
        preHandler: deps.guards.requireHost,
        schema: {
          tags: ['host'],
          summary: 'Post a live caption line in one of the show’s caption languages',
          params: LiveCaptionParams,
          body: PostLiveCaptionBody,
          response: { 201: PostLiveCaptionResponse, ...err(400, 401, 403, 404) },
        },
      },
      async (req, reply) => {
        const caption = await deps.captions.post(sessionOf(req).user, req.params.slug, req.body);
        return reply.code(201).send({ caption });
      },
    );

    app.get(
      '/thor/host/shows/:slug/captions',
      {
        preHandler: deps.guards.requireHost,
        schema: {
          tags: ['host'],
          params: LiveCaptionParams,
          querystring: LiveCaptionsQuery,
          response: { 200: LiveCaptionsResponse, ...err(400, 401, 403, 404) },
        },
      },
      async (req) => ({
        captions: await deps.captions.latest(req.params.slug, req.query.lang, req.query.limit),
      }),
    );
  };
}
