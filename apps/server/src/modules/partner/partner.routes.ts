import {
  ErrorBody,
  LoginResponse,
  PartnerLoginBody,
  PartnerRegisterBody,
  TempCodeResponse,
} from '@encore/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { presentUser } from '../users/users.presenter.ts';
import type { PartnerService } from './partner.service.ts';

const err = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, ErrorBody]));

/** Partner-platform login, accounts sections 4, 7 and 8 (answers decided in docs/decisions.md). */
export function partnerRoutes(deps: { partner: PartnerService }): FastifyPluginAsyncZod {
  return async (app) => {
    const ctx = (req: { ip: string; headers: Record<string, unknown> }) => ({
      ip: req.ip,
      userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : null,
    });

    app.post(
      '/thor/auth/weverse_login/',
      {
        schema: {
          tags: ['auth'],
          body: PartnerLoginBody,
          response: { 200: LoginResponse, 201: TempCodeResponse, 204: z.null(), ...err(400, 429) },
        },
      },
      async (req, reply) => {
        const result = await deps.partner.login(req.body.access_token, ctx(req));
        // 204 PROBLEM_CONNECTING_TO_WEVERSE: the spec's status carries no body.
        if (result.kind === 'unavailable') return reply.code(204).send(null);
        if (result.kind === 'signup') return reply.code(201).send({ temp_code: result.tempCode });
        return reply.code(200).send({ key: result.key, user: presentUser(result.user) });
      },
    );

    app.post(
      '/thor/auth/weverse_register/',
      {
        schema: {
          tags: ['auth'],
          body: PartnerRegisterBody,
          response: { 201: LoginResponse, ...err(400, 406, 409, 429) },
        },
      },
      async (req, reply) => {
        const { key, user } = await deps.partner.register(req.body, ctx(req));
        return reply.code(201).send({ key, user: presentUser(user) });
      },
    );
  };
}
