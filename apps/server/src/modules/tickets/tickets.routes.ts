import {
  CODE_IMPORT_MAX_BYTES,
  CodeImportFailure,
  CodeImportResult,
  ErrorBody,
  ShowSlugParams,
  safeString,
  TicketValidateBody,
  TicketValidateResponse,
} from '@encore/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';
import type { AuthGuards } from '../../platform/auth-guard.ts';
import type { CodeImporter } from './code-import.service.ts';
import type { TicketsService } from './tickets.service.ts';

const err = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, ErrorBody]));

export function ticketsRoutes(deps: {
  tickets: TicketsService;
  importer: CodeImporter;
  guards: AuthGuards;
}): FastifyPluginAsyncZod {
  return async (app) => {
    // Booking-code files come as text/csv; only this plugin's routes accept it.
    app.addContentTypeParser(
      'text/csv',
      { parseAs: 'string', bodyLimit: CODE_IMPORT_MAX_BYTES },
      (_req, body, done) => done(null, body),
    );

    app.post(
      '/thor/ticket/validate/',
      {
        // The token-check shape carries its own credential; the other shapes need the header's.
        preHandler: deps.guards.optionalAuth,
        schema: {
          tags: ['tickets'],
          body: TicketValidateBody,
          response: { 200: TicketValidateResponse, ...err(400, 401, 402, 404, 406, 409, 412, 415, 429) },
        },
      },
      async (req) => deps.tickets.validate(req.body, req.session, req.ip),
    );

    app.post(
      '/thor/host/shows/:slug/ticket-codes',
      {
        // Before the body is read: a 5 MB upload is only accepted from a host.
        onRequest: deps.guards.requireHost,
        bodyLimit: CODE_IMPORT_MAX_BYTES,
        schema: {
          tags: ['host'],
          params: ShowSlugParams,
          consumes: ['text/csv'],
          body: safeString(),
          response: { 201: CodeImportResult, 400: CodeImportFailure, ...err(401, 403, 404, 409, 413, 415) },
        },
      },
      async (req, reply) => {
        const result = await deps.importer.importCsv(req.params.slug, req.body);
        if (result.errors.length > 0) {
          const n = result.errors.length;
          throw new AppError(
            'INVALID_CSV',
            400,
            `${n} ${n === 1 ? 'line has' : 'lines have'} errors; nothing was imported.`,
            { ...result },
          );
        }
        return reply.code(201).send(result);
      },
    );
  };
}
