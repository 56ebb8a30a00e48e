import type { AddressInfo } from 'node:net';
import { type ClientFrame, type ServerFrame, ServerMessage } from '@encore/contract';
import type { FastifyInstance } from 'fastify';
import { WebSocket } from 'ws';

/** Listens on a free loopback port (once per app) and answers the /realtime URL. */
export async function realtimeUrl(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${port}/realtime`;
}

export type TestSocket = {
  ws: WebSocket;
  /** Every frame received so far, arrays of a tick flattened, in arrival order. */
  frames: ServerFrame[];
  send(frame: ClientFrame | string): void;
  /** The first frame (already received or still to come) that matches. */
  waitFor<T extends ServerFrame>(match: (f: ServerFrame) => f is T, timeoutMs?: number): Promise<T>;
  waitFor(match: (f: ServerFrame) => boolean, timeoutMs?: number): Promise<ServerFrame>;
  closed: Promise<{ code: number; reason: string }>;
  close(): Promise<void>;
};

/** A `ws` client that checks every server message against the contract. */
export async function connect(url: string): Promise<TestSocket> {
  const ws = new WebSocket(url);
  const frames: ServerFrame[] = [];
  const waiters = new Set<() => void>();
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    ws.on('close', (code, reason) => {
      resolve({ code, reason: reason.toString() });
      for (const w of waiters) w();
    });
  });
  ws.on('message', (data) => {
    const message = ServerMessage.parse(JSON.parse(data.toString()));
    frames.push(...(Array.isArray(message) ? message : [message]));
    for (const w of waiters) w();
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });

  function waitFor(match: (f: ServerFrame) => boolean, timeoutMs = 5000): Promise<ServerFrame> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = frames.find(match);
        if (found) {
          done();
          resolve(found);
        } else if (ws.readyState === ws.CLOSED) {
          done();
          reject(new Error(`socket closed; frames: ${JSON.stringify(frames)}`));
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`no matching frame in ${timeoutMs} ms; frames: ${JSON.stringify(frames)}`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        waiters.delete(check);
      };
      waiters.add(check);
      check();
    });
  }

  return {
    ws,
    frames,
    send: (frame) => ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
    waitFor: waitFor as TestSocket['waitFor'],
    closed,
    async close() {
      if (ws.readyState !== ws.CLOSED) ws.close();
      await closed;
    },
  };
}

/** Connects and authenticates; resolves once `ready` came. */
export async function connectAs(url: string, token: string, sessionId?: string) {
  const socket = await connect(url);
  socket.send({ type: 'auth', token, ...(sessionId ? { session_id: sessionId } : {}) });
  const ready = await socket.waitFor((f) => f.type === 'ready');
  return { socket, ready };
}

export const isEvent =
  (kind: string, extra: (e: Record<string, unknown>) => boolean = () => true) =>
  (f: ServerFrame): boolean =>
    f.type === 'event' && f.event.kind === kind && extra(f.event as Record<string, unknown>);
