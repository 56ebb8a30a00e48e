import { randomUUID } from 'node:crypto';
import { hangChannel, type ServerFrame } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShow, joinedFan } from '../../test/factories.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { privateRedis } from '../../test/private-redis.ts';
import { connectAs, realtimeUrl, type TestSocket } from '../../test/realtime-client.ts';

/**
 * Redis restarts empty while sockets are open (issue 12: 56 of 56 acknowledged messages never reached
 * 20 open sockets). A private redis-server on port 6392 is killed and started again on the same port.
 */
const redis = privateRedis(6392);
let t: TestContext;
let url: string;
beforeAll(async () => {
  await redis.start();
  t = await createTestContext({ REALTIME_TICK_MS: '10' }, { redisUrl: redis.url });
  url = await realtimeUrl(t.app);
});
afterAll(async () => {
  await t?.close();
  await redis.kill();
});

type Fan = Awaited<ReturnType<typeof joinedFan>> & { show: { paid_event_name: string } };

async function fan(): Promise<Fan> {
  const show = await createShow(t.db, { startIn: 10 });
  return { ...(await joinedFan(t.app, t.db, show)), show };
}

/** Sends a toss until it is acknowledged (refused with OVER_CAPACITY at once while the bus is away). */
async function tossAcknowledged(f: Fan, text: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/thor/hangs/${f.hang.id}/${f.hang.session_id}/toss/`,
      headers: f.headers,
      payload: {
        hang_id: f.hang.id,
        toss_type: 'chat',
        toss_id: randomUUID(),
        toss_text: text,
        toss_data: null,
        paid_event_name: f.show.paid_event_name,
      },
    });
    if (res.statusCode === 200) return;
    expect(res.json()).toMatchObject({ code: 'OVER_CAPACITY' });
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`toss ${text} never acknowledged`);
}

async function follow(f: Fan, lastSeq?: number): Promise<TestSocket> {
  const { socket } = await connectAs(url, f.key);
  const channel = hangChannel(f.hang.pubnubForHang);
  socket.send({
    type: 'subscribe',
    channels: [lastSeq === undefined ? { channel } : { channel, last_seq: lastSeq }],
  });
  socket.send({ type: 'ping' });
  await socket.waitFor((x) => x.type === 'pong');
  return socket;
}

const tossTexts = (frames: ServerFrame[]) =>
  frames.flatMap((f) => (f.type === 'event' && f.event.kind === 'toss' ? [f.event.toss.toss_text] : []));

async function restartRedisEmpty(): Promise<void> {
  await redis.kill();
  await redis.start();
}

describe('a Redis restart with open sockets', () => {
  it('20 open sockets get every acknowledged toss from before and after, none twice', {
    timeout: 60_000,
  }, async () => {
    const sender = await fan();
    const sockets: TestSocket[] = [];
    for (let i = 0; i < 20; i++) sockets.push(await follow(sender));
    const before = ['before-1', 'before-2', 'before-3'];
    for (const text of before) await tossAcknowledged(sender, text);
    for (const s of sockets) await s.waitFor((f) => tossTexts([f]).includes('before-3'));

    await restartRedisEmpty();
    const after = ['after-1', 'after-2', 'after-3', 'after-4'];
    for (const text of after) await tossAcknowledged(sender, text);

    for (const s of sockets) {
      await s.waitFor((f) => tossTexts([f]).includes('after-4'), 10_000);
      expect(tossTexts(s.frames)).toEqual([...before, ...after]);
      const seqs = s.frames.flatMap((f) => (f.type === 'event' && f.event.kind === 'toss' ? [f.seq] : []));
      expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
    }
    for (const s of sockets) await s.close();
  });

  it('a reconnect with a last_seq of the old numbering gets a resync, then what is retained', {
    timeout: 60_000,
  }, async () => {
    const sender = await fan();
    const first = await follow(sender);
    await tossAcknowledged(sender, 'old');
    const seen = await first.waitFor((f) => tossTexts([f]).includes('old'));
    await first.close();

    await restartRedisEmpty();
    await tossAcknowledged(sender, 'new');

    const back = await follow(sender, seen.type === 'event' ? seen.seq : 0);
    const channel = hangChannel(sender.hang.pubnubForHang);
    await back.waitFor((f) => f.type === 'resync' && f.channel === channel);
    await back.waitFor((f) => tossTexts([f]).includes('new'));
    expect(tossTexts(back.frames)).toEqual(['new']);
    await back.close();
  });
});
