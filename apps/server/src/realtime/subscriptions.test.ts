import {
  type ClientFrame,
  hangChannel,
  hostChannel,
  REALTIME_LIMITS,
  type ServerFrame,
  SUBSCRIBE_RATE_LIMITED,
  showChannel,
  showStateChannel,
  TOO_MANY_SUBSCRIPTIONS,
} from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShow, createUser, joinedFan, login, showEntity } from '../../test/factories.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { connectAs, realtimeUrl, type TestSocket } from '../../test/realtime-client.ts';
import { showRowValues } from '../modules/shows/shows.repo.ts';

/** Issue 29: every channel kind authorised on subscribe, and a cap and a budget per socket. */
const TOKEN = 'metrics-token-for-the-subscriptions-test-0123';

let t: TestContext;
let url: string;
beforeAll(async () => {
  t = await createTestContext({ METRICS_TOKEN: TOKEN, REALTIME_TICK_MS: '10' });
  url = await realtimeUrl(t.app);
});
afterAll(async () => {
  await t?.close();
});

/** Channels this node follows on its bus (each one a Redis SUBSCRIBE with Redis). */
async function nodeChannels(): Promise<number> {
  const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  const line = res.body.split('\n').find((l) => l.startsWith('encore_realtime_channels '));
  return Number(line?.split(' ')[1]);
}

/**
 * A client within the gateway's 20 frames a second (a socket over it is closed): at most 12 frames
 * in any second, and each frame followed by a ping whose pong is awaited, so that frames never reach
 * the server in a bunch after a stall of the loaded machine. A test can then send hundreds of
 * channels the way a well-behaved client would.
 */
function pacedClient(socket: TestSocket) {
  const perSecond = 12;
  const sentAt: number[] = [];
  let pings = 0;
  async function paced(frame: ClientFrame): Promise<void> {
    for (;;) {
      const oldest = sentAt[sentAt.length - perSecond];
      const wait = oldest === undefined ? 0 : oldest + 1000 - Date.now();
      if (wait <= 0) break;
      await new Promise((resolve) => setTimeout(resolve, wait + 5));
    }
    sentAt.push(Date.now());
    socket.send(frame);
  }
  /** Frames are handled in order: once the pong is back, everything sent before was handled. */
  async function settle(): Promise<void> {
    pings += 1;
    const n = pings;
    await paced({ type: 'ping' });
    await socket.waitFor(() => socket.frames.filter((f) => f.type === 'pong').length >= n, 30_000);
  }
  async function send(frame: ClientFrame): Promise<void> {
    await paced(frame);
    await settle();
  }
  return {
    settle,
    async subscribe(channels: string[]): Promise<void> {
      for (let i = 0; i < channels.length; i += 16) {
        await send({
          type: 'subscribe',
          channels: channels.slice(i, i + 16).map((channel) => ({ channel })),
        });
      }
    },
    async unsubscribe(channels: string[]): Promise<void> {
      for (let i = 0; i < channels.length; i += 16) {
        await send({ type: 'unsubscribe', channels: channels.slice(i, i + 16) });
      }
    },
  };
}

/**
 * Shows in one insert, a day away: no doors open, so the live figures (a sample of every open show
 * every few seconds) leave the test's database alone.
 */
function manyShows(n: number) {
  const rows = Array.from({ length: n }, () => showRowValues(showEntity({ startIn: 24 * 60 })));
  return t.db.insertInto('shows').values(rows).returningAll().execute();
}

const errors = (socket: TestSocket) =>
  socket.frames.filter((f): f is Extract<ServerFrame, { type: 'error' }> => f.type === 'error');

