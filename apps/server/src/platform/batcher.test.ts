import { describe, expect, it } from 'vitest';
import { createBatcher } from './batcher.ts';

/** A run whose batches finish only when the test says so. */
function controlledRun() {
  const batches: { items: number[]; finish: (fail?: Error) => void }[] = [];
  const run = (items: readonly number[]) =>
    new Promise<number[]>((resolve, reject) => {
      batches.push({
        items: [...items],
        finish: (fail) => (fail ? reject(fail) : resolve(items.map((n) => n * 10))),
      });
    });
  return { batches, run };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('createBatcher', () => {
  it('runs a lone call at once, and gathers the calls that arrive meanwhile into the next batch', async () => {
    const { batches, run } = controlledRun();
    const b = createBatcher({ run, maxBatch: 100 });
    const first = b.submit(1);
    await settle();
    expect(batches.map((x) => x.items)).toEqual([[1]]);
    const later = [b.submit(2), b.submit(3), b.submit(4)];
    await settle();
    expect(batches).toHaveLength(1);
    expect(b.pending).toBe(3);
    batches[0]?.finish();
    expect(await first).toBe(10);
    await settle();
    expect(batches[1]?.items).toEqual([2, 3, 4]);
    batches[1]?.finish();
    expect(await Promise.all(later)).toEqual([20, 30, 40]);
  });

  it('caps a batch at maxBatch and keeps order; runs up to `concurrency` batches at once', async () => {
    const { batches, run } = controlledRun();
    const b = createBatcher({ run, maxBatch: 2, concurrency: 2 });
    const calls = [1, 2, 3, 4, 5].map((n) => b.submit(n));
    await settle();
    expect(batches.map((x) => x.items)).toEqual([
      [1, 2],
      [3, 4],
    ]);
    batches[0]?.finish();
    await settle();
    expect(batches[2]?.items).toEqual([5]);
    batches[1]?.finish();
    batches[2]?.finish();
    expect(await Promise.all(calls)).toEqual([10, 20, 30, 40, 50]);
  });

  it('a failed batch fails each of its calls, and the next batch still runs', async () => {
    const { batches, run } = controlledRun();
    const b = createBatcher({ run, maxBatch: 10 });
    const failing = [b.submit(1)];
    await settle();
    const next = b.submit(2);
    batches[0]?.finish(new Error('database down'));
    await expect(failing[0]).rejects.toThrow('database down');
    await settle();
    batches[1]?.finish();
    expect(await next).toBe(20);
  });

  it('refuses a run that answers the wrong number of results', async () => {
    const b = createBatcher<number, number>({ run: async () => [], maxBatch: 10 });
    await expect(b.submit(1)).rejects.toThrow('wrong number');
  });
});
