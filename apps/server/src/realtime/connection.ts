import { REALTIME_LIMITS, SESSION_REVOKED_CLOSE, type ServerFrame } from '@encore/contract';
import type { WebSocket } from 'ws';
import type { UserRow } from '../db/schema.ts';
import type { BusMessage } from './bus.ts';
import type { Batch } from './channel-hub.ts';
import { encodeEvents, encodeFrame, mergeBySeq } from './frames.ts';

/** Close codes: 4401 is the protocol's "authenticate first"; the others are RFC 6455's. */
export const CLOSE = {
  goingAway: 1001,
  policy: 1008,
  internal: 1011,
  tryAgainLater: 1013,
  unauthorized: 4401,
  /** The socket's login was ended (logout, password reset, ban): the client ends its session. */
  sessionRevoked: SESSION_REVOKED_CLOSE,
} as const;

/** A client this far behind is not reading: it is dropped rather than let the node's memory grow. */
const MAX_BUFFERED_BYTES = 1 << 20;
const MAX_HELD_MESSAGES = 1000;

/**
 * One followed channel of one socket. `delivered` is the last sequence number the socket has, so
 * that a replay and the live ticks never send a frame twice or out of order. `holding` and
 * `replaying` keep live frames aside until the replay of what was missed has gone out.
 */
export type Follow = {
  mode: 'holding' | 'replaying' | 'live';
  delivered: number;
  held: BusMessage[];
  /** The show whose ticket the subscription rests on (channel-access.ts ChannelGrant), else null. */
  show: number | null;
};

export type Connection = {
  socket: WebSocket;
  user: UserRow | null;
  /** The auth token the socket authenticated with (auth_tokens.id): a revocation names it. */
  tokenId: number | null;
  sessionId: string | null;
  follows: Map<string, Follow>;
  /** Frames are handled one after another, in arrival order, even when one waits on I/O. */
  queue: Promise<void>;
  badFrames: number;
  windowStart: number;
  framesInWindow: number;
  /** Budget of new channels (REALTIME_LIMITS): tokens left, and when it was last refilled. */
  subscribeTokens: number;
  subscribeRefilledAt: number;
  /** Cleared at each sweep; a pong or a frame sets it again. */
  alive: boolean;
  lastTouchAt: number;
  authTimer: NodeJS.Timeout | null;
  holdTimer: NodeJS.Timeout | null;
  deliver(batch: Batch): void;
};

export function newConnection(socket: WebSocket): Connection {
  const c: Connection = {
    socket,
    user: null,
    tokenId: null,
    sessionId: null,
    follows: new Map(),
    queue: Promise.resolve(),
    badFrames: 0,
    windowStart: Date.now(),
    framesInWindow: 0,
    subscribeTokens: REALTIME_LIMITS.subscribeBurst,
    subscribeRefilledAt: Date.now(),
    alive: true,
    lastTouchAt: 0,
    authTimer: null,
    holdTimer: null,
    deliver: (batch) => deliverTo(c, batch),
  };
  return c;
}

export const isOpen = (c: Connection): boolean => c.socket.readyState === c.socket.OPEN;

export function sendRaw(c: Connection, data: string | Buffer): void {
  if (!isOpen(c)) return;
  if (c.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
    c.socket.close(CLOSE.tryAgainLater, 'too slow');
    return;
  }
  c.socket.send(data, { binary: false });
}

export const send = (c: Connection, frame: ServerFrame): void => sendRaw(c, encodeFrame(frame));

function sendEvents(c: Connection, follow: Follow, messages: readonly BusMessage[]): void {
  const fresh = messages.filter((m) => m.seq > follow.delivered);
  const last = fresh[fresh.length - 1];
  if (!last) return;
  sendRaw(c, encodeEvents(fresh));
  follow.delivered = last.seq;
}

function deliverTo(c: Connection, batch: Batch): void {
  const follow = c.follows.get(batch.channel);
  if (!follow) return;
  if (follow.mode !== 'live') {
    follow.held.push(...batch.messages);
    if (follow.held.length > MAX_HELD_MESSAGES) c.socket.close(CLOSE.tryAgainLater, 'too slow');
    return;
  }
  if (batch.lastSeq <= follow.delivered) return;
  // The common case: the tick's shared bytes as they are; a partial overlap only after a resume.
  if (batch.firstSeq > follow.delivered) {
    sendRaw(c, batch.bytes);
    follow.delivered = batch.lastSeq;
  } else {
    sendEvents(c, follow, batch.messages);
  }
}

/** Sends the replay and what was held meanwhile, in order, then lets the ticks through. */
export function goLive(c: Connection, follow: Follow, replay: readonly BusMessage[] = []): void {
  follow.mode = 'live';
  const held = follow.held;
  follow.held = [];
  sendEvents(c, follow, mergeBySeq(replay, held));
}

/** The user channel's hold ends at the client's first frame after `ready`, or on its timer. */
export function releaseHolds(c: Connection, except?: ReadonlySet<string>): void {
  for (const [channel, f] of c.follows) {
    if (f.mode === 'holding' && !except?.has(channel)) goLive(c, f);
  }
}

/**
 * Takes one new channel from the socket's budget (a token bucket: REALTIME_LIMITS.subscribeBurst,
 * refilled at subscribeRefillPerSecond); false when it is spent.
 */
export function takeSubscribeToken(c: Connection, at: number): boolean {
  const refill = ((at - c.subscribeRefilledAt) / 1000) * REALTIME_LIMITS.subscribeRefillPerSecond;
  c.subscribeTokens = Math.min(REALTIME_LIMITS.subscribeBurst, c.subscribeTokens + refill);
  c.subscribeRefilledAt = at;
  if (c.subscribeTokens < 1) return false;
  c.subscribeTokens -= 1;
  return true;
}
