import {
  ErrorBody,
  PHONE_LIMITS,
  PhoneLoginResponse,
  PhoneRegisterBody,
  PhoneTempCodeResponse,
  PhoneTokenBody,
  PhoneVerificationBody,
  PhoneVerificationResponse,
} from '@encore/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { presentUser } from '../users/users.presenter.ts';
import type { PhoneService } from './phone.service.ts';

const err = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, ErrorBody]));

/** Phone login, accounts sections 7 and 8 (answers decided in docs/decisions.md). */
export function phoneRoutes(deps: { phone: PhoneService }): FastifyPluginAsyncZod {
  return async (app) => {
    const ctx = (req: { ip: string; headers: Record<string, unknown> }) => ({
      ip: req.ip,
      userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : null,
    });

    app.post(
      '/thor/phone/verification/',
      {
        schema: {
          tags: ['phone'],
          body: PhoneVerificationBody,
          response: { 200: PhoneVerificationResponse, ...err(400, 425, 429, 502) },
        },
      },
      async (req) => {
        await deps.phone.requestCode(req.body.phone_number, ctx(req));
        return {
          detail: 'Verification code sent.',
          expires_in: PHONE_LIMITS.codeTtlSeconds,
          resend_in: PHONE_LIMITS.resendSeconds,
        };
      },
    );

    app.post(
      '/thor/phone/verification/token/',
      {
        schema: {
          tags: ['phone'],
          body: PhoneTokenBody,
          response: {
            200: PhoneLoginResponse,
            201: PhoneTempCodeResponse,
            ...err(400, 403, 406, 412, 429),
          },
        },
      },
      async (req, reply) => {
        const result = await deps.phone.verifyCode(req.body, ctx(req));
        if (result.kind === 'signup') return reply.code(201).send({ temp_code: result.tempCode });
        return reply.code(200).send({ key: result.key, user: presentUser(result.user) });
      },
    );

    app.post(
      '/thor/phone/register/',
      {
        schema: {
          tags: ['phone'],
          body: PhoneRegisterBody,
          response: { 201: PhoneLoginResponse, ...err(400, 403, 406, 409, 429) },
        },
      },
      async (req, reply) => {
        const { key, user } = await deps.phone.register(req.body, ctx(req));
        return reply.code(201).send({ key, user: presentUser(user) });
      },
    );
  };
}
