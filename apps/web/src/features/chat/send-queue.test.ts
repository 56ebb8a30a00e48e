import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SendQueue } from './send-queue.ts';

describe('send queue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends 250 ms after the last send action, in order', async () => {
    const sent: string[] = [];
    const queue = new SendQueue<string>(async (s) => void sent.push(s));
    queue.push('a');
    await vi.advanceTimersByTimeAsync(200);
    queue.push('b');
    await vi.advanceTimersByTimeAsync(249);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual(['a', 'b']);
  });

  it('keeps going after a failed delivery and sends nothing once closed', async () => {
    const sent: string[] = [];
    const queue = new SendQueue<string>(async (s) => {
      if (s === 'bad') throw new Error('boom');
      sent.push(s);
    });
    queue.push('bad');
    queue.push('ok');
    await vi.advanceTimersByTimeAsync(250);
    expect(sent).toEqual(['ok']);
    queue.push('late');
    queue.close();
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent).toEqual(['ok']);
  });
});
