import { EnterEventParams, EnterEventResponse, ErrorBody, LeaveEventParams } from '@encore/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuthGuards, sessionOf } from '../../platform/auth-guard.ts';
import { entrySerializer } from './devices.presenter.ts';
import type { DevicesService } from './devices.service.ts';

const err = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, ErrorBody]));

export function devicesRoutes(deps: { devices: DevicesService; guards: AuthGuards }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/thor/shows/:slug/enter/',
      {
        preHandler: deps.guards.requireAuth,
        // Doors-open: thousands a second (docs/benchmarks.md).
        ...entrySerializer,
        schema: {
          tags: ['shows'],
          summary: 'A device enters the show (the gate before join_hang)',
          params: EnterEventParams,
          // 202 is the spec's NO_TICKET answer of a join, kept for the gate (viewing section 8).
          response: { 200: EnterEventResponse, ...err(202, 400, 401, 403) },
        },
      },
      async (req) => deps.devices.enter(sessionOf(req), req.params.slug),
    );

    app.delete(
      '/thor/shows/:slug/enter/:session_id/',
      {
        preHandler: deps.guards.requireAuth,
        schema: {
          tags: ['shows'],
          summary: 'The device leaves the show',
          params: LeaveEventParams,
          response: { 204: z.null().describe('Left'), ...err(400, 401, 404) },
        },
      },
      async (req, reply) => {
        await deps.devices.leave(sessionOf(req), req.params.slug, req.params.session_id);
        return reply.code(204).send(null);
      },
    );
  };
}
