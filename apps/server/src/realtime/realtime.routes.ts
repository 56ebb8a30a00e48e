import fastifyWebsocket from '@fastify/websocket';
import type { FastifyPluginAsync } from 'fastify';
import type { Gateway } from './gateway.ts';

/** Client frames are a few hundred bytes; anything near this is not the protocol. */
const MAX_FRAME_BYTES = 16 * 1024;

/**
 * GET /realtime: one WebSocket per tab (DESIGN.md section 5). The upgrade itself needs no token:
 * the first frame carries it, so it never lands in a proxy's access log with the URL.
 */
export function realtimeRoutes(deps: { gateway: Gateway }): FastifyPluginAsync {
  return async (app) => {
    await app.register(fastifyWebsocket, {
      options: { maxPayload: MAX_FRAME_BYTES, perMessageDeflate: false },
      // Clients hear 1001 (going away) and reconnect to another node, instead of a bare drop.
      preClose: async () => {
        await deps.gateway.close();
        await new Promise<void>((resolve) => app.websocketServer.close(() => resolve()));
      },
    });
    app.get('/realtime', { websocket: true, schema: { hide: true } }, (socket) => {
      deps.gateway.accept(socket);
    });
  };
}
