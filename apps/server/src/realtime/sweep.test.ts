import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createUser, login } from '../../test/factories.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { realtimeUrl } from '../../test/realtime-client.ts';

// The keep-alive sweep: a socket that answers no ping is dropped; one whose pong is merely waiting
// to be read behind a stall of the server's event loop is not.
const SWEEP_MS = 1000;
let t: TestContext;
let url: string;
beforeAll(async () => {
  t = await createTestContext({ REALTIME_SWEEP_MS: String(SWEEP_MS) });
  url = await realtimeUrl(t.app);
});
afterAll(async () => {
  await t?.close();
});

// The fan runs on its own event loop (a worker thread), as a remote client would. It tells the test
// of each ping first and answers it 200 ms later: the test holds the server's loop on the first
// message, so that pong arrives during the stall and waits unread while the next sweep falls due.
const FAN = `
const { parentPort, workerData } = require('node:worker_threads');
const { WebSocket } = require('ws');
const ws = new WebSocket(workerData.url, { autoPong: false });
let pings = 0;
ws.on('open', () => ws.send(JSON.stringify({ type: 'auth', token: workerData.key })));
ws.on('message', (data) => {
  if (JSON.parse(data.toString()).type === 'ready') parentPort.postMessage({ ready: true });
});
ws.on('ping', () => {
  parentPort.postMessage({ pings: ++pings });
  setTimeout(() => ws.pong(), 200);
});
ws.on('close', (code) => parentPort.postMessage({ closed: code }));
parentPort.on('message', () => ws.close());
`;

describe('/realtime keep-alive sweep', () => {
  it('keeps a socket whose pong arrived during a stall of the event loop', async () => {
    const user = await createUser(t.db);
    const fan = new Worker(FAN, { eval: true, workerData: { url, key: await login(t.app, user.email) } });
    const events: Array<{ ready?: boolean; pings?: number; closed?: number }> = [];
    const seen = (match: (e: (typeof events)[number]) => boolean) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (!events.some(match)) return;
          fan.off('message', onMessage);
          resolve();
        };
        const onMessage = (e: (typeof events)[number]) => {
          events.push(e);
          check();
        };
        fan.on('message', onMessage);
        check();
      });
    try {
      await seen((e) => e.ready === true);
      // Held in an I/O callback (the worker's message), past the next sweep's time.
      fan.once('message', () => {
        const until = performance.now() + 2.5 * SWEEP_MS;
        while (performance.now() < until) {
          // the stall
        }
      });
      await seen((e) => (e.pings ?? 0) >= 4 || e.closed !== undefined);
      expect(events.find((e) => e.closed !== undefined)).toBeUndefined();
    } finally {
      fan.postMessage('close');
      await fan.terminate();
    }
  });

  it('drops a socket that answers no ping', async () => {
    const user = await createUser(t.db);
    const key = await login(t.app, user.email);
    const ws = new WebSocket(url, { autoPong: false });
    await new Promise((resolve) => ws.once('open', resolve));
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    ws.send(JSON.stringify({ type: 'auth', token: key }));
    // Terminated without a closing handshake: the client sees 1006.
    expect(await closed).toBe(1006);
  });

  it('pings a thousand sockets in slices, the event loop turning between them', async () => {
    // One synchronous loop of pings held the loop 10 to 12 µs a socket (over 200 ms at 20,000). The
    // clients live on this loop: each notes the loop turn its ping is read in. Pings written in one
    // stretch are all read in the next turn; slices of 500 spread them over three turns or more.
    const N = 1200;
    let turn = 0;
    let turning = true;
    const spin = () => {
      turn += 1;
      if (turning) setImmediate(spin);
    };
    const sockets = await Promise.all(
      Array.from({ length: N }, async () => {
        const ws = new WebSocket(url);
        await new Promise((resolve, reject) => {
          ws.once('open', resolve);
          ws.once('error', reject);
        });
        return ws;
      }),
    );
    try {
      spin();
      const turns = await Promise.all(
        sockets.map((ws) => new Promise<number>((resolve) => ws.once('ping', () => resolve(turn)))),
      );
      const perTurn = new Map<number, number>();
      for (const t of turns) perTurn.set(t, (perTurn.get(t) ?? 0) + 1);
      expect(perTurn.size).toBeGreaterThanOrEqual(3);
      expect(Math.max(...perTurn.values())).toBeLessThanOrEqual(500);
    } finally {
      turning = false;
      for (const ws of sockets) ws.terminate();
    }
  });
});
