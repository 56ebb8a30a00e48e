import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { frameText, writeFramed } from './wire-frame.ts';

// A real ws server and client: the framed bytes written to the stream must read back as the same text
// frames, in order, interleaved with ws's own sends, at each of the three length encodings.
let server: WebSocketServer;
let url: string;
beforeAll(async () => {
  server = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
  await new Promise((resolve) => server.once('listening', resolve));
  url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('frameText and writeFramed', () => {
  it('deliver text frames of every length encoding in order with ws.send', async () => {
    const texts = ['x'.repeat(10), 'é'.repeat(100), 'y'.repeat(70_000), 'last'];
    const accepted = new Promise<WebSocket>((resolve) => server.once('connection', resolve));
    const client = new WebSocket(url, { perMessageDeflate: false });
    const received: string[] = [];
    const all = new Promise<void>((resolve) => {
      client.on('message', (data, isBinary) => {
        expect(isBinary).toBe(false);
        received.push(data.toString());
        if (received.length === texts.length + 1) resolve();
      });
    });
    const socket = await accepted;
    const [first, second, third, fourth] = texts.map((t) => Buffer.from(t));
    expect(writeFramed(socket, frameText(first as Buffer))).toBe(true);
    socket.send('between');
    for (const payload of [second, third, fourth])
      expect(writeFramed(socket, frameText(payload as Buffer))).toBe(true);
    await all;
    expect(received).toEqual([texts[0], 'between', ...texts.slice(1)]);
    client.close();
  });

  it('refuses to write past ws when its sender is not idle', () => {
    const busy = { _socket: { write: () => true }, _sender: { _state: 1, _queue: [] } };
    expect(writeFramed(busy as unknown as WebSocket, frameText(Buffer.from('x')))).toBe(false);
  });
});
