import {
  EnterEventBody,
  EnterEventParams,
  EnterEventResponse,
  ErrorBody,
  InQueueBody,
  LeaveEventParams,
} from '@encore/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuthGuards, sessionOf } from '../../platform/auth-guard.ts';
import type { Session } from '../auth/auth.service.ts';
import { entrySerializer } from './devices.presenter.ts';
import type { DevicesService } from './devices.service.ts';

const err = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, ErrorBody]));

/** The waiting room in front of entry (issue 28): lets the fan on, or throws 429 IN_QUEUE. */
export type EntryGate = {
  gate(session: Session, slug: string, queueToken: string | undefined): Promise<void>;
  recordEntry(ms: number): void;
};

export function devicesRoutes(deps: {
  devices: DevicesService;
  guards: AuthGuards;
  gate?: EntryGate;
}): FastifyPluginAsyncZod {
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
          body: EnterEventBody,
          // 202 is the spec's NO_TICKET answer of a join, kept for the gate (viewing section 8); 429
          // IN_QUEUE is the waiting room's place in line (docs/decisions.md, "The waiting room").
          response: { 200: EnterEventResponse, ...err(202, 400, 401, 403), 429: InQueueBody },
        },
      },
      async (req) => {
        const session = sessionOf(req);
        await deps.gate?.gate(session, req.params.slug, req.body.queue_token);
        const started = performance.now();
        const entered = await deps.devices.enter(session, req.params.slug);
        // Only entries that went through: the waiting room's own answers are not entry's latency.
        deps.gate?.recordEntry(performance.now() - started);
        return entered;
      },
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
