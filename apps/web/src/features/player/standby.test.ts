import { describe, expect, it, vi } from 'vitest';
import { fakeTimersEach } from './fake-timers.ts';
import type { Standby } from './player-session.ts';
import { createStandbyWatch, STANDBY_AFTER_MS } from './standby.ts';

// A <video> as the watch sees it: its time, pause state, duration and loop flag.
function fakeVideo() {
  return {
    currentTime: 0,
    paused: false,
    duration: Number.POSITIVE_INFINITY,
    loop: true,
    pause() {
      this.paused = true;
    },
  };
}

describe('standby slates of a live-ingest stream (issue 11)', () => {
  const seen = fakeTimersEach<Standby>();
  /** A playing video and the watch on it, reporting into `seen`. */
  const watching = () => {
    const video = fakeVideo();
    const watch = createStandbyWatch(video as unknown as HTMLVideoElement, (s) => seen.push(s));
    return { video, watch };
  };

  it("shows we'll be right back when the playlist stopped and the picture stood still, and clears it when the picture moves", () => {
    const { video, watch } = watching();
    watch.playlist(true, 10);
    // Playing normally: time moves, the playlist grows.
    for (let i = 0; i < 8; i++) {
      video.currentTime += 0.5;
      if (i % 4 === 0) watch.playlist(true, 11 + i);
      vi.advanceTimersByTime(500);
    }
    expect(seen).toEqual([]);
    // The encoder dropped: the playlist stays (reloaded, unchanged), the picture plays to its end and stops.
    for (let t = 0; t < STANDBY_AFTER_MS + 1000; t += 1000) {
      watch.playlist(true, 15);
      vi.advanceTimersByTime(1000);
    }
    expect(seen).toEqual(['brb']);
    // It returned: the picture moves again.
    watch.playlist(true, 30);
    video.currentTime += 0.5;
    vi.advanceTimersByTime(500);
    expect(seen).toEqual(['brb', null]);
    watch.stop();
  });

  it('is no slate when the picture stalls while the playlist still grows (the network, not the encoder)', () => {
    const { watch } = watching();
    for (let i = 0; i < 20; i++) {
      watch.playlist(true, i);
      vi.advanceTimersByTime(500);
    }
    expect(seen).toEqual([]);
    watch.stop();
  });

  it("is no slate when playlists stop arriving at all (the fan's own network is away, issue 24)", () => {
    const { watch } = watching();
    watch.playlist(true, 10);
    vi.advanceTimersByTime(4 * STANDBY_AFTER_MS);
    expect(seen).toEqual([]);
    watch.stop();
  });

  it('shows the end slate when a live playlist ended and the picture reached its end, and does not loop', () => {
    const { video, watch } = watching();
    watch.playlist(true, 5);
    watch.playlist(false, 9);
    video.duration = 20;
    video.currentTime = 10;
    vi.advanceTimersByTime(500);
    expect(seen).toEqual([]);
    video.currentTime = 19.8;
    vi.advanceTimersByTime(500);
    expect(seen).toEqual(['ended']);
    expect(video.paused).toBe(true);
    expect(video.loop).toBe(false);
    watch.stop();
  });
});
