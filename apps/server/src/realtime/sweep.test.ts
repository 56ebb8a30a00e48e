import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createUser, login } from '../../test/factories.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { connectAs, realtimeUrl } from '../../test/realtime-client.ts';

// The keep-alive sweep: a socket that answers no ping is dropped; one whose pong is merely waiting
// to be read behind a stall of the server's event loop is not.
const SWEEP_MS = 200;
let t: TestContext;
let url: string;
beforeAll(async () => {
  t = await createTestContext({ REALTIME_SWEEP_MS: String(SWEEP_MS) });
  url = await realtimeUrl(t.app);
});
afterAll(async () => {
  await t?.close();
});

/** Resolves once the client has received `n` more pings from the server, or once it is closed. */
function pings(ws: WebSocket, n: number): Promise<void> {
  return new Promise((resolve) => {
    let seen = 0;
    const onPing = () => {
      seen += 1;
      if (seen < n) return;
      ws.off('ping', onPing);
      resolve();
    };
    ws.on('ping', onPing);
    ws.once('close', () => resolve());
  });
}

describe('/realtime keep-alive sweep', () => {
  it('keeps a socket whose pong arrived during a stall of the event loop', async () => {
    const user = await createUser(t.db);
    const { socket } = await connectAs(url, await login(t.app, user.email));
    // ws answers a ping before it emits the event: the pong is on its way when the loop stalls here,
    // for longer than a sweep period, so the next sweep is due before the server has read it.
    socket.ws.once('ping', () => {
      const until = performance.now() + 3 * SWEEP_MS;
      while (performance.now() < until) {
        // the stall
      }
    });
    await pings(socket.ws, 4);
    expect(socket.ws.readyState).toBe(WebSocket.OPEN);
    await socket.close();
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
});
