import {
  AuditPage,
  AuditQuery,
  ChatPolicy,
  ChatPolicyBody,
  ErrorBody,
  ModeratedShows,
  ModerationFeed,
  ModerationParams,
  ModerationTossParams,
  ModerationUserParams,
  Moderator,
  ModeratorBody,
  ModeratorRemoved,
  ModeratorsResponse,
  QueueDecision,
  QueueResponse,
  ReportParams,
  ReportResponse,
  RestrictBody,
  RestrictedFan,
  RestrictionLifted,
  RestrictionsResponse,
  TossDeleted,
} from '@encore/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuards, sessionOf } from '../../platform/auth-guard.ts';
import type { ModerationService } from './moderation.service.ts';
import type { ModerationAccess } from './moderation-access.ts';

const err = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, ErrorBody]));
const tags = ['moderation'];

/**
 * The moderation calls (issue 13): /thor/host/shows/{slug}/moderation/... for the show's hosts and
 * moderators, /thor/host/shows/{slug}/moderators for hosts only, the host area's show list, and the
 * fans' report. Each handler authorizes, then hands over to the service.
 */
export function moderationRoutes(deps: {
  moderation: ModerationService;
  access: ModerationAccess;
  guards: AuthGuards;
}): FastifyPluginAsyncZod {
  const { moderation: m, access } = deps;
  const mod = (req: FastifyRequest, slug: string) => access.authorize(sessionOf(req).user, slug);
  const host = (req: FastifyRequest, slug: string) => access.authorizeHost(sessionOf(req).user, slug);
  return async (app) => {
    const auth = { preHandler: deps.guards.requireAuth };
    const base = '/thor/host/shows/:slug/moderation';

    app.get(
      `${base}/feed`,
      {
        ...auth,
        schema: {
          tags,
          summary: 'Every hang of the show and their latest tosses',
          params: ModerationParams,
          response: { 200: ModerationFeed, ...err(400, 401, 403) },
        },
      },
      async (req) => m.feed(await mod(req, req.params.slug)),
    );

    app.delete(
      `${base}/tosses/:tossId`,
      {
        ...auth,
        schema: {
          tags,
          summary: 'Delete a message for everyone',
          params: ModerationTossParams,
          response: { 200: TossDeleted, ...err(400, 401, 403, 404) },
        },
      },
      async (req) => m.deleteToss(await mod(req, req.params.slug), req.params.tossId),
    );

    app.get(
      `${base}/restrictions`,
      {
        ...auth,
        schema: {
          tags,
          params: ModerationParams,
          response: { 200: RestrictionsResponse, ...err(400, 401, 403) },
        },
      },
      async (req) => ({ restrictions: await m.restrictions(await mod(req, req.params.slug)) }),
    );

    app.post(
      `${base}/restrictions`,
      {
        ...auth,
        schema: {
          tags,
          summary: 'Time a fan out (300 or 3600 s) or ban them from the show chat',
          params: ModerationParams,
          body: RestrictBody,
          response: { 201: RestrictedFan, ...err(400, 401, 403, 404) },
        },
      },
      async (req, reply) => reply.code(201).send(await m.restrict(await mod(req, req.params.slug), req.body)),
    );

    app.delete(
      `${base}/restrictions/:username`,
      {
        ...auth,
        schema: {
          tags,
          summary: 'Lift a timeout, ban or chat off',
          params: ModerationUserParams,
          response: { 200: RestrictionLifted, ...err(400, 401, 403, 404) },
        },
      },
      async (req) => m.lift(await mod(req, req.params.slug), req.params.username),
    );

    app.get(
      `${base}/policy`,
      {
        ...auth,
        schema: { tags, params: ModerationParams, response: { 200: ChatPolicy, ...err(400, 401, 403) } },
      },
      async (req) => m.policy(await mod(req, req.params.slug)),
    );

    app.put(
      `${base}/policy`,
      {
        ...auth,
        schema: {
          tags,
          summary: 'Slow mode and blocked terms',
          params: ModerationParams,
          body: ChatPolicyBody,
          response: { 200: ChatPolicy, ...err(400, 401, 403) },
        },
      },
      async (req) => m.setPolicy(await mod(req, req.params.slug), req.body),
    );

    app.get(
      `${base}/queue`,
      {
        ...auth,
        schema: {
          tags,
          summary: 'Held and reported messages',
          params: ModerationParams,
          response: { 200: QueueResponse, ...err(400, 401, 403) },
        },
      },
      async (req) => m.queue(await mod(req, req.params.slug)),
    );

    for (const decision of ['approve', 'discard'] as const) {
      app.post(
        `${base}/queue/:tossId/${decision}`,
        {
          ...auth,
          schema: {
            tags,
            params: ModerationTossParams,
            response: { 200: QueueDecision, ...err(400, 401, 403, 404) },
          },
        },
        async (req) => m.decide(await mod(req, req.params.slug), req.params.tossId, decision === 'approve'),
      );
    }

    app.get(
      `${base}/audit`,
      {
        ...auth,
        schema: {
          tags,
          summary: 'Every host and moderator action, newest first',
          params: ModerationParams,
          querystring: AuditQuery,
          response: { 200: AuditPage, ...err(400, 401, 403) },
        },
      },
      async (req) => m.auditPage(await mod(req, req.params.slug), req.query),
    );

    app.get(
      '/thor/host/shows/:slug/moderators',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Moderators of the show (hosts only)',
          params: ModerationParams,
          response: { 200: ModeratorsResponse, ...err(400, 401, 403) },
        },
      },
      async (req) => ({ moderators: await m.moderators(await host(req, req.params.slug)) }),
    );

    app.post(
      '/thor/host/shows/:slug/moderators',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Appoint a moderator by username (hosts only)',
          params: ModerationParams,
          body: ModeratorBody,
          response: { 201: Moderator, ...err(400, 401, 403, 404) },
        },
      },
      async (req, reply) =>
        reply.code(201).send(await m.appoint(await host(req, req.params.slug), req.body.username)),
    );

    app.delete(
      '/thor/host/shows/:slug/moderators/:username',
      {
        ...auth,
        schema: {
          tags,
          params: ModerationUserParams,
          response: { 200: ModeratorRemoved, ...err(400, 401, 403, 404) },
        },
      },
      async (req) => m.dismiss(await host(req, req.params.slug), req.params.username),
    );

    app.get(
      '/thor/mod/shows',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Shows the caller hosts or moderates',
          response: { 200: ModeratedShows, ...err(401) },
        },
      },
      async (req) => m.moderatedShows(sessionOf(req).user),
    );

    app.post(
      '/thor/hangs/:hangId/tosses/:tossId/report',
      {
        ...auth,
        schema: {
          tags: ['chat'],
          summary: 'Report a message to the moderators',
          params: ReportParams,
          response: { 202: ReportResponse, ...err(400, 401, 403, 404, 429) },
        },
      },
      async (req, reply) =>
        reply.code(202).send(await m.report(sessionOf(req).user, req.params.hangId, req.params.tossId)),
    );
  };
}
