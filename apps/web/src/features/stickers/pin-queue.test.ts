import { describe, expect, it } from 'vitest';
import { emptyPinQueue, enqueuePin, type PinQueueState, pinTick } from './pin-queue.ts';

const withQueue = (n: number): PinQueueState<number> => {
  let s = emptyPinQueue<number>();
  for (let i = 1; i <= n; i++) s = enqueuePin(s, i);
  return s;
};

describe('sticker pin queue', () => {
  it('pins up to 2 queued stickers per tick, replacing the pinned ones', () => {
    let s = withQueue(3);
    s = pinTick(s);
    expect(s.pinned).toEqual([1, 2]);
    expect(s.queue).toEqual([3]);
    s = pinTick(s);
    expect(s.pinned).toEqual([3]);
    expect(s.queue).toEqual([]);
  });

  it('drops the oldest 10 when more than 20 are queued', () => {
    const s = pinTick(withQueue(21));
    expect(s.pinned).toEqual([11, 12]);
    expect(s.queue).toHaveLength(9);
    // Exactly 20 is not over the limit.
    expect(pinTick(withQueue(20)).pinned).toEqual([1, 2]);
  });

  it('clears the pinned stickers after 4 empty ticks in a row', () => {
    let s = pinTick(withQueue(1));
    for (let i = 0; i < 3; i++) {
      s = pinTick(s);
      expect(s.pinned).toEqual([1]);
    }
    s = pinTick(s);
    expect(s.pinned).toEqual([]);
  });

  it('restarts the empty count when a sticker arrives', () => {
    let s = pinTick(withQueue(1));
    s = pinTick(pinTick(pinTick(s)));
    s = pinTick(enqueuePin(s, 9));
    expect(s.pinned).toEqual([9]);
    s = pinTick(pinTick(pinTick(s)));
    expect(s.pinned).toEqual([9]);
  });
});
