import { ChatReplayParams, ChatReplayQuery, ChatReplayResponse, ErrorBody } from '@encore/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuards, sessionOf } from '../../platform/auth-guard.ts';
import type { ChatReplayService } from './chat-replay.service.ts';

export function chatReplayRoutes(deps: {
  replay: ChatReplayService;
  guards: AuthGuards;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/thor/shows/:slug/chat_replay/',
      {
        preHandler: deps.guards.requireAuth,
        schema: {
          tags: ['chat'],
          summary:
            "The show's chat in a window of send times, oldest first, for the replay beside the picture",
          params: ChatReplayParams,
          querystring: ChatReplayQuery,
          response: {
            200: ChatReplayResponse,
            400: ErrorBody,
            401: ErrorBody,
            403: ErrorBody,
            404: ErrorBody,
          },
        },
      },
      async (req) => deps.replay.window(sessionOf(req).user, req.params.slug, req.query),
    );
  };
}
