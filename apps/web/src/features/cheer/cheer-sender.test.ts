import { CHEER_TIMINGS_MS } from '@encore/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startCheerSender } from './cheer-sender.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function harness(results: boolean[] = []) {
  let session = 0;
  const sent: Array<{ at: number; count: number }> = [];
  const start = Date.now();
  const stop = startCheerSender({
    take: () => {
      const n = session;
      session = 0;
      return n;
    },
    restore: (n) => {
      session += n;
    },
    send: async (count) => {
      sent.push({ at: Date.now() - start, count });
      return results.shift() ?? true;
    },
  });
  return {
    tap: (n = 1) => {
      session += n;
    },
    sent,
    stop,
    session: () => session,
  };
}

describe('startCheerSender (CHR-08, CHR-09)', () => {
  it('defaults: first send 10 s after start, then every 10 s', () => {
    expect(CHEER_TIMINGS_MS.firstSend).toBe(10_000);
    expect(CHEER_TIMINGS_MS.sendInterval).toBe(10_000);
  });

  it('sends the count 10 s after start and every 10 s, only while it is above zero', async () => {
    const h = harness();
    h.tap(3);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(h.sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.sent).toEqual([{ at: 10_000, count: 3 }]);
    expect(h.session()).toBe(0);
    // Nothing tapped: nothing sent at 20 s.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(h.sent).toHaveLength(1);
    h.tap(2);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(h.sent).toEqual([
      { at: 10_000, count: 3 },
      { at: 30_000, count: 2 },
    ]);
    h.stop();
    h.tap(1);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(h.sent).toHaveLength(2);
  });

  it('a failed send keeps its taps for the next one', async () => {
    const h = harness([false]);
    h.tap(4);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(h.session()).toBe(4);
    h.tap(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(h.sent.map((s) => s.count)).toEqual([4, 5]);
    expect(h.session()).toBe(0);
    h.stop();
  });
});
