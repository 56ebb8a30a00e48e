import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CatalogQuery, CatalogResponse, ErrorBody, OrderListResponse, OrderQuery } from '@encore/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../errors.ts';
import { requireThisApp } from '../../platform/app-identity.ts';
import { type AuthGuards, sessionOf } from '../../platform/auth-guard.ts';
import type { CatalogService } from './catalog.service.ts';

const err = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, ErrorBody]));
const STICKER_DIR = path.join(import.meta.dirname, 'stickers');
/** Where the demo sticker images are served (drawn SVG files of this module), under /thor so dev proxies pass it. */
export const STICKER_PATH = '/thor/pg/sticker-images/';

export function catalogRoutes(deps: { catalog: CatalogService; guards: AuthGuards }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/thor/pg/catalog/',
      {
        // 401 before 408 (accounts section 8): the app is asked of signed-in callers only.
        preHandler: [deps.guards.requireAuth, requireThisApp],
        schema: {
          tags: ['shop'],
          summary:
            'Catalogue items; sticker packs are category bundle with their stickers in item_list. 408 INVALID_APP when the Accept header names another app',
          querystring: CatalogQuery,
          response: { 200: CatalogResponse, ...err(400, 401, 408) },
        },
      },
      async (req) => deps.catalog.catalog(req.query),
    );

    app.get(
      '/thor/pg/order/',
      {
        preHandler: deps.guards.requireAuth,
        schema: {
          tags: ['shop'],
          summary: "The fan's orders; status fulfilled means owned",
          querystring: OrderQuery,
          response: { 200: OrderListResponse, ...err(400, 401, 404) },
        },
      },
      async (req) => deps.catalog.orders(sessionOf(req).user.id, req.query),
    );

    app.get(
      `${STICKER_PATH}:file`,
      { schema: { hide: true, params: z.object({ file: z.string().regex(/^[a-z0-9-]{1,64}\.svg$/) }) } },
      async (req, reply) => {
        const body = await readFile(path.join(STICKER_DIR, req.params.file)).catch(() => null);
        if (!body) throw notFound('No such sticker image.');
        return (
          reply
            .header('content-type', 'image/svg+xml')
            .header('cache-control', 'public, max-age=86400')
            // An SVG opened on its own must not run anything.
            .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
            .send(body)
        );
      },
    );
  };
}
