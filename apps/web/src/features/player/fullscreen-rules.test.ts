import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fullscreenMethod, restartAfterNativeFullscreen } from './fullscreen-rules.ts';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36';

describe('iOS full screen', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("uses the video's native full screen on iPhones, #primaryViewer elsewhere", () => {
    expect(fullscreenMethod(IPHONE, true)).toBe('native');
    expect(fullscreenMethod(ANDROID, true)).toBe('element');
    expect(fullscreenMethod(ANDROID, false)).toBe('native');
  });

  it('restarts playback 600 ms after the native full screen ends, unless cancelled', () => {
    const play = vi.fn();
    const schedule = (fn: () => void, ms: number) => setTimeout(fn, ms) as unknown as number;
    const cancel = (id: number) => clearTimeout(id);
    restartAfterNativeFullscreen(play, schedule, cancel);
    vi.advanceTimersByTime(599);
    expect(play).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(play).toHaveBeenCalledOnce();

    const again = vi.fn();
    const stop = restartAfterNativeFullscreen(again, schedule, cancel);
    stop();
    vi.advanceTimersByTime(1000);
    expect(again).not.toHaveBeenCalled();
  });
});
