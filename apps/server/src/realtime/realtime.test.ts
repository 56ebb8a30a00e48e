import { userChannel } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, login } from '../../test/factories.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { connect, connectAs, realtimeUrl } from '../../test/realtime-client.ts';

let t: TestContext;
let url: string;
beforeAll(async () => {
  t = await createTestContext({ REALTIME_AUTH_TIMEOUT_MS: '300', REALTIME_TICK_MS: '10' });
  url = await realtimeUrl(t.app);
});
afterAll(async () => {
  await t?.close();
});

async function fanToken() {
  const user = await createUser(t.db);
  return { user, key: await login(t.app, user.email) };
}

describe('/realtime authentication', () => {
  it('closes with 4401 when no auth frame comes in time', async () => {
    const socket = await connect(url);
    expect((await socket.closed).code).toBe(4401);
  });

  it('closes with 4401 on a bad token, and when the first frame is not auth', async () => {
    const bad = await connect(url);
    bad.send({ type: 'auth', token: 'x'.repeat(43) });
    expect(await bad.closed).toEqual({ code: 4401, reason: 'invalid token' });
    const malformed = await connect(url);
    malformed.send({ type: 'auth', token: 'short' });
    expect((await malformed.closed).code).toBe(4401);
    const early = await connect(url);
    early.send({ type: 'ping' });
    expect((await early.closed).code).toBe(4401);
  });

  it('answers ready with the user; no device session named means session_valid false', async () => {
    const { user, key } = await fanToken();
    const { socket, ready } = await connectAs(url, key);
    expect(ready).toEqual({ type: 'ready', user_id: user.id, session_valid: false });
    expect(socket.frames.some((f) => f.type === 'session_expired')).toBe(false);
    await socket.close();
  });

  it('a logged-out token cannot open a socket', async () => {
    const { key } = await fanToken();
    await t.app.inject({
      method: 'POST',
      url: '/thor/auth/logout/',
      headers: { authorization: `Token ${key}` },
    });
    const socket = await connect(url);
    socket.send({ type: 'auth', token: key });
    expect((await socket.closed).code).toBe(4401);
  });
});

describe('/realtime frames', () => {
  it('ping gets pong', async () => {
    const { key } = await fanToken();
    const { socket } = await connectAs(url, key);
    socket.send({ type: 'ping' });
    await socket.waitFor((f) => f.type === 'pong');
    await socket.close();
  });

  it('a frame outside the protocol gets BAD_FRAME; repeated abuse closes the socket', async () => {
    const { key } = await fanToken();
    const { socket } = await connectAs(url, key);
    socket.send('not json');
    const error = await socket.waitFor((f) => f.type === 'error');
    expect(error).toMatchObject({ type: 'error', code: 'BAD_FRAME' });
    socket.send({ type: 'subscribe', channels: 'user-1' } as never);
    socket.send(JSON.stringify({ type: 'teleport' }));
    socket.send({ type: 'auth', token: key });
    socket.send('{}');
    expect(await socket.closed).toEqual({ code: 1008, reason: 'too many bad frames' });
    expect(socket.frames.filter((f) => f.type === 'error')).toHaveLength(4);
  });

  it('a fan may not subscribe to another fan’s channel, nor to a kind of channel it does not know', async () => {
    const me = await fanToken();
    const other = await fanToken();
    const { socket } = await connectAs(url, me.key);
    socket.send({
      type: 'subscribe',
      channels: [{ channel: userChannel(other.user.id) }, { channel: 'nope-1' }, { channel: 'user-' }],
    });
    await socket.waitFor((f) => f.type === 'error' && f.message.includes('nope-1'));
    const errors = socket.frames.filter((f) => f.type === 'error');
    expect(errors.map((f) => (f.type === 'error' ? f.code : ''))).toEqual([
      'FORBIDDEN',
      'FORBIDDEN',
      'FORBIDDEN',
    ]);
    // Each refusal names its channel, so the feature that asked can tell its fan (LAND-33).
    expect(errors.map((f) => (f.type === 'error' ? f.channel : ''))).toEqual([
      userChannel(other.user.id),
      'nope-1',
      'user-',
    ]);
    // Refusals are not abuse: the socket stays open.
    socket.send({ type: 'ping' });
    await socket.waitFor((f) => f.type === 'pong');
    await socket.close();
  });
});

describe('/realtime shutdown', () => {
  it('closing the app closes its sockets with 1001 (going away)', async () => {
    const node = await t.peer();
    const { key } = await fanToken();
    const { socket } = await connectAs(await realtimeUrl(node), key);
    await node.close();
    expect(await socket.closed).toEqual({ code: 1001, reason: 'server shutting down' });
  });
});
