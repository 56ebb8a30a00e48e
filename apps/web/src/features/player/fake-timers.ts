import { afterEach, beforeEach, vi } from 'vitest';

/**
 * For the tests of the player's watches, which tick on `window` timers: fake timers and `window` as
 * the global around each test. Answers the list the test's watch reports into, emptied before each.
 */
export function fakeTimersEach<T>(): T[] {
  const seen: T[] = [];
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('window', globalThis);
    seen.length = 0;
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
  return seen;
}
