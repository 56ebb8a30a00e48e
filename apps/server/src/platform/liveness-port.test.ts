import { spawn } from 'node:child_process';
import net, { type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../config.ts';
import { closeLiveness, listenLiveness } from './liveness-port.ts';

describe('liveness port (HEALTH_PORT)', () => {
  it('answers GET /livez 200, anything else 404, and stops answering once closed', async () => {
    const server = await listenLiveness(0, '127.0.0.1');
    const { port } = server.address() as AddressInfo;
    const base = `http://127.0.0.1:${port}`;
    try {
      const live = await fetch(`${base}/livez`);
      expect(live.status).toBe(200);
      expect(live.headers.get('cache-control')).toBe('no-store');
      expect(await live.json()).toEqual({ status: 'ok' });
      expect((await fetch(`${base}/healthz`)).status).toBe(404);
      expect((await fetch(`${base}/livez`, { method: 'POST' })).status).toBe(404);
    } finally {
      await closeLiveness(server);
    }
    await expect(fetch(`${base}/livez`)).rejects.toThrow();
  });

  it('refuses to start on a port in use, rather than run without its check', async () => {
    const first = await listenLiveness(0, '127.0.0.1');
    const { port } = first.address() as AddressInfo;
    try {
      await expect(listenLiveness(port, '127.0.0.1')).rejects.toThrow(/EADDRINUSE/);
    } finally {
      await closeLiveness(first);
    }
  });

  it("the fans' port queues a herd of 1,500 handshakes while its process is busy (LISTEN_BACKLOG)", async () => {
    expect(parseConfig({}).listenBacklog).toBe(4096);
    expect(() => parseConfig({ LISTEN_BACKLOG: '0' })).toThrow(ConfigError);
    const { listenBacklog } = parseConfig({});
    // A process that listens with the node's backlog, then holds its event loop for 4 s: every
    // connection made meanwhile waits in the kernel's accept queue. Node's default (511) dropped the
    // rest, which the clients retry after 1, 3 and 7 s.
    const child = spawn(
      process.execPath,
      [
        '-e',
        `const s = require('node:net').createServer().listen({ port: 0, host: '127.0.0.1', backlog: ${listenBacklog} }, () => {
          console.log(s.address().port);
          Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 4000);
        });`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      const port = await new Promise<number>((resolve) =>
        child.stdout.once('data', (d) => resolve(Number(d))),
      );
      const sockets: net.Socket[] = [];
      const connected = await Promise.all(
        Array.from(
          { length: 1500 },
          () =>
            new Promise<boolean>((resolve) => {
              const socket = net.connect({ port, host: '127.0.0.1' });
              sockets.push(socket);
              socket.once('connect', () => resolve(true));
              socket.once('error', () => resolve(false));
              setTimeout(() => resolve(false), 900).unref();
            }),
        ),
      );
      for (const socket of sockets) socket.destroy();
      expect(connected.filter(Boolean).length).toBe(1500);
    } finally {
      child.kill('SIGKILL');
    }
  });
});
