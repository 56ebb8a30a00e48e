import type { ServerFrame } from '@encore/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRealtimeClient, type SocketLike } from './realtime-client.ts';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: unknown[] = [];
  closed = false;
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  readonly url: string;
  constructor(url: string) {
    this.url = url;
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.closed = true;
  }
  serverOpen() {
    this.readyState = 1;
    this.onopen?.({});
  }
  serverSend(frame: ServerFrame | ServerFrame[]) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  serverClose(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

function setup() {
  const sockets: FakeSocket[] = [];
  const client = createRealtimeClient({
    url: () => 'ws://test/realtime',
    createSocket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    random: () => 1,
    pingIntervalMs: 30_000,
  });
  const last = () => sockets[sockets.length - 1] as FakeSocket;
  return { client, sockets, last };
}

const ready: ServerFrame = { type: 'ready', user_id: 7, session_valid: true };
const devices = (seq: number, count: number): ServerFrame => ({
  type: 'event',
  channel: 'user-7',
  seq,
  event: { kind: 'devices', paid_event_name: 'SHOW', count },
});

describe('realtime client', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('authenticates first, subscribes after ready, and delivers channel events', () => {
    const { client, last } = setup();
    const seen: number[] = [];
    client.subscribe('user-7', (event) => {
      if (event.kind === 'devices') seen.push(event.count);
    });
    client.connect({ token: 'tok', sessionId: 's1' });
    expect(client.getStatus()).toBe('connecting');
    last().serverOpen();
    expect(last().sent).toEqual([{ type: 'auth', token: 'tok', session_id: 's1' }]);
    last().serverSend(ready);
    expect(client.getStatus()).toBe('open');
    expect(last().sent[1]).toEqual({ type: 'subscribe', channels: [{ channel: 'user-7' }] });
    last().serverSend(devices(1, 2));
    expect(seen).toEqual([2]);
  });

  it('reconnects with backoff, resumes each channel from its last sequence, reads batches, drops repeats', () => {
    const { client, sockets, last } = setup();
    const seen: number[] = [];
    client.subscribe('user-7', (_e, meta) => seen.push(meta.seq));
    client.connect({ token: 'tok' });
    last().serverOpen();
    last().serverSend(ready);
    last().serverSend(devices(4, 1));
    last().serverClose();
    expect(client.getStatus()).toBe('reconnecting');
    vi.advanceTimersByTime(499);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    last().serverOpen();
    last().serverSend(ready);
    expect(last().sent).toContainEqual({ type: 'subscribe', channels: [{ channel: 'user-7', last_seq: 4 }] });
    last().serverSend([devices(4, 1), devices(5, 2)]);
    expect(seen).toEqual([4, 5]);
  });

  it('backs off further after each failed attempt', () => {
    const { client, sockets, last } = setup();
    client.connect({ token: 'tok' });
    last().serverClose();
    vi.advanceTimersByTime(500);
    last().serverClose();
    vi.advanceTimersByTime(999);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(3);
  });

  it('pings every 30 s and drops a link that stopped answering', () => {
    const { client, sockets, last } = setup();
    client.connect({ token: 'tok' });
    last().serverOpen();
    last().serverSend(ready);
    vi.advanceTimersByTime(30_000);
    expect(last().sent).toContainEqual({ type: 'ping' });
    vi.advanceTimersByTime(60_000);
    expect(sockets[0]?.closed).toBe(true);
    expect(client.getStatus()).toBe('reconnecting');
  });

  it('stops on a refused login and on disconnect', () => {
    const { client, sockets, last } = setup();
    client.connect({ token: 'bad' });
    last().serverClose(4401);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
    expect(client.getStatus()).toBe('idle');

    client.connect({ token: 'good' });
    last().serverOpen();
    client.disconnect();
    expect(last().closed).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(2);
  });

  it('a revoked login (4410) is not retried and tells the app the session is over', () => {
    const { client, sockets, last } = setup();
    let revoked = 0;
    client.onRevoked(() => {
      revoked += 1;
    });
    client.connect({ token: 'tok' });
    last().serverOpen();
    last().serverSend(ready);
    last().serverClose(4410);
    vi.advanceTimersByTime(60_000);
    client.reconnectNow();
    expect(sockets).toHaveLength(1);
    expect(client.getStatus()).toBe('idle');
    expect(revoked).toBe(1);
  });

  it('unsubscribes when the last handler leaves and passes other frames to listeners', () => {
    const { client, last } = setup();
    const frames: string[] = [];
    client.onFrame((f) => frames.push(f.type));
    client.connect({ token: 'tok', sessionId: 's1' });
    last().serverOpen();
    last().serverSend(ready);
    const off = client.subscribe('hang-1', () => {});
    expect(last().sent).toContainEqual({ type: 'subscribe', channels: [{ channel: 'hang-1' }] });
    off();
    expect(last().sent).toContainEqual({ type: 'unsubscribe', channels: ['hang-1'] });
    last().serverSend({ type: 'session_expired', session_id: 's1' });
    expect(frames).toEqual(['ready', 'session_expired']);
  });

  it('a channel the server ended (unsubscribed: the ticket went) is forgotten and not asked for again', () => {
    const { client, last } = setup();
    const frames: ServerFrame[] = [];
    client.onFrame((f) => frames.push(f));
    client.subscribe('show-live', () => {});
    client.subscribe('user-7', () => {});
    client.connect({ token: 'tok' });
    last().serverOpen();
    last().serverSend(ready);
    const ended: ServerFrame = {
      type: 'unsubscribed',
      channel: 'show-live',
      slug: 'live',
      reason: 'access_revoked',
    };
    last().serverSend(ended);
    expect(frames).toContainEqual(ended);
    last().serverClose();
    vi.advanceTimersByTime(500);
    last().serverOpen();
    last().serverSend(ready);
    expect(last().sent).toEqual([
      { type: 'auth', token: 'tok' },
      { type: 'subscribe', channels: [{ channel: 'user-7' }] },
    ]);
  });

  it('reloads a channel on a resync frame or a gap in its numbers, and takes the new numbering', () => {
    const { client, last } = setup();
    const seen: number[] = [];
    let resyncs = 0;
    client.subscribe(
      'user-7',
      (_e, meta) => seen.push(meta.seq),
      () => {
        resyncs += 1;
      },
    );
    client.connect({ token: 'tok' });
    last().serverOpen();
    last().serverSend(ready);
    last().serverSend([devices(4, 1), devices(5, 1)]);
    expect(resyncs).toBe(0);
    // The bus restarted empty: its new numbering jumps far ahead (issue 12).
    last().serverSend(devices(1_700_000_000_000_001, 2));
    expect(resyncs).toBe(1);
    expect(seen).toEqual([4, 5, 1_700_000_000_000_001]);

    // A reconnect whose last_seq the server no longer covers: a resync, then whatever comes is new.
    last().serverClose();
    vi.advanceTimersByTime(500);
    last().serverOpen();
    last().serverSend(ready);
    last().serverSend({ type: 'resync', channel: 'user-7' });
    expect(resyncs).toBe(2);
    last().serverSend(devices(3, 1));
    expect(seen).toEqual([4, 5, 1_700_000_000_000_001, 3]);
    expect(resyncs).toBe(2);
  });
});
