import { ActiveChannels, Channel, ChannelParams, ErrorBody } from '@encore/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthGuards } from '../../platform/auth-guard.ts';
import { presentChannel } from './shows.presenter.ts';
import type { ShowsService } from './shows.service.ts';

export function showsRoutes(deps: { shows: ShowsService; guards: AuthGuards }): FastifyPluginAsyncZod {
  return async (app) => {
    // The same public list as config.json, with each show's state: no login needed to see what is on.
    app.get(
      '/thor/channels/active/',
      { schema: { tags: ['shows'], response: { 200: ActiveChannels } } },
      async () => {
        const now = new Date();
        return { results: (await deps.shows.listed()).map((e) => presentChannel(e.show, now)) };
      },
    );

    app.get(
      '/thor/channels/:id/',
      {
        preHandler: deps.guards.requireAuth,
        schema: {
          tags: ['shows'],
          params: ChannelParams,
          response: { 200: Channel, 400: ErrorBody, 401: ErrorBody },
        },
      },
      async (req) => presentChannel((await deps.shows.channel(req.params.id)).show, new Date()),
    );
  };
}
