/** A chunk that neither loads nor fails within the time limit counts as failed (LAND-05). */
export class ChunkTimeoutError extends Error {
  constructor(ms: number) {
    super(`chunk did not load within ${ms} ms`);
    this.name = 'ChunkTimeoutError';
  }
}

/**
 * Rejects when `load` has not settled after `ms`. A stalled connection otherwise leaves a lazy route
 * spinning forever; failing lets the route show a retry notice.
 */
export function withTimeout<T>(load: () => Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkTimeoutError(ms)), ms);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
