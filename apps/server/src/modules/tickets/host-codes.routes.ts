import { Readable } from 'node:stream';
import {
  ErrorBody,
  RevokeResult,
  RevokeTicketBody,
  ShowSlugParams,
  TicketCodePage,
  TicketCodeParams,
  TicketCodeQuery,
} from '@encore/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthGuards } from '../../platform/auth-guard.ts';
import type { HostCodesService } from './host-codes.service.ts';

const err = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, ErrorBody]));

/**
 * The control room's ticket codes, hosts only (the import is POST .../ticket-codes in
 * tickets.routes.ts): search and page, CSV export, revoke a code, revoke a fan's ticket.
 */
export function hostCodesRoutes(deps: {
  codes: HostCodesService;
  guards: AuthGuards;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const preHandler = deps.guards.requireHost;
    app.get(
      '/thor/host/shows/:slug/ticket-codes',
      {
        preHandler,
        schema: {
          tags: ['host'],
          params: ShowSlugParams,
          querystring: TicketCodeQuery,
          response: { 200: TicketCodePage, ...err(400, 401, 403, 404) },
        },
      },
      async (req) => deps.codes.page(req.params.slug, req.query),
    );
    app.get(
      '/thor/host/shows/:slug/ticket-codes.csv',
      {
        preHandler,
        schema: {
          tags: ['host'],
          params: ShowSlugParams,
          querystring: TicketCodeQuery,
          produces: ['text/csv'],
        },
      },
      async (req, reply) => {
        const lines = deps.codes.csv(req.params.slug, req.query);
        // The first chunk (or the show's 404) before the headers go out.
        const first = await lines.next();
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${req.params.slug}-codes.csv"`);
        return reply.send(
          Readable.from(
            (async function* () {
              if (!first.done) yield first.value;
              yield* lines;
            })(),
          ),
        );
      },
    );
    app.post(
      '/thor/host/shows/:slug/ticket-codes/:code/revoke',
      {
        preHandler,
        schema: {
          tags: ['host'],
          params: TicketCodeParams,
          response: { 200: RevokeResult, ...err(401, 403, 404) },
        },
      },
      async (req) => deps.codes.revokeCode(req.params.slug, req.params.code),
    );
    app.post(
      '/thor/host/shows/:slug/tickets/revoke',
      {
        preHandler,
        schema: {
          tags: ['host'],
          params: ShowSlugParams,
          body: RevokeTicketBody,
          response: { 200: RevokeResult, ...err(400, 401, 403, 404) },
        },
      },
      async (req) => deps.codes.revokeTicket(req.params.slug, req.body.username),
    );
  };
}
