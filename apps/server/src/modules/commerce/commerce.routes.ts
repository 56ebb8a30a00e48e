import {
  BillingInfoBody,
  BillingInfoCreated,
  BillingInfoQuery,
  BillingInfoResponse,
  CancelOrderQuery,
  CancelOrderResponse,
  ErrorBody,
  OrderBody,
  OrderCreated,
  PaymentVendorQuery,
  PaymentVendorResponse,
} from '@encore/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuthGuards, sessionOf } from '../../platform/auth-guard.ts';
import type { CommerceService } from './commerce.service.ts';

const err = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, ErrorBody]));
const Ok = z.object({ result: z.string() });

/** The /thor/pg/ calls of ticket purchase, billing and refunds (accounts section 7). */
export function commerceRoutes(deps: {
  commerce: CommerceService;
  guards: AuthGuards;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const auth = { preHandler: deps.guards.requireAuth };
    app.get(
      '/thor/pg/vendor/',
      {
        ...auth,
        schema: {
          tags: ['shop'],
          summary: "The card provider's publishable key (api_key)",
          querystring: PaymentVendorQuery,
          response: { 200: PaymentVendorResponse, ...err(400, 401, 404) },
        },
      },
      async (req) => deps.commerce.vendor(req.query.name),
    );

    app.get(
      '/thor/pg/billing_info/',
      {
        ...auth,
        schema: {
          tags: ['shop'],
          summary: "The fan's billing records; card is '' until a card is saved",
          querystring: BillingInfoQuery,
          response: { 200: BillingInfoResponse, ...err(400, 401, 404) },
        },
      },
      async (req) => deps.commerce.billingInfo(sessionOf(req).user.id, req.query.vendor),
    );

    app.post(
      '/thor/pg/billing_info/',
      {
        ...auth,
        schema: {
          tags: ['shop'],
          summary: 'Saves billing; 201 with the client_secret of a card setup to confirm with the provider',
          body: BillingInfoBody,
          response: { 201: BillingInfoCreated, ...err(400, 401) },
        },
      },
      async (req, reply) =>
        reply.code(201).send(await deps.commerce.saveBilling(sessionOf(req).user.id, req.body)),
    );

    app.delete(
      '/thor/pg/billing_info/',
      {
        ...auth,
        schema: {
          tags: ['shop'],
          summary: 'Removes the payment information',
          response: { 200: Ok, ...err(401, 404) },
        },
      },
      async (req) => {
        await deps.commerce.deleteBilling(sessionOf(req).user.id);
        return { result: 'OK' };
      },
    );

    app.post(
      '/thor/pg/order/',
      {
        ...auth,
        schema: {
          tags: ['shop'],
          summary: 'Creates an order; pay it with confirm card payment and its client_secret',
          body: OrderBody,
          response: { 200: OrderCreated, ...err(400, 401, 404, 409) },
        },
      },
      async (req) => deps.commerce.createOrder(sessionOf(req).user.id, req.body),
    );

    app.delete(
      '/thor/pg/order/',
      {
        ...auth,
        schema: {
          tags: ['shop'],
          summary: 'Refunds an order while its refund_stop_time is ahead',
          querystring: CancelOrderQuery,
          response: { 200: CancelOrderResponse, 206: CancelOrderResponse, ...err(400, 401, 403, 404, 417) },
        },
      },
      async (req, reply) => {
        const done = await deps.commerce.cancelOrder(sessionOf(req).user.id, req.query);
        return reply.code(done.status).send(done.body);
      },
    );
  };
}
