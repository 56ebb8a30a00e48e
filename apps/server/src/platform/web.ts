import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';

const API_PREFIXES = ['/thor/', '/dev/', '/docs', '/media/', '/realtime', '/healthz'];

/**
 * Serves the built web app. Hashed assets are cached for a year; index.html never, so a deploy is
 * picked up at once. Any other GET path is the SPA's (the client router decides, spec section 2).
 */
export function webRoutes(deps: { webDist: string }): FastifyPluginAsync {
  return async (app) => {
    const index = path.join(deps.webDist, 'index.html');
    const built = existsSync(index);
    if (built) {
      await app.register(fastifyStatic, {
        root: deps.webDist,
        // Looked up per request, so a rebuilt web app is served without a restart.
        wildcard: true,
        index: false,
        setHeaders: (res, filePath) => {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          res.setHeader(
            'cache-control',
            immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
          );
        },
      });
    }
    app.setNotFoundHandler(async (req, reply) => {
      const isApi = API_PREFIXES.some((p) => req.url.startsWith(p));
      if (req.method !== 'GET' || isApi) {
        return reply.code(404).send({ code: 'NOT_FOUND', message: 'Not found.' });
      }
      if (!built) {
        return reply.code(503).type('text/plain').send('The web app is not built yet: run `npm run build`.');
      }
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html');
    });
  };
}
