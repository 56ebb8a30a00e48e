// The fault suite's cross-node revocation check: a login's socket held by one node, its logout sent
// to another; the socket must close with 4410 (SESSION_REVOKED_CLOSE, packages/contract) within
// `withinMs`, which only happens when the revocation crossed Redis to the node holding the socket.
import { WebSocket } from 'ws';

const SESSION_REVOKED_CLOSE = 4410;

/** Answers { ok, detail }. */
export async function logoutClosesOnAnotherNode({
  key,
  deviceSession,
  socketPort,
  logoutPort,
  withinMs = 2000,
}) {
  const ws = new WebSocket(`ws://127.0.0.1:${socketPort}/realtime`);
  const closed = new Promise((resolve) => ws.once('close', (code) => resolve({ code, at: Date.now() })));
  ws.on('error', () => undefined);
  const ready = await new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), 10_000);
    ws.once('open', () => ws.send(JSON.stringify({ type: 'auth', token: key, session_id: deviceSession })));
    ws.on('message', (data) => {
      const message = JSON.parse(data.toString());
      if ((Array.isArray(message) ? message : [message]).some((f) => f.type === 'ready')) {
        clearTimeout(timer);
        resolve(true);
      }
    });
  });
  if (!ready) {
    ws.terminate();
    return { ok: false, detail: `no ready frame from the node on port ${socketPort}` };
  }
  const sentAt = Date.now();
  const res = await fetch(`http://127.0.0.1:${logoutPort}/thor/auth/logout/`, {
    method: 'POST',
    headers: { authorization: `Token ${key}` },
    signal: AbortSignal.timeout(10_000),
  });
  if (res.status !== 200) {
    ws.terminate();
    return { ok: false, detail: `logout answered ${res.status}` };
  }
  const outcome = await Promise.race([closed, new Promise((r) => setTimeout(() => r(null), withinMs))]);
  if (!outcome) {
    ws.terminate();
    return { ok: false, detail: `socket on port ${socketPort} still open ${withinMs} ms after the logout` };
  }
  return {
    ok: outcome.code === SESSION_REVOKED_CLOSE,
    detail: `closed with ${outcome.code} ${outcome.at - sentAt} ms after the logout on port ${logoutPort}`,
  };
}
