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

describe('startPlayback', () => {
  const refusal = () => new DOMException('play() with sound needs a gesture', 'NotAllowedError');

  it('retries muted when a start with sound is refused by the autoplay policy', async () => {
    const video = {
      muted: false,
      play: vi.fn(() => (video.muted ? Promise.resolve() : Promise.reject(refusal()))),
    };
    await startPlayback(video, vi.fn());
    expect(video.muted).toBe(true);
    expect(video.play).toHaveBeenCalledTimes(2);
  });

  it('keeps sound when the start succeeds, and does not retry a muted start or another failure', async () => {
    const ok = { muted: false, play: vi.fn(() => Promise.resolve()) };
    await startPlayback(ok, vi.fn());
    expect(ok.muted).toBe(false);
    const muted = { muted: true, play: vi.fn(() => Promise.reject(refusal())) };
    await startPlayback(muted, vi.fn());
    expect(muted.play).toHaveBeenCalledOnce();
    const aborted = {
      muted: false,
      play: vi.fn(() => Promise.reject(new DOMException('new source', 'AbortError'))),
    };
    await startPlayback(aborted, vi.fn());
    expect(aborted.muted).toBe(false);
    expect(aborted.play).toHaveBeenCalledOnce();
  });
});
