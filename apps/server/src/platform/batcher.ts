import { batchSize } from './instruments.ts';

/**
 * Group commit. Calls made while a batch is in flight wait, and go together in the next one: an
 * idle system runs each call at once (no timer, no added latency), a crowd gets one database round
 * trip per batch instead of per call. Used where thousands of fans write at the same second
 * (entries at doors-open).
 */
export type Batcher<I, O> = {
  submit(item: I): Promise<O>;
  /** Calls waiting for a batch. */
  readonly pending: number;
};

export function createBatcher<I, O>(opts: {
  /** Answers one result per item, in order; a throw fails every call of the batch. */
  run: (items: readonly I[]) => Promise<readonly O[]>;
  maxBatch: number;
  /** Batches in flight at once (a connection pool can take several). */
  concurrency?: number;
  /** Its label on /metrics (encore_batch_size{batcher}). */
  name?: string;
}): Batcher<I, O> {
  const sizes = batchSize.labels(opts.name ?? 'other');
  type Waiting = { item: I; resolve: (out: O) => void; reject: (err: unknown) => void };
  const queue: Waiting[] = [];
  const concurrency = opts.concurrency ?? 1;
  let running = 0;
  let scheduled = false;

  function pump(): void {
    while (running < concurrency && queue.length > 0) {
      const batch = queue.splice(0, opts.maxBatch);
      sizes.observe(batch.length);
      running += 1;
      opts
        .run(batch.map((w) => w.item))
        .then((results) => {
          if (results.length !== batch.length) throw new Error('batch answered the wrong number of results');
          for (const [i, w] of batch.entries()) w.resolve(results[i] as O);
        })
        .catch((err: unknown) => {
          for (const w of batch) w.reject(err);
        })
        .finally(() => {
          running -= 1;
          pump();
        });
    }
  }

  return {
    submit(item) {
      return new Promise<O>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        // Started after the event loop's I/O phase, so that every request read in this turn joins
        // the batch. A microtask would not do: PGlite answers in microtasks alone, so each request
        // would run its own batch before the next one is even parsed.
        if (!scheduled) {
          scheduled = true;
          setImmediate(() => {
            scheduled = false;
            pump();
          });
        }
      });
    },
    get pending() {
      return queue.length;
    },
  };
}
