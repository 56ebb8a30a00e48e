import {
  type ChannelEvent,
  type ClientFrame,
  SESSION_REVOKED_CLOSE,
  type ServerFrame,
  type ServerMessage,
} from '@encore/contract';
import { backoffDelay } from './backoff.ts';

/**
 * One WebSocket per tab to /realtime (DESIGN.md section 5, contract realtime.ts). Features subscribe
 * to channels through it (the user's device channel now, chat hangs later); the client re-authenticates
 * and resubscribes with the last sequence seen per channel after every reconnect, so the server can
 * replay what was missed, and drops events it has already delivered.
 */

export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'reconnecting';
export type ChannelHandler = (event: ChannelEvent, meta: { channel: string; seq: number }) => void;
/**
 * Events of the channel were lost to this tab (the server's bus restarted, or more happened while it
 * was away than the server keeps): reload the channel's state from its HTTP source.
 */
export type ResyncHandler = () => void;
export type FrameListener = (frame: ServerFrame) => void;

export interface RealtimeAuth {
  token: string;
  sessionId?: string;
}

// Method syntax makes the parameter bivariant, so WebSocket's DOM-typed handlers fit these slots.
type Handler<E> = { handle(event: E): void }['handle'];

/** The part of WebSocket the client uses; tests pass a fake. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: Handler<unknown> | null;
  onmessage: Handler<{ data: unknown }> | null;
  onclose: Handler<{ code: number }> | null;
  onerror: Handler<unknown> | null;
}

export interface RealtimeOptions {
  url: () => string;
  createSocket: (url: string) => SocketLike;
  random?: () => number;
  pingIntervalMs?: number;
}

const OPEN = 1;
/** The server refused the credentials: retrying with the same ones cannot help. */
const FATAL_CLOSE_CODES: ReadonlySet<number> = new Set([1008, 4401, 4403, SESSION_REVOKED_CLOSE]);
/** The contract caps a subscribe frame at 16 channels. */
const SUBSCRIBE_BATCH = 16;

interface ChannelState {
  handlers: Set<ChannelHandler>;
  resyncs: Set<ResyncHandler>;
  lastSeq?: number;
}

export interface RealtimeClient {
  connect(auth: RealtimeAuth): void;
  disconnect(): void;
  /** Retry at once, e.g. when the browser comes back online. */
  reconnectNow(): void;
  subscribe(channel: string, handler: ChannelHandler, onResync?: ResyncHandler): () => void;
  onFrame(listener: FrameListener): () => void;
  onStatus(listener: (status: RealtimeStatus) => void): () => void;
  /** The server ended this login (logout elsewhere, password reset, ban): the session is over. */
  onRevoked(listener: () => void): () => void;
  getStatus(): RealtimeStatus;
}

