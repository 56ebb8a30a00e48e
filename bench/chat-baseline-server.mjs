/**
 * The baselines of bench/chat.mjs (DESIGN.md section 8), each the least a chat fan-out server can be:
 *
 *   node bench/chat-baseline-server.mjs ws <port>         a minimal `ws` broadcast server
 *   node bench/chat-baseline-server.mjs socketio <port>   Socket.IO rooms (websocket transport)
 *
 * Protocol (both): a client joins a room, a publisher sends {room, text}; the server writes the
 * message to every socket of the room at once, one send per socket (no batching).
 */
import { createServer } from 'node:http';
import { Server as SocketIoServer } from 'socket.io';
import { WebSocketServer } from 'ws';

const [mode, portArg] = process.argv.slice(2);
const port = Number(portArg);
const http = createServer((req, res) => {
  res.writeHead(req.url === '/healthz' ? 200 : 404).end('ok');
});

if (mode === 'ws') {
  const rooms = new Map();
  const wss = new WebSocketServer({ server: http, perMessageDeflate: false });
  wss.on('connection', (ws) => {
    let room = null;
    ws.on('message', (data) => {
      const msg = JSON.parse(data.toString());
      if (msg.join !== undefined) {
        room = String(msg.join);
        if (!rooms.has(room)) rooms.set(room, new Set());
        rooms.get(room).add(ws);
        ws.send(JSON.stringify({ joined: room }));
        return;
      }
      // Encoded once: the same bytes go to every socket of the room.
      const out = Buffer.from(JSON.stringify({ text: msg.text }));
      for (const peer of rooms.get(String(msg.room)) ?? []) peer.send(out, { binary: false });
    });
    ws.on('close', () => rooms.get(room)?.delete(ws));
  });
} else if (mode === 'socketio') {
  const io = new SocketIoServer(http, { transports: ['websocket'], perMessageDeflate: false });
  io.on('connection', (socket) => {
    socket.on('join', (room, ack) => {
      socket.join(String(room));
      ack?.();
    });
    socket.on('msg', (m) => io.to(String(m.room)).emit('msg', { text: m.text }));
  });
} else {
  process.stderr.write('mode: ws | socketio\n');
  process.exit(2);
}

http.listen(port, '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
