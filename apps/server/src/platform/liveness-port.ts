import { createServer, type Server } from 'node:http';

/**
 * The balancer's liveness check on a port of its own (HEALTH_PORT): GET /livez answers 200 from the
 * process alone, nothing else is served. Under a doors-open herd the main port's accept queue is
 * full of fans' connections, and a check that had to wait its turn there took 1 to 3 s to be
 * accepted while the event loop itself turned every 40 ms: HAProxy took live nodes out and cut their
 * sockets, which sent their fans to the other nodes' queues (docs/benchmarks.md, the herd). This
 * socket's queue holds only checks, so its answer measures the event loop, which is the question.
 */
export async function listenLiveness(port: number, host: string): Promise<Server> {
  const server = createServer((req, res) => {
    const live = req.method === 'GET' && req.url === '/livez';
    res.writeHead(live ? 200 : 404, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(live ? '{"status":"ok"}' : '{"code":"NOT_FOUND","message":"Only GET /livez is served here."}');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}

/** Stops answering at once (the balancer takes the node out) and ends the checks' open connections. */
export function closeLiveness(server: Server): Promise<void> {
  return new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
