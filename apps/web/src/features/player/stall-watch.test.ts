import { describe, expect, it, vi } from 'vitest';
import { fakeTimersEach } from './fake-timers.ts';
import { createStallWatch, STALL, type StallReading } from './stall-watch.ts';

// A <video> as the watch sees it: its time and whether it should play.
const fakeVideo = () => ({ currentTime: 0, paused: false, ended: false, seeking: false });

describe('stall watch (issue 26: a spinner, not a frozen frame)', () => {
  const seen = fakeTimersEach<StallReading>();
  /** A playing video and the watch on it, reporting into `seen`. */
  const watching = () => {
    const video = fakeVideo();
    const watch = createStallWatch(
      video,
      (r) => seen.push(r),
      () => Date.now(),
    );
    return { video, watch };
  };

  const play = (video: ReturnType<typeof fakeVideo>, ms: number) => {
    for (let t = 0; t < ms; t += STALL.tickMs) {
      video.currentTime += STALL.tickMs / 1000;
      vi.advanceTimersByTime(STALL.tickMs);
    }
  };
  const last = () => seen.at(-1);

  it('reports a stall once the picture stands still while it should play, and a long one after 2 s, starved after 6 s', () => {
    const { video, watch } = watching();
    play(video, 2_000);
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(STALL.afterMs);
    expect(last()).toEqual({ stalled: true, longStall: false, starved: false, recentStalls: 1 });
    vi.advanceTimersByTime(STALL.longMs);
    expect(last()).toEqual({ stalled: true, longStall: true, starved: false, recentStalls: 1 });
    vi.advanceTimersByTime(STALL.starvedMs - STALL.longMs);
    expect(last()).toEqual({ stalled: true, longStall: true, starved: true, recentStalls: 1 });
    play(video, 500);
    expect(last()).toEqual({ stalled: false, longStall: false, starved: false, recentStalls: 1 });
    // The stall ages out of the window.
    play(video, STALL.windowMs);
    expect(last()).toEqual({ stalled: false, longStall: false, starved: false, recentStalls: 0 });
    watch.stop();
  });

  it('counts each stall in the window', () => {
    const { video, watch } = watching();
    play(video, 1_000);
    for (let i = 0; i < 2; i++) {
      vi.advanceTimersByTime(STALL.afterMs + STALL.tickMs);
      play(video, 1_000);
    }
    expect(last()?.recentStalls).toBe(2);
    expect(last()?.longStall).toBe(false);
    watch.stop();
  });

  it('a paused picture is no stall; the wait before the first frame spins but does not count', () => {
    const { video, watch } = watching();
    vi.advanceTimersByTime(STALL.longMs * 2);
    expect(last()).toEqual({ stalled: true, longStall: false, starved: false, recentStalls: 0 });
    play(video, 1_000);
    video.paused = true;
    vi.advanceTimersByTime(STALL.longMs * 2);
    expect(last()).toEqual({ stalled: false, longStall: false, starved: false, recentStalls: 0 });
    watch.stop();
  });

  it('a seek, and a new stream after restart(), spin without counting', () => {
    const { video, watch } = watching();
    play(video, 1_000);
    video.seeking = true;
    video.currentTime = 40;
    vi.advanceTimersByTime(STALL.longMs * 2);
    expect(last()).toEqual({ stalled: true, longStall: false, starved: false, recentStalls: 0 });
    video.seeking = false;
    play(video, 1_000);
    watch.restart();
    video.currentTime = 0;
    vi.advanceTimersByTime(STALL.longMs * 2);
    expect(last()).toEqual({ stalled: true, longStall: false, starved: false, recentStalls: 0 });
    watch.stop();
  });
});
