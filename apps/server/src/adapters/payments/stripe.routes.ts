import type { FastifyPluginAsync } from 'fastify';
import { type StripeAdapter, WebhookSignatureError } from './stripe.ts';

/** Where Stripe delivers its events (set this URL on the dashboard's webhook endpoint). */
export const STRIPE_WEBHOOK_PATH = '/payments/stripe/webhook';

/**
 * Stripe's webhook: the signature covers the exact bytes sent, so this plugin (and only it) keeps
 * JSON bodies raw. 400 for a bad signature; when the intent cannot be read back (Stripe unreachable) the 503
 * makes Stripe deliver it again later.
 */
export function stripeRoutes(deps: { stripe: StripeAdapter }): FastifyPluginAsync {
  return async (app) => {
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 256 * 1024 },
      (_req, body, done) => done(null, body),
    );
    app.post(STRIPE_WEBHOOK_PATH, { schema: { hide: true } }, async (req, reply) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const signature = req.headers['stripe-signature'];
      try {
        const done = await deps.stripe.handleWebhook(
          raw,
          typeof signature === 'string' ? signature : undefined,
        );
        return { received: true, applied: done.applied };
      } catch (err) {
        if (err instanceof WebhookSignatureError) {
          return reply
            .code(400)
            .send({ code: 'BAD_SIGNATURE', message: 'The webhook signature does not verify.' });
        }
        throw err;
      }
    });
  };
}
