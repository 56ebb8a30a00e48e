import {
  ErrorBody,
  HostSlugParams,
  QueuePollParams,
  QueuePollQuery,
  QueueStatus,
  WaitingRoomSettings,
  WaitingRoomState,
} from '@encore/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../errors.ts';
import type { AuthGuards } from '../../platform/auth-guard.ts';
import { presenterShaped } from '../../platform/presenter-serializer.ts';
import type { CatalogEntry } from '../shows/shows.service.ts';
import type { WaitingRoomService } from './waiting-room.service.ts';

const err = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, ErrorBody]));

/**
 * The waiting room's poll (fans; no login: the signed place is the credential, and answering it costs
 * no database work) and the control room's view and settings of it (hosts).
 */
export function waitingRoomRoutes(deps: {
  room: WaitingRoomService;
  guards: AuthGuards;
  shows: { bySlug(slug: string): Promise<CatalogEntry | undefined> };
}): FastifyPluginAsyncZod {
  const showOf = async (slug: string) => {
    const entry = await deps.shows.bySlug(slug);
    if (!entry) throw notFound('No such show.');
    return entry;
  };
  return async (app) => {
    app.get(
      '/thor/shows/:slug/queue/',
      {
        // The herd's most frequent call: the service builds the contract's shape exactly (its test
        // checks the body against its own parse), so the answer skips the zod re-parse.
        ...presenterShaped,
        schema: {
          tags: ['shows'],
          summary: "A place in the waiting room's line: where it stands",
          params: QueuePollParams,
          querystring: QueuePollQuery,
          response: { 200: QueueStatus, ...err(400, 403) },
        },
      },
      async (req, reply) => {
        const status = await deps.room.poll(req.params.slug, req.query.token);
        // The same URL gives the same answer for a second: a CDN or the browser may answer it.
        reply.header('cache-control', 'public, max-age=1');
        return status;
      },
    );

    const preHandler = deps.guards.requireHost;
    app.get(
      '/thor/host/shows/:slug/waiting-room',
      {
        preHandler,
        schema: {
          tags: ['host'],
          params: HostSlugParams,
          response: { 200: WaitingRoomState, ...err(401, 403, 404) },
        },
      },
      async (req, reply) => {
        reply.header('cache-control', 'no-store');
        return deps.room.state(await showOf(req.params.slug));
      },
    );
    app.put(
      '/thor/host/shows/:slug/waiting-room',
      {
        preHandler,
        schema: {
          tags: ['host'],
          params: HostSlugParams,
          body: WaitingRoomSettings,
          response: { 200: WaitingRoomState, ...err(400, 401, 403, 404) },
        },
      },
      async (req) => deps.room.save(await showOf(req.params.slug), req.body),
    );
  };
}
