// A fan of the fault suite (scripts/faults.mjs): what the web client does, through the balancer.
// Its device session (enter), the show's hang (join_hang), a WebSocket that authenticates with the
// device session, subscribes to the hang channel and after any close reconnects and resumes with
// last_seq (a `resync` frame or a gap in the numbers reloads the hang's recent tosses, as
// use-hang-chat.ts does), and tosses. It records what it was sent, per toss id and sequence number.
import { randomUUID } from 'node:crypto';
import { WebSocket } from 'ws';

function api(base, key) {
  return async (method, p, body, headers = {}) => {
    const res = await fetch(`${base}${p}`, {
      method,
      headers: {
        authorization: `Token ${key}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(10_000),
    });
    const text = await res.text();
    return { status: res.status, json: () => JSON.parse(text), text };
  };
}

/**
 * One fan: a device session, the hang, a resuming socket, and a toss every `tossEveryMs`;
 * `onAck(id)` hears each toss the server acknowledged.
 */
export function createFan(i, { base, key, slug, show, tossEveryMs, onAck }) {
  const call = api(base, key);
  const fan = {
    i,
    deviceSession: '',
    channel: '',
    lastSeq: 0,
    received: new Map(),
    seqs: new Set(),
    duplicates: 0,
    seqReused: 0,
    resyncs: 0,
    reloaded: 0,
    /** Tosses the fan has from a resync's join_hang (shown once: the client de-duplicates by id). */
    reloadedIds: new Set(),
    opened: 0,
    ready: false,
    sessionValid: [],
    acked: [],
    failedSends: 0,
    errors: [],
    ws: null,
    stopped: false,
  };
  let hang;

  fan.setup = async () => {
    const enter = await call('POST', `/thor/shows/${slug}/enter/`);
    if (enter.status !== 200) throw new Error(`fan ${i} enter: ${enter.status} ${enter.text}`);
    fan.deviceSession = enter.json().session_id;
    const list = await call(
      'GET',
      `/thor/hangs/get_hangs_list/?filter=featured_hangs&paid_event_name=${show.paid_event_name}`,
    );
    const featured = list.json().hang_category_list[0].hangs[0];
    const join = await call('PUT', '/thor/hangs/join_hang/', { hang_id: featured.id, session_id: 'new' });
    if (join.status !== 200) throw new Error(`fan ${i} join: ${join.status} ${join.text}`);
    hang = join.json();
    fan.channel = `hang-${hang.pubnubForHang}`;
  };

  /**
   * The web client's answer to a `resync` frame or a gap (use-hang-chat.ts): join the hang again and
   * take its recent tosses, de-duplicated by toss_id (a reload is not a duplicate delivery).
   */
  fan.resync = async () => {
    fan.resyncs += 1;
    try {
      const again = await call('PUT', '/thor/hangs/join_hang/', {
        hang_id: hang.id,
        session_id: hang.session_id,
      });
      if (again.status !== 200) return;
      for (const t of again.json().tosses ?? []) {
        if (!fan.received.has(t.toss_id) && !fan.reloadedIds.has(t.toss_id)) fan.reloaded += 1;
        fan.reloadedIds.add(t.toss_id);
      }
    } catch {
      // The next resync or reconnect tries again.
    }
  };

  fan.connect = () => {
    const ws = new WebSocket(`${base.replace('http', 'ws')}/realtime`);
    fan.ws = ws;
    fan.ready = false;
    ws.on('open', () => {
      fan.opened += 1;
      ws.send(JSON.stringify({ type: 'auth', token: key, session_id: fan.deviceSession }));
    });
    ws.on('message', (data) => {
      const message = JSON.parse(data.toString());
      for (const frame of Array.isArray(message) ? message : [message]) {
        if (frame.type === 'ready') {
          fan.sessionValid.push(frame.session_valid);
          // Resume: the last sequence seen, as the web client does (a first subscribe starts now).
          const sub =
            fan.lastSeq > 0 ? { channel: fan.channel, last_seq: fan.lastSeq } : { channel: fan.channel };
          ws.send(JSON.stringify({ type: 'subscribe', channels: [sub] }));
          fan.ready = true;
        } else if (frame.type === 'resync' && frame.channel === fan.channel) {
          fan.resync();
        } else if (frame.type === 'error') {
          fan.errors.push(`${frame.code}: ${frame.message}`);
        } else if (frame.type === 'event' && frame.channel === fan.channel && frame.event.kind === 'toss') {
          const id = frame.event.toss.toss_id;
          const seen = fan.received.get(id) ?? 0;
          // The same toss twice is a duplicate; the same sequence number on another toss means the
          // channel's numbering started over (a client that de-duplicates by seq would drop it).
          if (seen > 0) fan.duplicates += 1;
          else if (fan.seqs.has(frame.seq)) fan.seqReused += 1;
          fan.received.set(id, seen + 1);
          fan.seqs.add(frame.seq);
          // A gap in the numbers means missed events: reload, as the web client does.
          if (fan.lastSeq > 0 && frame.seq > fan.lastSeq + 1) fan.resync();
          fan.lastSeq = Math.max(fan.lastSeq, frame.seq);
        }
      }
    });
    ws.on('error', () => undefined);
    ws.on('close', () => {
      fan.ready = false;
      if (!fan.stopped) setTimeout(fan.connect, 200 + Math.random() * 300);
    });
  };

  let timer;
  fan.startTossing = () => {
    timer = setInterval(
      async () => {
        const id = randomUUID();
        try {
          const res = await call('POST', `/thor/hangs/${hang.id}/${hang.session_id}/toss/`, {
            hang_id: hang.id,
            toss_type: 'chat',
            toss_id: id,
            toss_text: `hello ${i} n${fan.acked.length}`,
            toss_data: null,
            paid_event_name: show.paid_event_name,
          });
          if (res.status === 200) {
            fan.acked.push(id);
            onAck(id);
          } else fan.failedSends += 1;
        } catch {
          fan.failedSends += 1;
        }
      },
      tossEveryMs + Math.random() * 100,
    );
  };
  fan.stopTossing = () => clearInterval(timer);

  /** A DRM token for the fan's device session, and the AES key it opens. */
  fan.drmWorks = async () => {
    const qs = new URLSearchParams({
      video: String(show.channel_id),
      stream: 'mix-stream1',
      paid_event: String(show.paid_event_id),
      stream_type: 'hls',
      session_id: fan.deviceSession,
    });
    const token = await call('GET', `/thor/video/drm/?${qs}`);
    if (token.status !== 200) return `token ${token.status}`;
    const { token: drm, header } = token.json();
    const res = await fetch(`${base}/media/keys/mix-stream1`, { headers: { [header]: drm } });
    // 503: this checkout has no demo media; the token itself was still accepted above.
    return res.status === 200 || res.status === 503 ? 'ok' : `key ${res.status}`;
  };

  fan.close = () => {
    fan.stopped = true;
    fan.ws?.terminate();
  };
  return fan;
}
