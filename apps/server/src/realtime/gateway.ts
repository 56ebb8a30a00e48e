import {
  ClientFrame,
  REALTIME_LIMITS,
  SUBSCRIBE_RATE_LIMITED,
  TOO_MANY_SUBSCRIPTIONS,
  userChannel,
} from '@encore/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import type { UserRow } from '../db/schema.ts';
import type { Session } from '../modules/auth/auth.service.ts';
import { isWellFormedToken } from '../platform/auth-guard.ts';
import type { Bus } from './bus.ts';
import type { ChannelAccess } from './channel-access.ts';
import { createChannelHub } from './channel-hub.ts';
import {
  CLOSE,
  type Connection,
  goLive,
  isOpen,
  newConnection,
  releaseHolds,
  send,
  takeSubscribeToken,
} from './connection.ts';

const MAX_BAD_FRAMES = 5;
/** A tab sends a subscribe and a ping every half minute; twenty frames a second is abuse. */
const MAX_FRAMES_PER_SECOND = 20;
/**
 * After `ready`, the user channel's live frames wait for the client's first frame (or this long):
 * a resuming client's `subscribe` with its last_seq then gets what it missed before anything newer,
 * so frames always arrive in sequence order.
 */
const RESUME_HOLD_MS = 1000;
/**
 * A live socket or a ping keeps its device session alive (its heartbeat); last_seen_at is written at
 * most this often by default, a third of the devices' heartbeat window (DEVICE_LIVE_MS).
 */
const TOUCH_EVERY_MS = 20_000;
const TOUCH_FLUSH_MS = 1000;
/** Sockets pinged per turn of the event loop by the keep-alive sweep. */
const SWEEP_SLICE = 500;
/**
 * Revocations are remembered this long: a socket whose auth lookup began before a revocation and
 * ended after it (its node's cache still held the token) is closed when the lookup returns.
 */
const REVOCATION_MEMORY_MS = 60_000;

export type DeviceSessionCheck = {
  /** True when the session is the user's and live; a live one is marked seen. */
  check(userId: number, sessionId: string): Promise<boolean>;
  touch(sessionIds: readonly string[]): Promise<void>;
  /** A socket of the session closed: no goodbye was said (a crash, a lost network) or it reloads. */
  gone?(sessionId: string): void;
};

export type GatewayDeps = {
  bus: Bus;
  access: ChannelAccess;
  authenticate: (key: string) => Promise<Session | null>;
  sessions: DeviceSessionCheck;
  authTimeoutMs: number;
  tickMs: number;
  /** Ping period (REALTIME_SWEEP_MS); a socket silent for a whole period is dropped. */
  sweepMs: number;
  /** How often a live socket's session is marked seen (TOUCH_EVERY_MS by default). */
  touchEveryMs?: number;
  log: FastifyBaseLogger;
};

