import { safeInt, safeString } from '@encore/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TESTPAY_PUBLISHABLE_KEY, type Testpay, TestpayError } from './testpay.ts';

/** Where testpay answers the browser, like a card provider's own API origin. */
export const TESTPAY_PATH = '/testpay/v1';

const Card = z.object({
  number: safeString().max(32),
  exp_month: safeInt(),
  exp_year: safeInt(),
  cvc: safeString().max(8),
});
const ConfirmBody = z.object({
  client_secret: safeString().max(200),
  payment_method: z
    .union([safeString().max(64), z.object({ card: Card, billing_details: z.unknown().optional() })])
    .optional(),
  setup_future_usage: z.enum(['off_session', 'on_session']).optional(),
});
const Params = z.object({ id: safeString().max(64) });

/**
 * The browser's calls to testpay: confirm card setup and confirm card payment with a client_secret,
 * authorised by the publishable key. Errors answer `{error: {type, code, decline_code?, message}}`.
 */
export function testpayRoutes(deps: { testpay: Testpay }): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', async (req, reply) => {
      if (!req.url.startsWith(TESTPAY_PATH)) return;
      if (req.headers.authorization !== `Bearer ${TESTPAY_PUBLISHABLE_KEY}`) {
        return reply.code(401).send({
          error: {
            type: 'invalid_request_error',
            code: 'api_key_invalid',
            message: 'Invalid API key provided.',
          },
        });
      }
    });
    app.setErrorHandler((err, _req, reply) => {
      if (err instanceof TestpayError) return reply.code(err.status).send({ error: err.error });
      const status = (err as { statusCode?: number }).statusCode;
      if (status === 400) {
        return reply.code(400).send({
          error: {
            type: 'invalid_request_error',
            code: 'parameter_invalid',
            message: (err as Error).message,
          },
        });
      }
      throw err;
    });
    const input = (body: z.infer<typeof ConfirmBody>) => {
      const pm = body.payment_method;
      return {
        client_secret: body.client_secret,
        setup_future_usage: body.setup_future_usage,
        ...(typeof pm === 'string' ? { payment_method: pm } : pm ? { card: pm.card } : {}),
      };
    };
    const schema = { hide: true, params: Params, body: ConfirmBody };
    app.post(`${TESTPAY_PATH}/setup_intents/:id/confirm`, { schema }, async (req) =>
      deps.testpay.confirmSetup(req.params.id, input(req.body)),
    );
    app.post(`${TESTPAY_PATH}/payment_intents/:id/confirm`, { schema }, async (req) =>
      deps.testpay.confirmPayment(req.params.id, input(req.body)),
    );
  };
}
