import { describe, expect, it } from 'vitest';
import {
  markAt,
  newCounters,
  permute,
  placeOf,
  retime,
  SLOWDOWN_DELAY_MS,
  takePlace,
  totalOf,
} from './admission.ts';
import { nextFactor, saturatedBy } from './saturation.ts';

const KEY = Buffer.alloc(32, 3);
const DOORS = 1_000_000;

describe('admission', () => {
  it('lets places in at the rate from doors-open, never more than were handed out', () => {
    const c = newCounters(DOORS, 10, false);
    for (let i = 0; i < 5; i++) takePlace(c, DOORS - 1000, DOORS);
    expect(markAt(c, DOORS - 1, DOORS)).toBe(0);
    expect(markAt(c, DOORS + 200, DOORS)).toBe(2);
    expect(markAt(c, DOORS + 60_000, DOORS)).toBe(5);
  });

  it('banks at most one second of credit in an idle room', () => {
    const c = newCounters(DOORS, 10, false);
    // An hour after doors, a herd: ten go straight in, the eleventh waits its tenth of a second.
    const at = DOORS + 3_600_000;
    const places = Array.from({ length: 11 }, () => takePlace(c, at, DOORS));
    expect(markAt(c, at, DOORS)).toBe(10);
    expect(places[10]).toEqual({ k: 'm', n: 11 });
    expect(markAt(c, at + 100, DOORS)).toBe(11);
  });

  it('pauses a second after the request, and speeds up from now on, keeping the mark so far', () => {
    const c = newCounters(DOORS, 10, false);
    for (let i = 0; i < 100; i++) takePlace(c, DOORS - 1, DOORS);
    retime(c, DOORS + 1000, DOORS, 10, true);
    // The old line runs on for SLOWDOWN_DELAY_MS: 10 at the request, 20 when the pause takes over.
    expect(SLOWDOWN_DELAY_MS).toBe(1000);
    expect(markAt(c, DOORS + 5000, DOORS)).toBe(20);
    retime(c, DOORS + 5000, DOORS, 1, false);
    expect(markAt(c, DOORS + 7000, DOORS)).toBe(22);
    expect(totalOf(c)).toBe(100);
  });

  it('never takes back a place an answer from older counters let in (a slower line starts later)', () => {
    for (const [rate, paused] of [
      [3, false],
      [10, true],
      [0.5, false],
    ] as const) {
      const c = newCounters(DOORS, 10, false);
      for (let i = 0; i < 1000; i++) takePlace(c, DOORS - 1, DOORS);
      // Another node's poll reads the counters, then this node lowers the rate; the poll's node keeps
      // answering from what it read for up to 250 ms (and its own clock may be a little ahead).
      const older = { ...c };
      const changedAt = DOORS + 10_000;
      retime(c, changedAt, DOORS, rate, paused);
      for (let t = changedAt - 500; t <= changedAt + SLOWDOWN_DELAY_MS; t += 50)
        expect(markAt(c, t, DOORS)).toBeGreaterThanOrEqual(
          markAt(older, Math.min(t, changedAt + 900), DOORS),
        );
      // A second change before the slower line took over keeps the mark the first one gave.
      const given = markAt(c, changedAt, DOORS);
      retime(c, changedAt + 100, DOORS, 20, false);
      expect(markAt(c, changedAt + 100, DOORS)).toBeGreaterThanOrEqual(given);
    }
  });

  it('draws a random pre-queue as a permutation: every place once', () => {
    for (const size of [1, 2, 3, 7, 100, 1000, 4097]) {
      const seen = new Set<number>();
      for (let n = 1; n <= size; n++) seen.add(permute(n, size, KEY));
      expect(seen.size).toBe(size);
      expect(Math.min(...seen)).toBe(1);
      expect(Math.max(...seen)).toBe(size);
    }
    // Not the arrival order.
    const drawn = Array.from({ length: 100 }, (_, i) => permute(i + 1, 100, KEY));
    expect(drawn).not.toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
  });

  it('numbers the pre-queue (arrival or drawn) before the fans who came after doors', () => {
    const c = newCounters(DOORS, 10, false);
    const pre = Array.from({ length: 4 }, () => takePlace(c, DOORS - 5000, DOORS));
    const token = (p: { k: 'p' | 'm'; n: number }) => ({ s: 1, w: DOORS, a: 0, r: '', u: 1, ...p });
    expect(placeOf(token(pre[0] ?? { k: 'p', n: 1 }), c, 'random', KEY)).toBeNull();
    expect(placeOf(token(pre[2] ?? { k: 'p', n: 3 }), c, 'arrival', KEY)).toBe(3);
    const late = takePlace(c, DOORS + 10, DOORS);
    expect(c.frozen).toBe(4);
    expect(placeOf(token(late), c, 'random', KEY)).toBe(5);
    const drawn = pre.map((p) => placeOf(token(p), c, 'random', KEY));
    expect([...drawn].sort()).toEqual([1, 2, 3, 4]);
  });

  it('lowers the factor fast under saturation and raises it slowly after', () => {
    expect(saturatedBy({ loopP99Ms: 400, poolWaiting: 0, entryP99Ms: 10 })).toEqual(['event_loop']);
    expect(saturatedBy({ loopP99Ms: 20, poolWaiting: 30, entryP99Ms: 3000 })).toEqual([
      'db_pool',
      'entry_p99',
    ]);
    let f = 1;
    for (let i = 0; i < 3; i++) f = nextFactor(f, true);
    expect(f).toBeCloseTo(0.343);
    f = nextFactor(f, false);
    expect(f).toBeCloseTo(0.393);
  });
});
