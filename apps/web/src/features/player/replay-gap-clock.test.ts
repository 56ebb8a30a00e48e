import { describe, expect, it, vi } from 'vitest';
import { fakeTimersEach } from './fake-timers.ts';
import { createGapClock, type GapState, gapRanges } from './replay-gap-clock.ts';

const frag = (start: number, duration: number, gap = false) => ({ start, duration, gap });

/** A <video> as the clock sees it: its time, play state and events (a seek fires `seeking`). */
function fakeVideo() {
  const listeners = new Map<string, Set<(e: Event) => void>>();
  const fire = (type: string) => {
    for (const fn of listeners.get(type) ?? []) fn({ type } as Event);
  };
  let time = 0;
  const v = {
    paused: true,
    seeking: false,
    loop: true,
    playbackRate: 1,
    plays: 0,
    get currentTime() {
      return time;
    },
    set currentTime(t: number) {
      time = t;
      fire('seeking');
    },
    /** The picture moving on by itself (no seek). */
    advance(to: number, type = 'timeupdate') {
      time = to;
      fire(type);
    },
    pause() {
      v.paused = true;
    },
    play() {
      v.paused = false;
      v.plays++;
      fire('play');
      return Promise.resolve();
    },
    addEventListener: (type: string, fn: (e: Event) => void) => {
      if (!listeners.has(type)) listeners.set(type, new Set());
      listeners.get(type)?.add(fn);
    },
    removeEventListener: (type: string, fn: (e: Event) => void) => listeners.get(type)?.delete(fn),
    listeners,
  };
  return v;
}

describe('replay gaps on the show clock (issue 27)', () => {
  const seen = fakeTimersEach<GapState | null>();

  it('merges runs of gap segments into ranges and marks the one that ends the listing', () => {
    const frags = [
      frag(0, 1, true),
      frag(1, 2),
      frag(3, 1, true),
      frag(4, 0.5, true),
      frag(4.5, 2),
      frag(6.5, 1, true),
    ];
    expect(gapRanges(frags)).toEqual([
      { start: 0, end: 1, trailing: false },
      { start: 3, end: 4.5, trailing: false },
      { start: 6.5, end: 7.5, trailing: true },
    ]);
    expect(gapRanges([frag(0, 2), frag(2, 2)])).toEqual([]);
  });

  const ranges = [
    { start: 10, end: 20, trailing: false },
    { start: 30, end: 34, trailing: true },
  ];
  const clockOn = (video: ReturnType<typeof fakeVideo>) =>
    createGapClock(video as never, {
      ranges: () => ranges,
      pictureStart: () => 0,
      report: (s) => seen.push(s),
      reportEveryMs: 1000,
    });

  it('holds the picture at a gap it plays into, moves on at real time, then plays the picture after it', () => {
    const video = fakeVideo();
    const clock = clockOn(video);
    void video.play();
    video.advance(9);
    expect(clock.state()).toBeNull();
    // The picture stops a frame short of the gap: `waiting`.
    video.advance(9.96, 'waiting');
    expect(video.paused).toBe(true);
    expect(seen.at(-1)).toEqual({ position: 10, running: true });
    vi.advanceTimersByTime(4000);
    expect(clock.state()?.position).toBeCloseTo(14, 1);
    // Parked on the picture after the gap, under the slate.
    expect(video.currentTime).toBe(20);
    vi.advanceTimersByTime(6250);
    expect(clock.state()).toBeNull();
    expect(seen.at(-1)).toBeNull();
    expect(video.currentTime).toBe(20);
    expect(video.paused).toBe(false);
    clock.stop();
  });

  it('takes a jump over the gap by hls.js, before the picture said it waits, for the gap all the same', () => {
    const video = fakeVideo();
    const clock = clockOn(video);
    void video.play();
    video.advance(9.9);
    video.currentTime = 20.05;
    expect(clock.state()).toEqual({ position: 10, running: true });
    expect(video.paused).toBe(true);
    clock.stop();
  });

  it('takes Shaka’s jump from 0.6 s before the gap (its 0.5 s threshold) for the gap, and a fan’s seek from further back for a seek', () => {
    const video = fakeVideo();
    const clock = clockOn(video);
    void video.play();
    video.advance(9.4);
    video.currentTime = 20;
    expect(clock.state()).toEqual({ position: 10, running: true });
    clock.stop();

    const other = fakeVideo();
    const seekClock = clockOn(other);
    void other.play();
    other.advance(8);
    other.currentTime = 20.1;
    expect(seekClock.state()).toBeNull();
    expect(other.paused).toBe(false);
    seekClock.stop();
  });

  it('pauses its clock with the fan, and a seek into a gap, out of it, or within it does what the fan asked', () => {
    const video = fakeVideo();
    const clock = clockOn(video);
    // Paused, seeking into the gap: the slate at that point, the clock still.
    video.currentTime = 15;
    expect(clock.state()).toEqual({ position: 15, running: false });
    vi.advanceTimersByTime(3000);
    expect(clock.state()?.position).toBe(15);
    // Play (the button, or anything that plays the element): the clock runs, the element stays held.
    void video.play();
    expect(video.paused).toBe(true);
    vi.advanceTimersByTime(2000);
    expect(clock.state()?.position).toBeCloseTo(17, 1);
    expect(clock.toggle()).toBe(true);
    expect(clock.state()?.running).toBe(false);
    vi.advanceTimersByTime(2000);
    expect(clock.state()?.position).toBeCloseTo(17, 1);
    expect(clock.toggle()).toBe(true);
    // Within the gap, running: the slate moves there and keeps running.
    video.currentTime = 12;
    expect(clock.state()).toEqual({ position: 12, running: true });
    // Out of it: the picture plays from there.
    const plays = video.plays;
    video.currentTime = 25;
    expect(clock.state()).toBeNull();
    expect(video.plays).toBe(plays + 1);
    expect(clock.toggle()).toBe(false);
    clock.stop();
    expect([...video.listeners.values()].every((s) => s.size === 0)).toBe(true);
  });

  it('after a trailing gap loops to the picture, or stays at the end without loop; plays into one are left to replay-gaps.ts', () => {
    const video = fakeVideo();
    const clock = clockOn(video);
    void video.play();
    video.advance(29.9, 'waiting');
    expect(clock.state()).toBeNull();
    video.currentTime = 33;
    expect(clock.state()).toEqual({ position: 33, running: true });
    vi.advanceTimersByTime(1250);
    expect(clock.state()).toBeNull();
    expect(video.currentTime).toBe(0);

    video.loop = false;
    video.currentTime = 33;
    void video.play();
    vi.advanceTimersByTime(1250);
    expect(clock.state()).toEqual({ position: 34, running: false });
    clock.stop();
  });

  it('starts a stream inside a gap (an angle switch) on the slate, the engine readying the picture after it', () => {
    const video = fakeVideo();
    const clock = clockOn(video);
    expect(clock.startAt(5)).toBeNull();
    expect(clock.startAt(16)).toBe(20);
    expect(clock.state()).toEqual({ position: 16, running: true });
    // The engine's start seek to the picture after the gap is not the fan's.
    video.currentTime = 20;
    expect(clock.state()?.position).toBe(16);
    vi.advanceTimersByTime(4000);
    expect(clock.state()).toBeNull();
    expect(video.currentTime).toBe(20);
    clock.stop();
  });
});
