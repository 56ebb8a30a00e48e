/**
 * A load-generator process of bench/herd.mjs (forked with IPC): walks its share of the herd's fans
 * through a doors-open arrival, each at its own moment of the window: ticket check, entry (a device
 * session), a realtime socket (auth with the session, subscribe to the show, a pong), then leaving
 * (DELETE of the session, socket closed). Per step it histograms the latency and counts failures.
 *
 * Parent message: {cmd:'run', base, slug, paidEventName, keys:[...], startAt, windowMs, localAddress}
 * answers {steps: {name: {ok, failed, hist, errors}}, late} once every fan is done.
 */
import http from 'node:http';
import { WebSocket } from 'ws';

const MAX_MS = 60_000;
// The waiting room's run (HERD_ROOM_RATE, issue 28): join (the first enter), poll, enter with the place.
const STEPS = ['check', 'enter', 'socket', 'leave', 'join', 'poll', 'admitted-enter'];
const steps = Object.fromEntries(
  STEPS.map((s) => [s, { ok: 0, failed: 0, hist: new Uint32Array(MAX_MS + 1), errors: {} }]),
);

function record(step, startedAt, error) {
  const s = steps[step];
  if (error) {
    s.failed += 1;
    s.errors[error] = (s.errors[error] ?? 0) + 1;
    return;
  }
  s.ok += 1;
  s.hist[Math.min(MAX_MS, Math.round(performance.now() - startedAt))] += 1;
}

let agent;

/** A failure's cause as a short table cell: the status and the start of the body, on one line. */
const oneLine = (text) =>
  text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 50);

/** One HTTP call through the balancer on the process's keep-alive pool; answers status and body. */
function call(base, method, p, key, body) {
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      `${base}${p}`,
      {
        method,
        agent,
        headers: {
          authorization: `Token ${key}`,
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
        },
        timeout: 30_000,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => {
          text += d;
        });
        res.on('end', () => resolve({ status: res.statusCode, text }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (err) => resolve({ status: 0, text: err.code ?? err.message }));
    req.end(payload);
  });
}

