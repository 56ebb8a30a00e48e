import { describe, expect, it, vi } from 'vitest';
import { playQuietly } from './play-quietly.ts';

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
