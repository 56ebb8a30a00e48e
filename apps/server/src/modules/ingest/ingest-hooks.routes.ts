import { timingSafeEqual } from 'node:crypto';
import { RtmpCallback } from '@encore/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FeedRegistry } from './feeds.ts';

const sameSecret = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * The RTMP engine's callbacks (nginx-rtmp `on_publish`, `on_update`, `on_publish_done`): POSTed
 * form-encoded from the loopback to a path holding a per-process secret. Answers: 2xx lets the publish
 * go on, 302 with `Location` renames it (so the packager reads it without the key), 403 refuses or
 * drops it. These routes log at `warn` only: their bodies carry the stream key.
 */
export function ingestHooksRoutes(deps: { feeds: FeedRegistry; secret: string }): FastifyPluginAsyncZod {
  return async (app) => {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const params = z.object({ secret: z.string().max(128) });
    const opts = { logLevel: 'warn' as const, schema: { hide: true, params, body: RtmpCallback } };

    app.post('/internal/ingest/:secret/publish', opts, async (req, reply) => {
      if (!sameSecret(req.params.secret, deps.secret)) return reply.code(404).send();
      const decision = await deps.feeds.authorizePublish(req.body.name, req.body.app);
      if (!decision.ok) return reply.code(403).send();
      // nginx-rtmp takes the new stream name from the redirect's Location.
      return reply.code(302).header('location', decision.internal).send();
    });

    app.post('/internal/ingest/:secret/update', opts, async (req, reply) => {
      if (!sameSecret(req.params.secret, deps.secret)) return reply.code(404).send();
      return reply.code(deps.feeds.mayContinue(req.body.name) ? 200 : 403).send();
    });

    app.post('/internal/ingest/:secret/publish-done', opts, async (req, reply) => {
      if (!sameSecret(req.params.secret, deps.secret)) return reply.code(404).send();
      await deps.feeds.publishDone(req.body.name);
      return reply.code(200).send();
    });
  };
}