/** The socket step: auth with the device session, subscribe to the show, a pong. Answers the socket. */
function openSocket(base, key, sessionId, channel, localAddress) {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${base.replace('http', 'ws')}/realtime`, {
      perMessageDeflate: false,
      localAddress,
    });
    const timer = setTimeout(() => finish('timeout'), 30_000);
    let state = 'auth';
    function finish(error) {
      clearTimeout(timer);
      if (error) ws.terminate();
      resolve({ ws, error });
    }
    ws.on('error', (err) => finish(err.code ?? 'socket error'));
    ws.on('close', (code) => state !== 'live' && finish(`closed ${code}`));
    ws.on('open', () => ws.send(JSON.stringify({ type: 'auth', token: key, session_id: sessionId })));
    ws.on('message', (data) => {
      if (state === 'live') return;
      const frame = JSON.parse(data.toString());
      if (state === 'auth' && frame.type === 'ready') {
        if (!frame.session_valid) return finish('session not valid');
        state = 'subscribing';
        ws.send(JSON.stringify({ type: 'subscribe', channels: [{ channel }] }));
        ws.send(JSON.stringify({ type: 'ping' }));
      } else if (state === 'subscribing' && frame.type === 'pong') {
        state = 'live';
        finish(null);
      } else if (frame.type === 'error') {
        finish(`error ${frame.code}`);
      }
    });
  });
}

async function fan(job, key) {
  let t = performance.now();
  const check = await call(job.base, 'POST', '/thor/ticket/validate/', key, {
    paid_event: job.paidEventName,
    redeemed_only: true,
  });
  record('check', t, check.status === 200 ? null : `${check.status} ${oneLine(check.text)}`);
  if (check.status !== 200) return;
  t = performance.now();
  const enter = await call(job.base, 'POST', `/thor/shows/${job.slug}/enter/`, key);
  record('enter', t, enter.status === 200 ? null : `${enter.status} ${oneLine(enter.text)}`);
  if (enter.status !== 200) return;
  const sessionId = JSON.parse(enter.text).session_id;
  t = performance.now();
  const { ws, error } = await openSocket(job.base, key, sessionId, `show-${job.slug}`, job.localAddress);
  record('socket', t, error);
  t = performance.now();
  const leave = await call(job.base, 'DELETE', `/thor/shows/${job.slug}/enter/${sessionId}/`, key);
  if (!error) ws.close(1000);
  record(
    'leave',
    t,
    leave.status === 204 || leave.status === 200 ? null : `${leave.status} ${oneLine(leave.text)}`,
  );
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** What each fan saw: its place's number in the line, and the mark when it was told it was in. */
const places = [];

/**
 * A fan through the waiting room (issue 28): enter; a 429 IN_QUEUE gives a place, polled when the
 * answer says until it is admitted, then enter with it. Any other answer is a failure of its step.
 */
async function queuedFan(job, key) {
  let t = performance.now();
  const first = await call(job.base, 'POST', `/thor/shows/${job.slug}/enter/`, key, {});
  const joined = first.status === 200 || first.status === 429;
  record('join', t, joined ? null : `${first.status} ${oneLine(first.text)}`);
  if (!joined) return;
  if (first.status === 200) {
    places.push({ n: null, mark: null, at: Date.now() });
    return;
  }
  let queue = JSON.parse(first.text).queue;
  const n = JSON.parse(Buffer.from(queue.token.split('.')[0], 'base64url').toString()).n;
  while (!queue.admitted) {
    if (Date.now() > job.giveUpAt) {
      record('poll', performance.now(), 'never admitted');
      return;
    }
    // The fan asks again when the answer says (the server spreads the herd's polls by itself).
    await sleep(queue.poll_after_ms);
    t = performance.now();
    const res = await call(job.base, 'GET', `/thor/shows/${job.slug}/queue/?token=${queue.token}`, key);
    record('poll', t, res.status === 200 ? null : `${res.status} ${oneLine(res.text)}`);
    // A failed poll is counted; the fan keeps its place and asks again.
    if (res.status === 200) queue = JSON.parse(res.text);
    else queue = { ...queue, poll_after_ms: 1000 };
  }
  const mark = queue.admitted_through;
  const admittedAt = Date.now();
  for (let tries = 0; tries < 10; tries++) {
    t = performance.now();
    const res = await call(job.base, 'POST', `/thor/shows/${job.slug}/enter/`, key, {
      queue_token: queue.token,
    });
    record('admitted-enter', t, res.status === 200 ? null : `${res.status} ${oneLine(res.text)}`);
    if (res.status === 200) {
      places.push({ n, mark, admittedAt, at: Date.now() });
      return;
    }
    // Counted as a failure above; an admitted fan tries again rather than being lost from the tally.
    await sleep(1000);
  }
  // Not in `places`: the parent counts it as a fan who never got inside.
}

process.on('message', async (job) => {
  if (job.cmd !== 'run') return;
  // Idle connections are kept up to the same bound: a pool that closes them reconnects through the
  // balancer at every burst.
  agent = new http.Agent({
    keepAlive: true,
    maxSockets: job.connections,
    maxFreeSockets: job.connections,
    localAddress: job.localAddress,
  });
  const spacing = job.windowMs / job.keys.length;
  let late = 0;
  const running = [];
  // Each fan arrives at its own instant of the window, whatever the others are waiting on.
  for (let i = 0; i < job.keys.length; i++) {
    const due = job.startAt + i * spacing;
    const wait = due - Date.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    else if (wait < -100) late += 1;
    running.push(job.room ? queuedFan(job, job.keys[i]) : fan(job, job.keys[i]));
  }
  await Promise.all(running);
  const out = {};
  for (const [name, s] of Object.entries(steps)) out[name] = { ...s, hist: Array.from(s.hist) };
  process.send({ steps: out, late, places });
});