/** The /realtime protocol (contract realtime.ts): auth, subscribe with resume, ping, fan-out. */
export function createGateway(deps: GatewayDeps) {
  const hub = createChannelHub({ bus: deps.bus, tickMs: deps.tickMs, log: deps.log });
  const connections = new Set<Connection>();
  const touches = new Set<string>();
  const touchEveryMs = deps.touchEveryMs ?? TOUCH_EVERY_MS;
  let closing = false;
  // Recent revocations by token id and by user (every token), with the time each was heard.
  const revokedTokens = new Map<number, number>();
  const revokedUsers = new Map<number, number>();

  function revokedSince(session: Session, since: number): boolean {
    return (
      (revokedTokens.get(session.tokenId) ?? -1) >= since ||
      (revokedUsers.get(session.user.id) ?? -1) >= since
    );
  }

  function forgetOldRevocations(at: number): void {
    for (const map of [revokedTokens, revokedUsers]) {
      for (const [id, when] of map) if (at - when > REVOCATION_MEMORY_MS) map.delete(id);
    }
  }

  function queueTouch(c: Connection, at: number): void {
    if (!c.sessionId || at - c.lastTouchAt < touchEveryMs) return;
    c.lastTouchAt = at;
    touches.add(c.sessionId);
  }

  async function flushTouches(): Promise<void> {
    if (touches.size === 0) return;
    const ids = [...touches];
    touches.clear();
    await deps.sessions.touch(ids).catch((err: unknown) => deps.log.warn({ err }, 'session touch failed'));
  }

  async function follow(
    c: Connection,
    channel: string,
    lastSeq: number | undefined,
    show: number | null,
  ): Promise<void> {
    // A socket that closed while its frames waited must not attach again: nothing would detach it.
    if (!isOpen(c)) return;
    let f = c.follows.get(channel);
    // Frames are handled one at a time, so no other follow() of this channel is under way.
    if (f?.mode === 'live') return;
    if (!f) {
      f = { mode: 'replaying', delivered: 0, held: [], show };
      c.follows.set(channel, f);
      hub.attach(channel, c);
    }
    f.mode = 'replaying';
    if (lastSeq === undefined) {
      // Live from here on: once this returns, no event of the channel passes the socket by.
      await hub.ready(channel);
      return goLive(c, f);
    }
    try {
      const { seq, messages } = await deps.bus.history(channel, 0);
      if (c.follows.get(channel) !== f) return;
      // The history holds everything after last_seq, or the client is caught up (0: it saw nothing).
      const first = messages[0]?.seq;
      const covered =
        lastSeq === 0 || lastSeq === seq || (lastSeq < seq && first !== undefined && first <= lastSeq + 1);
      // Otherwise events were lost to the client (an older epoch, or beyond the history): it reloads.
      if (!covered) send(c, { type: 'resync', channel });
      // A last_seq beyond the channel's numbering is from another numbering: all retained is new.
      f.delivered = lastSeq > seq ? 0 : lastSeq;
      goLive(c, f, messages);
    } catch (err) {
      deps.log.warn({ err, channel }, 'resume failed');
      send(c, { type: 'error', code: 'RESUME_FAILED', message: `Could not replay ${channel}.` });
      if (c.follows.get(channel) === f) goLive(c, f);
    }
  }

  function unfollow(c: Connection, channel: string): void {
    if (!c.follows.delete(channel)) return;
    hub.detach(channel, c);
  }

  async function authenticate(c: Connection, frame: Extract<ClientFrame, { type: 'auth' }>): Promise<void> {
    const startedAt = Date.now();
    const session = isWellFormedToken(frame.token) ? await deps.authenticate(frame.token) : null;
    if (!isOpen(c)) return;
    if (!session) {
      c.socket.close(CLOSE.unauthorized, 'invalid token');
      return;
    }
    if (revokedSince(session, startedAt)) {
      c.socket.close(CLOSE.sessionRevoked, 'session revoked');
      return;
    }
    c.user = session.user;
    c.tokenId = session.tokenId;
    if (c.authTimer) clearTimeout(c.authTimer);
    let valid = false;
    if (frame.session_id) {
      valid = await deps.sessions.check(session.user.id, frame.session_id);
      if (valid) {
        c.sessionId = frame.session_id;
        c.lastTouchAt = Date.now();
      }
    }
    if (!isOpen(c)) return;
    const own = userChannel(session.user.id);
    c.follows.set(own, { mode: 'holding', delivered: 0, held: [], show: null });
    hub.attach(own, c);
    // After `ready` every event of the user channel reaches this socket, whichever node published it.
    await hub.ready(own);
    if (!isOpen(c)) return;
    c.holdTimer = setTimeout(() => releaseHolds(c), RESUME_HOLD_MS);
    send(c, { type: 'ready', user_id: session.user.id, session_valid: valid });
    if (frame.session_id && !valid) send(c, { type: 'session_expired', session_id: frame.session_id });
  }

  function badFrame(c: Connection, message: string): void {
    c.badFrames += 1;
    if (c.badFrames >= MAX_BAD_FRAMES) {
      c.socket.close(CLOSE.policy, 'too many bad frames');
      return;
    }
    send(c, { type: 'error', code: 'BAD_FRAME', message });
  }

  async function handle(c: Connection, frame: ClientFrame): Promise<void> {
    if (!isOpen(c)) return;
    if (!c.user) {
      if (frame.type !== 'auth') {
        c.socket.close(CLOSE.unauthorized, 'authenticate first');
        return;
      }
      return authenticate(c, frame);
    }
    switch (frame.type) {
      case 'auth':
        return badFrame(c, 'Already authenticated.');
      case 'ping':
        releaseHolds(c);
        queueTouch(c, Date.now());
        return send(c, { type: 'pong' });
      case 'unsubscribe':
        releaseHolds(c);
        for (const channel of frame.channels) unfollow(c, channel);
        return;
      case 'subscribe': {
        const named = new Set(frame.channels.map((s) => s.channel));
        releaseHolds(c, named);
        // A held channel named here is resumed by follow(), not released by the hold timer meanwhile.
        for (const channel of named) {
          const f = c.follows.get(channel);
          if (f?.mode === 'holding') f.mode = 'replaying';
        }
        for (const { channel, last_seq } of frame.channels) await subscribe(c, c.user, channel, last_seq);
      }
    }
  }

  function refuse(c: Connection, channel: string, code: string, message: string): void {
    send(c, { type: 'error', code, message, channel });
  }

  /**
   * One channel of a subscribe frame: a new one must fit the socket's cap and budget
   * (REALTIME_LIMITS), and every one its kind's rule, which names what the access rests on.
   */
  async function subscribe(c: Connection, user: UserRow, channel: string, lastSeq: number | undefined) {
    if (!c.follows.has(channel)) {
      if (c.follows.size >= REALTIME_LIMITS.maxSubscriptions) {
        const max = REALTIME_LIMITS.maxSubscriptions;
        return refuse(c, channel, TOO_MANY_SUBSCRIPTIONS, `A connection follows at most ${max} channels.`);
      }
      if (!takeSubscribeToken(c, Date.now())) {
        return refuse(c, channel, SUBSCRIBE_RATE_LIMITED, 'Too many new channels: subscribe again later.');
      }
    }
    const grant = await deps.access.grant(user, channel);
    if (!grant) {
      // A channel followed before and refused now (its ticket went meanwhile) is followed no more.
      unfollow(c, channel);
      return refuse(c, channel, 'FORBIDDEN', `You may not subscribe to ${channel}.`);
    }
    await follow(c, channel, lastSeq, grant.show);
  }

  /**
   * The user's entitlement to the show went (its ticket revoked or refunded, a moderator dismissed):
   * each subscription of theirs that rested on it is checked again, in the socket's frame order, and
   * ended with `unsubscribed` when the access is gone. Deliveries are untouched: the cost is here.
   */
  function recheck(c: Connection, user: UserRow, revoked: { showId: number; slug: string }): void {
    c.queue = c.queue
      .then(async () => {
        for (const [channel, f] of [...c.follows]) {
          if (f.show !== revoked.showId || !isOpen(c)) continue;
          if (await deps.access.grant(user, channel)) continue;
          if (c.follows.get(channel) !== f) continue;
          unfollow(c, channel);
          send(c, { type: 'unsubscribed', channel, slug: revoked.slug, reason: 'access_revoked' });
        }
      })
      .catch((err: unknown) => {
        deps.log.error({ err }, 'realtime entitlement check failed');
        if (isOpen(c)) c.socket.close(CLOSE.internal, 'internal error');
      });
  }

  function onMessage(c: Connection, data: RawData, isBinary: boolean): void {
    c.alive = true;
    const at = Date.now();
    if (at - c.windowStart >= 1000) {
      c.windowStart = at;
      c.framesInWindow = 0;
    }
    c.framesInWindow += 1;
    if (c.framesInWindow > MAX_FRAMES_PER_SECOND) {
      c.socket.close(CLOSE.policy, 'too many frames');
      return;
    }
    let parsed: ReturnType<typeof ClientFrame.safeParse> | null = null;
    if (!isBinary) {
      try {
        parsed = ClientFrame.safeParse(JSON.parse(data.toString()));
      } catch {
        parsed = null;
      }
    }
    if (!parsed?.success) {
      // Before authentication there is no second chance.
      if (!c.user) c.socket.close(CLOSE.unauthorized, 'authenticate first');
      else badFrame(c, 'Not a frame of the realtime protocol.');
      return;
    }
    const frame = parsed.data;
    c.queue = c.queue
      .then(() => handle(c, frame))
      .catch((err: unknown) => {
        deps.log.error({ err }, 'realtime frame failed');
        if (isOpen(c)) c.socket.close(CLOSE.internal, 'internal error');
      });
  }

  // Dead sockets (no pong since the last sweep) are dropped; live ones keep their session alive.
  // The judging waits for the loop's next I/O phase: after a stall of this process (CPU starvation,
  // a long GC) the timer runs before the pongs that arrived meanwhile are read, and judging at once
  // dropped every healthy socket together (the soak, docs/benchmarks.md).
  const sweep = setInterval(() => setImmediate(sweepOnce), deps.sweepMs);
  function sweepOnce(): void {
    if (closing) return;
    sweepSlice(Date.now(), [...connections], 0);
  }
  // A ping is a socket write (10 to 12 µs): 20,000 of them in one turn held the loop for over 200 ms
  // every sweep, and every delivery with it. Slices of SWEEP_SLICE with the loop turning between
  // them, as the hub's fan-out does; a socket closed meanwhile is skipped.
  function sweepSlice(at: number, all: Connection[], from: number): void {
    if (closing) return;
    const end = Math.min(from + SWEEP_SLICE, all.length);
    for (let i = from; i < end; i++) {
      const c = all[i] as Connection;
      if (!connections.has(c)) continue;
      if (!c.alive) {
        c.socket.terminate();
        continue;
      }
      c.alive = false;
      queueTouch(c, at);
      try {
        c.socket.ping();
      } catch {
        c.socket.terminate();
      }
    }
    if (end < all.length) setImmediate(() => sweepSlice(at, all, end));
  }
  const touchFlush = setInterval(() => void flushTouches(), TOUCH_FLUSH_MS);
  sweep.unref();
  touchFlush.unref();

  return {
    accept(socket: WebSocket): void {
      if (closing) {
        socket.close(CLOSE.goingAway, 'server shutting down');
        return;
      }
      const c = newConnection(socket);
      connections.add(c);
      c.authTimer = setTimeout(() => {
        if (!c.user) socket.close(CLOSE.unauthorized, 'authentication timeout');
      }, deps.authTimeoutMs);
      socket.on('message', (data, isBinary) => onMessage(c, data, isBinary));
      socket.on('pong', () => {
        c.alive = true;
      });
      socket.on('error', (err) => deps.log.debug({ err }, 'realtime socket error'));
      // Nothing is ended on close: a reload reconnects, and an abandoned session expires by itself;
      // its slot is freed once its heartbeat window has passed (the fan's other devices hear it).
      socket.on('close', () => {
        connections.delete(c);
        if (c.sessionId && !closing) deps.sessions.gone?.(c.sessionId);
        if (c.authTimer) clearTimeout(c.authTimer);
        if (c.holdTimer) clearTimeout(c.holdTimer);
        for (const channel of c.follows.keys()) hub.detach(channel, c);
        c.follows.clear();
      });
    },

    connectionCount(): number {
      return connections.size;
    },

    /**
     * Closes every socket of the revoked login (or of every login of the user) with 4410; the client
     * ends its session rather than reconnect (SESSION_REVOKED_CLOSE).
     */
    revoke(revocation: { userId: number; tokenId: number | null }): number {
      const at = Date.now();
      forgetOldRevocations(at);
      if (revocation.tokenId === null) revokedUsers.set(revocation.userId, at);
      else revokedTokens.set(revocation.tokenId, at);
      let closed = 0;
      for (const c of connections) {
        if (c.user?.id !== revocation.userId) continue;
        if (revocation.tokenId !== null && c.tokenId !== revocation.tokenId) continue;
        c.socket.close(CLOSE.sessionRevoked, 'session revoked');
        closed += 1;
      }
      return closed;
    },

    /**
     * Ends the user's subscriptions that rested on the show (recheck) on this node's sockets; every
     * node hears the revocation (revocations.ts). Returns the sockets checked.
     */
    revokeEntitlement(revocation: { userId: number; showId: number; slug: string }): number {
      let checked = 0;
      for (const c of connections) {
        if (c.user?.id !== revocation.userId) continue;
        recheck(c, c.user, revocation);
        checked += 1;
      }
      return checked;
    },

    /** Channels this node follows on the bus (metrics). */
    channelCount(): number {
      return hub.channelCount();
    },

    /** Graceful shutdown: 1001 to every client (they reconnect elsewhere), then pending touches. */
    async close(graceMs = 2000): Promise<void> {
      closing = true;
      clearInterval(sweep);
      clearInterval(touchFlush);
      const closed = [...connections].map(
        (c) =>
          new Promise<void>((resolve) => {
            if (c.socket.readyState === c.socket.CLOSED) return resolve();
            c.socket.once('close', () => resolve());
            c.socket.close(CLOSE.goingAway, 'server shutting down');
          }),
      );
      const deadline = new Promise<void>((resolve) => setTimeout(resolve, graceMs).unref());
      await Promise.race([Promise.all(closed), deadline]);
      for (const c of connections) c.socket.terminate();
      hub.close();
      await flushTouches();
    },
  };
}

export type Gateway = ReturnType<typeof createGateway>;