export function createRealtimeClient(options: RealtimeOptions): RealtimeClient {
  const random = options.random ?? Math.random;
  const pingIntervalMs = options.pingIntervalMs ?? 30_000;
  const channels = new Map<string, ChannelState>();
  const frameListeners = new Set<FrameListener>();
  const statusListeners = new Set<(status: RealtimeStatus) => void>();
  const revokedListeners = new Set<() => void>();

  let auth: RealtimeAuth | null = null;
  let socket: SocketLike | null = null;
  let ready = false;
  let status: RealtimeStatus = 'idle';
  let attempt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let pingTimer: ReturnType<typeof setInterval> | undefined;
  let lastFrameAt = 0;

  const setStatus = (next: RealtimeStatus) => {
    if (next === status) return;
    status = next;
    for (const listener of statusListeners) listener(next);
  };

  const send = (frame: ClientFrame) => {
    if (socket?.readyState === OPEN) socket.send(JSON.stringify(frame));
  };

  const sendSubscribe = (names: string[]) => {
    for (let i = 0; i < names.length; i += SUBSCRIBE_BATCH) {
      const batch = names.slice(i, i + SUBSCRIBE_BATCH).map((channel) => {
        const lastSeq = channels.get(channel)?.lastSeq;
        return lastSeq === undefined ? { channel } : { channel, last_seq: lastSeq };
      });
      send({ type: 'subscribe', channels: batch });
    }
  };

  const stopTimers = () => {
    clearTimeout(retryTimer);
    clearInterval(pingTimer);
    retryTimer = undefined;
    pingTimer = undefined;
  };

  /** Forget the current socket without waiting for its close event, which a dead link may never send. */
  const drop = () => {
    const old = socket;
    socket = null;
    ready = false;
    clearInterval(pingTimer);
    if (old) {
      old.onopen = old.onmessage = old.onclose = old.onerror = null;
      try {
        old.close();
      } catch {
        // Closing a socket that never opened can throw in some browsers; it is gone either way.
      }
    }
  };

  const scheduleReconnect = () => {
    if (!auth) return;
    setStatus('reconnecting');
    clearTimeout(retryTimer);
    retryTimer = setTimeout(open, backoffDelay(attempt++, random));
  };

  const resync = (state: ChannelState) => {
    for (const onResync of [...state.resyncs]) onResync();
  };

  const handle = (frame: ServerFrame) => {
    if (frame.type === 'ready') {
      attempt = 0;
      ready = true;
      setStatus('open');
      sendSubscribe([...channels.keys()]);
    } else if (frame.type === 'unsubscribed') {
      // The server ended it (the ticket went): forgotten, so a reconnect does not ask for it again.
      channels.delete(frame.channel);
    } else if (frame.type === 'resync') {
      const state = channels.get(frame.channel);
      if (state) {
        // Numbers from the server's new numbering follow; none of them was seen before.
        state.lastSeq = undefined;
        resync(state);
      }
    } else if (frame.type === 'event') {
      const state = channels.get(frame.channel);
      // A replay after resubscribing may repeat what was already delivered.
      if (!state || (state.lastSeq !== undefined && frame.seq <= state.lastSeq)) return;
      // A channel's numbers count one by one: a jump is events this tab never got (issue 12).
      if (state.lastSeq !== undefined && frame.seq > state.lastSeq + 1) resync(state);
      state.lastSeq = frame.seq;
      for (const handler of [...state.handlers])
        handler(frame.event, { channel: frame.channel, seq: frame.seq });
    }
    for (const listener of [...frameListeners]) listener(frame);
  };

  function open() {
    if (!auth) return;
    drop();
    setStatus(attempt === 0 ? 'connecting' : 'reconnecting');
    let ws: SocketLike;
    try {
      ws = options.createSocket(options.url());
    } catch {
      scheduleReconnect();
      return;
    }
    socket = ws;
    const current = auth;
    ws.onopen = () => {
      lastFrameAt = Date.now();
      send({
        type: 'auth',
        token: current.token,
        ...(current.sessionId ? { session_id: current.sessionId } : {}),
      });
      clearInterval(pingTimer);
      pingTimer = setInterval(() => {
        // Two missed heartbeats: the link is dead even if the socket still looks open.
        if (Date.now() - lastFrameAt > pingIntervalMs * 2 + 5000) {
          drop();
          scheduleReconnect();
          return;
        }
        send({ type: 'ping' });
      }, pingIntervalMs);
    };
    ws.onmessage = (event) => {
      lastFrameAt = Date.now();
      if (typeof event.data !== 'string') return;
      let message: ServerMessage;
      try {
        message = JSON.parse(event.data) as ServerMessage;
      } catch {
        return;
      }
      // The server batches one tick's events of a channel into an array, in sequence order.
      for (const frame of Array.isArray(message) ? message : [message]) {
        if (frame && typeof frame === 'object' && typeof frame.type === 'string') handle(frame);
      }
    };
    ws.onclose = (event) => {
      socket = null;
      ready = false;
      clearInterval(pingTimer);
      if (FATAL_CLOSE_CODES.has(event.code)) {
        console.warn(`[realtime] closed by the server (${event.code}); not reconnecting`);
        setStatus('idle');
        if (event.code === SESSION_REVOKED_CLOSE) {
          auth = null;
          for (const listener of [...revokedListeners]) listener();
        }
        return;
      }
      scheduleReconnect();
    };
    ws.onerror = () => {
      // A close event follows every error; reconnecting happens there.
    };
  }

  return {
    connect(next) {
      const same = auth && auth.token === next.token && auth.sessionId === next.sessionId;
      auth = { ...next };
      if (same && (socket || retryTimer !== undefined)) return;
      attempt = 0;
      stopTimers();
      open();
    },
    disconnect() {
      auth = null;
      stopTimers();
      drop();
      setStatus('idle');
    },
    reconnectNow() {
      if (!auth || status !== 'reconnecting') return;
      clearTimeout(retryTimer);
      retryTimer = undefined;
      open();
    },
    subscribe(channel, handler, onResync) {
      let state = channels.get(channel);
      if (!state) {
        state = { handlers: new Set(), resyncs: new Set() };
        channels.set(channel, state);
        if (ready) sendSubscribe([channel]);
      }
      state.handlers.add(handler);
      if (onResync) state.resyncs.add(onResync);
      return () => {
        const s = channels.get(channel);
        if (!s) return;
        s.handlers.delete(handler);
        if (onResync) s.resyncs.delete(onResync);
        if (s.handlers.size > 0) return;
        channels.delete(channel);
        if (ready) send({ type: 'unsubscribe', channels: [channel] });
      };
    },
    onFrame(listener) {
      frameListeners.add(listener);
      return () => frameListeners.delete(listener);
    },
    onStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    onRevoked(listener) {
      revokedListeners.add(listener);
      return () => revokedListeners.delete(listener);
    },
    getStatus: () => status,
  };
}
