import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChunkTimeoutError, withTimeout } from './lazy-with-timeout.ts';

describe('withTimeout', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('passes a load that settles in time through', async () => {
    await expect(withTimeout(() => Promise.resolve('chunk'), 120_000)).resolves.toBe('chunk');
    await expect(withTimeout(() => Promise.reject(new Error('404')), 120_000)).rejects.toThrow('404');
  });

  it('fails a load that hangs past the limit', async () => {
    const result = withTimeout(() => new Promise(() => {}), 120_000);
    vi.advanceTimersByTime(120_000);
    await expect(result).rejects.toBeInstanceOf(ChunkTimeoutError);
  });
});
