import { Alert, AlertParams, AlertPublished, AlertQuery, CueState, ErrorBody } from '@encore/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuards, sessionOf } from '../../platform/auth-guard.ts';
import type { AlertsService } from './alerts.service.ts';

const err = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, ErrorBody]));

/** POST /thor/host/shows/{slug}/alerts: the control room's overlays, slates, light-stick and chat switch. */
export function alertsRoutes(deps: { alerts: AlertsService; guards: AuthGuards }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/thor/host/shows/:slug/alerts',
      {
        preHandler: deps.guards.requireHost,
        schema: {
          tags: ['host'],
          summary: 'Publish an alert to the whole show, or with f to one username',
          params: AlertParams,
          querystring: AlertQuery,
          body: Alert,
          response: { 202: AlertPublished, ...err(400, 401, 403, 404) },
        },
      },
      async (req, reply) =>
        reply
          .code(202)
          .send(await deps.alerts.publish(sessionOf(req).user, req.params.slug, req.body, req.query.at)),
    );
    app.get(
      '/thor/host/shows/:slug/cues',
      {
        preHandler: deps.guards.requireHost,
        schema: {
          tags: ['host'],
          summary:
            'The current state of every cue: the last of each kind, the chat switch, fans with chat off',
          params: AlertParams,
          response: { 200: CueState, ...err(401, 403, 404) },
        },
      },
      async (req) => deps.alerts.state(req.params.slug),
    );
  };
}
