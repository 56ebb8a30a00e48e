import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';

/**
 * A text frame framed once for every socket of a fan-out. A server's frames are not masked, so the
 * header and payload are the same bytes for every receiver: writing them straight to each socket's
 * TCP stream skips what `ws.send` redoes per socket (a header buffer, an options object, a cork and
 * two writes). At 20,000 sockets this is most of a tick's cost (docs/benchmarks.md, chat at 20,000).
 */
export function frameText(payload: Buffer): Buffer {
  const n = payload.length;
  // RFC 6455 section 5.2: FIN and the text opcode, then the length in 7, 7+16 or 7+64 bits, no mask.
  const headerBytes = n < 126 ? 2 : n < 65_536 ? 4 : 10;
  const framed = Buffer.allocUnsafe(headerBytes + n);
  framed[0] = 0x81;
  if (n < 126) {
    framed[1] = n;
  } else if (n < 65_536) {
    framed[1] = 126;
    framed.writeUInt16BE(n, 2);
  } else {
    framed[1] = 127;
    framed.writeBigUInt64BE(BigInt(n), 2);
  }
  payload.copy(framed, headerBytes);
  return framed;
}

/** The ws internals the direct write depends on (ws 8); absent or busy, `ws.send` is used instead. */
type WsInternals = { _socket?: Socket; _sender?: { _state?: number; _queue?: unknown[] } };
const SENDER_IDLE = 0;

/**
 * Writes a frame from frameText() to the socket's stream, or answers false when ws itself must send:
 * its sender is busy (it only queues while compressing or reading a Blob, neither of which Encore does,
 * but then the order of frames is its to keep) or the internals are not where ws 8 keeps them.
 */
export function writeFramed(socket: WebSocket, framed: Buffer): boolean {
  const ws = socket as unknown as WsInternals;
  const sender = ws._sender;
  const stream = ws._socket;
  if (!stream || !sender || sender._state !== SENDER_IDLE || (sender._queue?.length ?? 0) > 0) return false;
  stream.write(framed);
  return true;
}
