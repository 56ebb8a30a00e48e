import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SCROLL_THROTTLE_MS, throttle } from './throttle.ts';

describe('scroll throttle (LAY-11)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is 150 ms', () => {
    expect(SCROLL_THROTTLE_MS).toBe(150);
  });

  it('handles the first event at once, then at most once per 150 ms, the last of a burst included', () => {
    const fn = vi.fn();
    const onScroll = throttle(fn, SCROLL_THROTTLE_MS);
    onScroll();
    expect(fn).toHaveBeenCalledTimes(1);
    // A burst of scroll events every 10 ms for 100 ms: nothing more until the window ends.
    for (let i = 0; i < 10; i++) {
      vi.advanceTimersByTime(10);
      onScroll();
    }
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(49);
    expect(fn).toHaveBeenCalledTimes(1);
    // The burst's trailing call lands 150 ms after the first one, once.
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(1000);
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('runs a continuous scroll every 150 ms, never faster', () => {
    const fn = vi.fn();
    const onScroll = throttle(fn, SCROLL_THROTTLE_MS);
    const times: number[] = [];
    fn.mockImplementation(() => times.push(Date.now()));
    const start = Date.now();
    for (let t = 0; t < 600; t += 5) {
      onScroll();
      vi.advanceTimersByTime(5);
    }
    vi.advanceTimersByTime(SCROLL_THROTTLE_MS);
    expect(times.map((t) => t - start)).toEqual([0, 150, 300, 450, 600]);
  });

  it('an event after a quiet window is handled at once; cancel drops the pending call', () => {
    const fn = vi.fn();
    const onScroll = throttle(fn, SCROLL_THROTTLE_MS);
    onScroll();
    vi.advanceTimersByTime(400);
    onScroll();
    expect(fn).toHaveBeenCalledTimes(2);
    onScroll();
    onScroll.cancel();
    vi.advanceTimersByTime(1000);
    expect(fn).toHaveBeenCalledTimes(2);
  });
});
