import { describe, expect, it, vi } from 'vitest';
import { playQuietly, startPlayback } from './play-quietly.ts';

describe('playQuietly', () => {
  it('only logs a refused play(): the promise resolves and nothing is thrown', async () => {
    const refusal = new DOMException('play() failed because the user did not interact', 'NotAllowedError');
    const log = vi.fn();
    await expect(playQuietly({ play: () => Promise.reject(refusal) }, log)).resolves.toBeUndefined();
    expect(log).toHaveBeenCalledWith('[player] play refused', refusal);
  });

  it('plays and logs nothing when play() succeeds', async () => {
    const log = vi.fn();
    const play = vi.fn(() => Promise.resolve());
    await playQuietly({ play }, log);
    expect(play).toHaveBeenCalledOnce();
    expect(log).not.toHaveBeenCalled();
  });
});

/** A <video> as startPlayback sees it: play() answered by `answer`, and its canplay listeners. */
function fakeVideo(answer: (v: { muted: boolean }) => Promise<void>, muted = false) {
  const listeners = new Set<() => void>();
  const video = {
    muted,
    paused: true,
    play: vi.fn(() =>
      answer(video).then(() => {
        video.paused = false;
      }),
    ),
    addEventListener: (_type: 'canplay', fn: () => void) => listeners.add(fn),
    removeEventListener: (_type: 'canplay', fn: () => void) => listeners.delete(fn),
    canplay: () => {
      for (const fn of [...listeners]) fn();
    },
    listeners,
  };
  return video;
}

describe('startPlayback', () => {
  const refusal = () => new DOMException('play() with sound needs a gesture', 'NotAllowedError');
  const byLoad = () =>
    new DOMException('The play() request was interrupted by a new load request.', 'AbortError');
  const byPause = () =>
    new DOMException('The play() request was interrupted by a call to pause().', 'AbortError');

  it('retries muted when a start with sound is refused by the autoplay policy', async () => {
    const video = fakeVideo((v) => (v.muted ? Promise.resolve() : Promise.reject(refusal())));
    await startPlayback(video, vi.fn());
    expect(video.muted).toBe(true);
    expect(video.play).toHaveBeenCalledTimes(2);
  });

  it('keeps sound when the start succeeds, and does not retry a muted start', async () => {
    const ok = fakeVideo(() => Promise.resolve());
    await startPlayback(ok, vi.fn());
    expect(ok.muted).toBe(false);
    const muted = fakeVideo(() => Promise.reject(refusal()), true);
    await startPlayback(muted, vi.fn());
    expect(muted.play).toHaveBeenCalledOnce();
  });

  it('tries again once the new source can play when the engine’s load cut the start short', async () => {
    let calls = 0;
    const video = fakeVideo(() => (++calls === 1 ? Promise.reject(byLoad()) : Promise.resolve()));
    await startPlayback(video, vi.fn());
    expect(video.play).toHaveBeenCalledOnce();
    video.canplay();
    await Promise.resolve();
    expect(video.play).toHaveBeenCalledTimes(2);
    expect(video.listeners.size).toBe(0);
  });

  it('leaves a start the fan paused, and a second cut, alone', async () => {
    const paused = fakeVideo(() => Promise.reject(byPause()));
    await startPlayback(paused, vi.fn());
    paused.canplay();
    expect(paused.play).toHaveBeenCalledOnce();
    const twice = fakeVideo(() => Promise.reject(byLoad()));
    await startPlayback(twice, vi.fn());
    twice.canplay();
    await new Promise((r) => setTimeout(r, 0));
    twice.canplay();
    expect(twice.play).toHaveBeenCalledTimes(2);
  });
});
