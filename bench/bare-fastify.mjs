/**
 * The doors-open baseline: a bare Fastify app with one trivial JSON route, no database, no auth.
 * Started by doors-open.mjs in its own process, like the real server, so both face the same load
 * generator on the same cores. Usage: node bench/bare-fastify.mjs <port>
 */
import Fastify from 'fastify';

const port = Number(process.argv[2] ?? 0);
const app = Fastify({ logger: false });
app.post('/check', async () => ({ status: true, paid_event_name: 'BENCH' }));
app.get('/healthz', async () => ({ status: 'ok' }));
await app.listen({ port, host: '127.0.0.1' });
process.on('SIGTERM', () => {
  app.close().then(() => process.exit(0));
});
