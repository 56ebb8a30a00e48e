import type { AnalyticsEvent } from '@encore/contract';
import { describe, expect, it } from 'vitest';
import { createAnalyticsQueue } from './analytics-queue.ts';

const event = (n: number): AnalyticsEvent => ({
  event_type: 'videoquality',
  event_time: new Date(n).toISOString(),
  event_category: 'SHOW',
  device_id: null,
  user_info: null,
  event_data: { visitor_id: '17000000000001000', label: '720p', index: n },
});

function harness() {
  const sent: { size: number; keepalive: boolean }[] = [];
  const timers: (() => void)[] = [];
  const queue = createAnalyticsQueue({
    send: async (events, { keepalive }) => {
      sent.push({ size: events.length, keepalive });
    },
    setTimer: (fn) => timers.push(fn),
    clearTimer: () => {},
  });
  return { sent, timers, queue };
}

describe('analytics queue', () => {
  it('holds events until the flush timer, then sends them as one batch', () => {
    const { sent, timers, queue } = harness();
    queue.push(event(1));
    queue.push(event(2));
    expect(sent).toEqual([]);
    expect(timers).toHaveLength(1);
    timers[0]?.();
    expect(sent).toEqual([{ size: 2, keepalive: false }]);
    expect(queue.size).toBe(0);
  });

  it('sends a full batch of 50 at once and never more per request', () => {
    const { sent, queue } = harness();
    for (let i = 0; i < 50; i += 1) queue.push(event(i));
    expect(sent).toEqual([{ size: 50, keepalive: false }]);
    for (let i = 0; i < 3; i += 1) queue.push(event(i));
    queue.flush(true);
    expect(sent).toEqual([
      { size: 50, keepalive: false },
      { size: 3, keepalive: true },
    ]);
  });
});
