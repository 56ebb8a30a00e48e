import { randomUUID } from 'node:crypto';
import { type Hang, hangChannel } from '@encore/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/database.ts';
import { auth, createUser, joinedFan, login } from './factories.ts';
import { connectAs, realtimeUrl } from './realtime-client.ts';

export type Fan = Awaited<ReturnType<typeof joinedFan>> & { paidEventName: string };

/** A fan with a ticket, joined to the show's chat. */
export async function chattingFan(
  app: FastifyInstance,
  db: Db,
  show: { id: number; channel_id: number; paid_event_name: string },
): Promise<Fan> {
  return { ...(await joinedFan(app, db, show)), paidEventName: show.paid_event_name };
}

export function sendToss(app: FastifyInstance, fan: Fan, text: string, tossId = randomUUID()) {
  return app.inject({
    method: 'POST',
    url: `/thor/hangs/${fan.hang.id}/${fan.hang.session_id}/toss/`,
    headers: fan.headers,
    payload: {
      hang_id: fan.hang.id,
      toss_type: 'chat',
      toss_id: tossId,
      toss_text: text,
      paid_event_name: fan.paidEventName,
    },
  });
}

/** Joins again (a reload): the answer carries the history and the fan's own restriction. */
export async function rejoin(app: FastifyInstance, fan: Fan): Promise<Hang> {
  const res = await app.inject({
    method: 'PUT',
    url: '/thor/hangs/join_hang/',
    headers: fan.headers,
    payload: { hang_id: fan.hang.id, session_id: 'new' },
  });
  if (res.statusCode !== 200) throw new Error(`join_hang answered ${res.statusCode}: ${res.body}`);
  return res.json<Hang>();
}

/** A socket following the channels, once the subscription is live. */
export async function follow(app: FastifyInstance, key: string, channels: string[]) {
  const { socket } = await connectAs(await realtimeUrl(app), key);
  socket.send({ type: 'subscribe', channels: channels.map((channel) => ({ channel })) });
  socket.send({ type: 'ping' });
  await socket.waitFor((f) => f.type === 'pong');
  return socket;
}

export const hangOf = (fan: Fan) => hangChannel(fan.hang.pubnubForHang);

/** A host, and a moderator the host appointed to the show through the API. */
export async function hostAndModerator(app: FastifyInstance, db: Db, slug: string) {
  const host = await createUser(db, { role: 'host' });
  const hostHeaders = auth(await login(app, host.email));
  const modUser = await createUser(db);
  const res = await app.inject({
    method: 'POST',
    url: `/thor/host/shows/${slug}/moderators`,
    headers: hostHeaders,
    payload: { username: modUser.username },
  });
  if (res.statusCode !== 201) throw new Error(`appoint answered ${res.statusCode}: ${res.body}`);
  const modKey = await login(app, modUser.email);
  return { host, hostHeaders, modUser, modKey, modHeaders: auth(modKey) };
}
