import { createServer } from 'node:net';

/** A TCP port free on 127.0.0.1 now, for a real server a test starts (nginx, Prometheus). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A test's fixed port moved by TEST_PORT_OFFSET: `npm test` runs the server tests on PGlite and on
 * the PostgreSQL server side by side (scripts/test.mjs), each with its own offset, so that the files
 * that start real servers on fixed ports (nginx-rtmp callbacks, crash-test servers) never meet.
 */
export function testPort(base: number): number {
  return base + (Number(process.env.TEST_PORT_OFFSET) || 0);
}