describe('subscribe is authorised for every kind of channel', () => {
  it('a fan without a ticket gets only the state of shows that exist; bogus names never reach the bus', async () => {
    const show = await createShow(t.db, { startIn: 10 });
    const other = await joinedFan(t.app, t.db, show);
    const fan = await createUser(t.db);
    const { socket } = await connectAs(url, await login(t.app, fan.email));
    const client = pacedClient(socket);
    await client.settle();
    const before = await nodeChannels();

    const refused = [
      showStateChannel('no-such-show'),
      showChannel(show.slug),
      hangChannel(other.hang.pubnubForHang),
      hangChannel('abcdefabcdef'),
      hostChannel(show.slug),
    ];
    await client.subscribe([showStateChannel(show.slug), ...refused]);
    await client.settle();
    expect(errors(socket).map((e) => [e.code, e.channel])).toEqual(refused.map((c) => ['FORBIDDEN', c]));

    // The probe's flood: 200 invented state channels from one socket, and not one followed.
    const invented = Array.from({ length: 200 }, (_, i) => showStateChannel(`invented-${i}`));
    await client.subscribe(invented);
    await client.settle();
    expect(errors(socket)).toHaveLength(refused.length + invented.length);
    expect(errors(socket).every((e) => e.code === 'FORBIDDEN')).toBe(true);
    // Only the state of the real show was added to what this node follows.
    expect(await nodeChannels()).toBe(before + 1);
    await socket.close();
  });

  it('a host may follow a show’s host channel, never one of a show that does not exist', async () => {
    const [show] = await manyShows(1);
    if (!show) throw new Error('no show');
    const host = await createUser(t.db, { role: 'host' });
    const { socket } = await connectAs(url, await login(t.app, host.email));
    const client = pacedClient(socket);
    await client.subscribe([
      hostChannel(show.slug),
      hostChannel('no-such-show'),
      showChannel('no-such-show'),
    ]);
    await client.settle();
    expect(errors(socket).map((e) => [e.code, e.channel])).toEqual([
      ['FORBIDDEN', hostChannel('no-such-show')],
      ['FORBIDDEN', showChannel('no-such-show')],
    ]);
    await socket.close();
  });
});

// Hundreds of channels, each checked against the database: slow on a busy machine.
describe('per-socket limits (REALTIME_LIMITS)', { timeout: 90_000 }, () => {
  it(`a socket follows at most ${REALTIME_LIMITS.maxSubscriptions} channels; one more is refused until one is left`, async () => {
    const host = await createUser(t.db, { role: 'host' });
    // A host may read three channels of every show: state, show and host.
    const perShow = 3;
    const shows = await manyShows(Math.ceil(REALTIME_LIMITS.maxSubscriptions / perShow));
    const channels = shows.flatMap((s) => [
      showStateChannel(s.slug),
      showChannel(s.slug),
      hostChannel(s.slug),
    ]);
    const { socket } = await connectAs(url, await login(t.app, host.email));
    const client = pacedClient(socket);
    // The user channel is the socket's first: room for maxSubscriptions - 1 more.
    await client.subscribe(channels);
    await client.settle();
    const over = channels.slice(REALTIME_LIMITS.maxSubscriptions - 1);
    expect(errors(socket).map((e) => [e.code, e.channel])).toEqual(
      over.map((c) => [TOO_MANY_SUBSCRIPTIONS, c]),
    );
    // Subscribing again to a channel already followed (a resume) is not a new one.
    await client.subscribe([channels[0] as string]);
    await client.settle();
    expect(errors(socket)).toHaveLength(over.length);
    // A place left is a place free.
    await client.unsubscribe([channels[0] as string]);
    await client.subscribe([over[0] as string]);
    await client.settle();
    expect(errors(socket)).toHaveLength(over.length);
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);
    await socket.close();
  });

  it('new channels beyond the burst are refused with SUBSCRIBE_RATE_LIMITED; the socket stays', async () => {
    const shows = await manyShows(16);
    const channels = shows.map((s) => showStateChannel(s.slug));
    const fan = await createUser(t.db);
    const { socket } = await connectAs(url, await login(t.app, fan.email));
    const client = pacedClient(socket);
    // Subscribe and leave again and again: each subscribe is a new channel (and a bus subscription).
    const rounds = 25;
    for (let round = 0; round < rounds; round++) {
      await client.subscribe(channels);
      await client.unsubscribe(channels);
    }
    await client.settle();
    const limited = errors(socket);
    expect(limited.length).toBeGreaterThan(0);
    expect(limited.every((e) => e.code === SUBSCRIBE_RATE_LIMITED)).toBe(true);
    // The burst itself always passes: the real client's (re)subscribe of everything at once.
    expect(rounds * channels.length - limited.length).toBeGreaterThanOrEqual(REALTIME_LIMITS.subscribeBurst);
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);
    await socket.close();
  });
});
