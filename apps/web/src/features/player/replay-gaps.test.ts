import { describe, expect, it } from 'vitest';
import { pictureSpan, watchTrailingGap } from './replay-gaps.ts';

const frag = (start: number, duration: number, gap = false) => ({ start, duration, gap });

describe('replay gaps', () => {
  it('finds the picture between leading and trailing gaps', () => {
    const frags = [frag(0, 1, true), frag(1, 2), frag(3, 1, true), frag(4, 2), frag(6, 1, true)];
    expect(pictureSpan(frags)).toEqual({ start: 1, end: 6, trailingGap: true });
    expect(pictureSpan([frag(0, 2), frag(2, 2)])).toEqual({ start: 0, end: 4, trailingGap: false });
    expect(pictureSpan([frag(0, 1, true)])).toBeNull();
  });

  function fakeVideo(loop: boolean) {
    const listeners = new Map<string, () => void>();
    return {
      currentTime: 0,
      loop,
      seeking: false,
      paused: false,
      pause() {
        this.paused = true;
      },
      addEventListener: (type: string, fn: () => void) => listeners.set(type, fn),
      removeEventListener: (type: string) => listeners.delete(type),
      fire: (type: string) => listeners.get(type)?.(),
      listeners,
    };
  }

  it('loops from the end of the last picture to the first when a gap follows, or pauses without loop', () => {
    const span = () => ({ start: 1, end: 6, trailingGap: true });
    const looping = fakeVideo(true);
    const stop = watchTrailingGap(looping as never, span);
    looping.currentTime = 5;
    looping.fire('timeupdate');
    expect(looping.currentTime).toBe(5);
    looping.currentTime = 5.85;
    looping.fire('waiting');
    expect(looping.currentTime).toBe(1);
    stop();
    expect(looping.listeners.size).toBe(0);

    const once = fakeVideo(false);
    watchTrailingGap(once as never, span);
    once.currentTime = 5.9;
    once.fire('timeupdate');
    expect(once.paused).toBe(true);
  });

  it('leaves a replay that ends with its picture to the video element', () => {
    const v = fakeVideo(true);
    watchTrailingGap(v as never, () => ({ start: 0, end: 6, trailingGap: false }));
    v.currentTime = 5.9;
    v.fire('timeupdate');
    expect(v.currentTime).toBe(5.9);
  });
});
