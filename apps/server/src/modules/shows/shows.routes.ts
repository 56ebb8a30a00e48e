import {
  ActiveChannels,
  Channel,
  ChannelParams,
  ErrorBody,
  type Show,
  type ShowStatus,
} from '@encore/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthGuards } from '../../platform/auth-guard.ts';
import { presentChannel } from './shows.presenter.ts';
import type { CatalogEntry, ShowsService } from './shows.service.ts';

/** The status of a live-ingest show from its broadcast (issue 11); undefined: the show's clock decides. */
export type BroadcastStatusOf = (showId: number, show: Show) => Promise<ShowStatus | undefined>;

export function showsRoutes(deps: {
  shows: ShowsService;
  guards: AuthGuards;
  broadcastStatus?: BroadcastStatusOf | undefined;
}): FastifyPluginAsyncZod {
  const present = async (e: CatalogEntry, now: Date) => {
    const channel = presentChannel(e.show, now);
    const live = await deps.broadcastStatus?.(e.row.id, e.show);
    return live ? { ...channel, status: live } : channel;
  };
  return async (app) => {
    // The same public list as config.json, with each show's state: no login needed to see what is on.
    app.get(
      '/thor/channels/active/',
      { schema: { tags: ['shows'], response: { 200: ActiveChannels } } },
      async () => {
        const now = new Date();
        return { results: await Promise.all((await deps.shows.listed()).map((e) => present(e, now))) };
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
      async (req) => present(await deps.shows.channel(req.params.id), new Date()),
    );
  };
}
