/**
 * A load-generator process of bench/chat.mjs (forked with IPC): holds many chat connections of one
 * kind (encore, ws, socketio), counts the chat messages they receive and histograms each message's
 * delivery latency (receive time minus the publisher's timestamp carried in the text "bench <ms>").
 * One process cannot drive thousands of sockets honestly (DESIGN.md section 8): the bench forks several.
 *
 * Parent messages: {cmd:'connect', mode, url, localAddress?, clients:[{room, token?, channel?, url?}]} answers
 * {connected, failed}; {cmd:'reset', since} starts a measurement of the messages sent from `since` on; {cmd:'report'} answers
 * {received, hist}; {cmd:'close'} ends the process.
 */
import { io } from 'socket.io-client';
import { WebSocket } from 'ws';

const MAX_MS = 10_000;
let hist = new Uint32Array(MAX_MS + 1);
let received = 0;
/** Only messages published from this instant on count (the warm-up's stragglers do not). */
let since = Number.POSITIVE_INFINITY;
const sockets = [];

function recordSent(sent) {
  if (!Number.isFinite(sent) || sent < since) return;
  received += 1;
  hist[Math.min(MAX_MS, Math.max(0, Date.now() - sent))] += 1;
}

const record = (text) => recordSent(Number(String(text).slice(6)));

const MARK = Buffer.from('"bench ');

/**
 * Every bench message in a received frame, found by its text ("bench <ms>") rather than by parsing
 * the JSON: at 20,000 sockets the load generators share the server's cores, and a JSON.parse per
 * socket per frame was CPU taken from the server under test. Used for Encore's frames (one event or
 * an array of a tick's events) and the ws baseline's alike; Socket.IO parses inside its client.
 */
function recordFrame(data) {
  const buf = Buffer.isBuffer(data) ? data : Buffer.from(data);
  let at = buf.indexOf(MARK);
  while (at !== -1) {
    let i = at + MARK.length;
    let sent = 0;
    for (; i < buf.length; i++) {
      const digit = buf[i] - 48;
      if (digit < 0 || digit > 9) break;
      sent = sent * 10 + digit;
    }
    recordSent(sent);
    at = buf.indexOf(MARK, i);
  }
}

/** The source address of this process's sockets (127.0.0.x): each one has its own ephemeral ports. */
let localAddress;

function connectOne(mode, url, client) {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), 20_000);
    const done = (ok) => {
      clearTimeout(timer);
      resolve(ok);
    };
    if (mode === 'socketio') {
      const socket = io(client.url ?? url, {
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        localAddress,
      });
      sockets.push(socket);
      socket.on('connect', () => socket.emit('join', client.room, () => done(true)));
      socket.on('connect_error', () => done(false));
      socket.on('msg', (m) => record(m.text));
      return;
    }
    // The frames are the bench's own: checking their UTF-8 would only spend the server's cores.
    const ws = new WebSocket(client.url ?? url, {
      perMessageDeflate: false,
      skipUTF8Validation: true,
      localAddress,
    });
    sockets.push(ws);
    ws.on('error', () => done(false));
    if (mode === 'ws') {
      ws.on('open', () => ws.send(JSON.stringify({ join: client.room })));
      let joined = false;
      ws.on('message', (data) => {
        if (joined) return recordFrame(data);
        joined = JSON.parse(data.toString()).joined !== undefined;
        if (joined) done(true);
      });
      return;
    }
    // Encore: auth, then subscribe to the hang channel; a ping's pong says the subscribe is live.
    let state = 'auth';
    ws.on('open', () => ws.send(JSON.stringify({ type: 'auth', token: client.token })));
    ws.on('message', (data) => {
      if (state === 'live') return recordFrame(data);
      const frame = JSON.parse(data.toString());
      if (state === 'auth' && frame.type === 'ready') {
        state = 'subscribing';
        ws.send(JSON.stringify({ type: 'subscribe', channels: [{ channel: client.channel }] }));
        ws.send(JSON.stringify({ type: 'ping' }));
      } else if (state === 'subscribing' && frame.type === 'pong') {
        state = 'live';
        done(true);
      } else if (frame.type === 'error') {
        done(false);
      }
    });
    ws.on('close', () => done(false));
  });
}

process.on('message', async (msg) => {
  if (msg.cmd === 'connect') {
    localAddress = msg.localAddress;
    let connected = 0;
    let failed = 0;
    // A few dozen handshakes at a time: a burst of thousands is a different benchmark.
    for (let i = 0; i < msg.clients.length; i += 50) {
      const oks = await Promise.all(
        msg.clients.slice(i, i + 50).map((c) => connectOne(msg.mode, msg.url, c)),
      );
      for (const ok of oks) {
        if (ok) connected += 1;
        else failed += 1;
      }
    }
    process.send({ connected, failed });
  } else if (msg.cmd === 'reset') {
    hist = new Uint32Array(MAX_MS + 1);
    received = 0;
    since = msg.since;
    process.send({ ok: true });
  } else if (msg.cmd === 'report') {
    process.send({ received, hist: Array.from(hist) });
  } else if (msg.cmd === 'close') {
    for (const s of sockets) (s.disconnect ?? s.terminate).call(s);
    process.exit(0);
  }
});
