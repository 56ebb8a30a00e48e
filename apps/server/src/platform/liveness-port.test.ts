import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
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
});
