import {
  CHAT_SEND_ERROR_TEXT,
  ErrorBody,
  HangStatusQuery,
  HangStatusResponse,
  HangsListQuery,
  HangsListResponse,
  JoinHangBody,
  JoinHangResponse,
  LeaveHangBody,
  LeaveHangResponse,
  MonikersResponse,
  TossBody,
  TossParams,
  TossResponse,
} from '@encore/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';
import { type AuthGuards, sessionOf } from '../../platform/auth-guard.ts';
import type { HangsService } from './hangs.service.ts';
import type { TossesService } from './tosses.service.ts';

const err = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, ErrorBody]));

/** The hang and toss calls of viewing section 7, with the status codes of section 8. */
export function hangsRoutes(deps: {
  hangs: HangsService;
  tosses: TossesService;
  guards: AuthGuards;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const auth = { preHandler: deps.guards.requireAuth };

    app.get(
      '/thor/hangs/get_hangs_list/',
      {
        ...auth,
        schema: {
          tags: ['chat'],
          summary: 'Featured hangs: one per show; the client reads hang_category_list[0].hangs',
          querystring: HangsListQuery,
          response: { 200: HangsListResponse, ...err(400, 401, 404) },
        },
      },
      async (req) => deps.hangs.featured(sessionOf(req).user, req.query),
    );

    app.put(
      '/thor/hangs/join_hang/',
      {
        ...auth,
        schema: {
          tags: ['chat'],
          summary: "Join a show's chat: placed in a hang with room; answers it with its recent tosses",
          body: JoinHangBody,
          response: { 200: JoinHangResponse, ...err(202, 206, 400, 401, 403, 404, 409, 412) },
        },
      },
      async (req) => deps.hangs.join(sessionOf(req).user, req.body),
    );

    app.put(
      '/thor/hangs/leave_hang',
      {
        ...auth,
        schema: {
          tags: ['chat'],
          body: LeaveHangBody,
          response: { 200: LeaveHangResponse, ...err(400, 401, 404) },
        },
      },
      async (req) => deps.hangs.leave(sessionOf(req).user, req.body),
    );

    app.get(
      '/thor/hangs/hang_status/',
      {
        ...auth,
        schema: {
          tags: ['chat'],
          querystring: HangStatusQuery,
          response: { 200: HangStatusResponse, ...err(400, 401, 404) },
        },
      },
      async (req) => deps.hangs.status(sessionOf(req).user, req.query),
    );

    app.get(
      '/thor/chats/monikers/',
      { ...auth, schema: { tags: ['chat'], response: { 200: MonikersResponse, ...err(401) } } },
      async () => deps.hangs.monikers(),
    );

    app.post(
      '/thor/hangs/:hangId/:sessionId/toss/',
      {
        ...auth,
        schema: {
          tags: ['chat'],
          summary: 'Send a chat message or a sticker (500 OVER_CAPACITY: wait 20 s; 429 SLOW_MODE)',
          params: TossParams,
          body: TossBody,
          response: { 200: TossResponse, ...err(400, 401, 403, 404, 412, 429, 500, 503) },
        },
      },
      async (req) => {
        try {
          // The fan's language tells Japanese from Chinese in Han-only text (the word filter).
          return await deps.tosses.toss(
            sessionOf(req).user,
            req.params,
            req.body,
            req.headers['accept-language'],
          );
        } catch (e) {
          if (e instanceof AppError) throw e;
          // The client reads any 500 as OVER_CAPACITY (viewing section 8): other failures must not be one.
          req.log.error({ err: e }, 'toss failed');
          throw new AppError('CHAT_SEND_ERROR', 503, CHAT_SEND_ERROR_TEXT);
        }
      },
    );
  };
}
