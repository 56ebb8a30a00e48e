import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';

const API_PREFIXES = ['/thor/', '/dev/', '/docs', '/media/', '/realtime', '/healthz'];

/** index.html never cached (a deploy is picked up at once); hashed assets forever; the rest briefly. */
function cacheControl(filePath: string): string {
  if (filePath.endsWith(`${path.sep}index.html`)) return 'no-cache';
  if (filePath.includes(`${path.sep}assets${path.sep}`)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=300';
}

/**
 * Serves the built web app. Files are looked up per request (a rebuilt app is served without a
 * restart); any other GET path is the SPA's, whose router decides (spec section 2).
 */
export function webRoutes(deps: { webDist: string }): FastifyPluginAsync {
  return async (app) => {
    const built = existsSync(path.join(deps.webDist, 'index.html'));
    if (built) {
      await app.register(fastifyStatic, {
        root: deps.webDist,
        wildcard: true,
        index: 'index.html',
        cacheControl: false,
        setHeaders: (res, filePath) => {
          res.setHeader('cache-control', cacheControl(filePath));
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
