import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCueScheduler, type TimedEntry } from './cue-scheduler.ts';

// Two fans watch the same show at different distances behind the show clock. A cue sent at show
// time T must reach each one when their own picture's program date reaches T (within 100 ms).

const T0 = Date.parse('2026-11-28T20:00:00.000Z');

function fan(distanceMs: number, rate = 1) {
  let pictureAt = Date.now() - distanceMs;
  let wallAt = Date.now();
  const picture = () => pictureAt + (Date.now() - wallAt) * rate;
  const applied: {
    id: string;
    wallMs: number;
    pictureMs: number;
    firedAt: number;
    pictureWhenFired: number;
  }[] = [];
  const rebuilt: string[][] = [];
  const scheduler = createCueScheduler<string>({
    pictureDate: picture,
    rate: () => rate,
    now: Date.now,
    apply: (e, wallMs, pictureMs) =>
      applied.push({ id: e.id, wallMs, pictureMs, firedAt: Date.now(), pictureWhenFired: picture() }),
    rebuild: (entries) => rebuilt.push(entries.map((e) => e.id)),
  });
  return {
    scheduler,
    applied,
    rebuilt,
    seek: (toMs: number) => {
      pictureAt = toMs;
      wallAt = Date.now();
    },
  };
}

const entry = (id: string, atMs: number): TimedEntry<string> => ({ id, atMs, alert: id });

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createCueScheduler', () => {
  it('applies a cue when each picture reaches its moment: a fan 4 s behind and one 10 s behind', () => {
    const near = fan(4000);
    const far = fan(10_000, 1.03); // catching up at 3 % faster, as the latency controller does
    const T = T0 + 250; // sent now, a quarter second in the show clock's future of nobody's picture
    for (const f of [near, far]) f.scheduler.add([entry('7', T)]);
    vi.advanceTimersByTime(3000);
    expect(near.applied).toEqual([]);
    vi.advanceTimersByTime(2000);
    expect(near.applied).toHaveLength(1);
    expect(far.applied).toEqual([]);
    vi.advanceTimersByTime(6000);
    expect(far.applied).toHaveLength(1);
    for (const f of [near, far]) {
      const a = f.applied[0];
      // Fired when the picture showed T, and applied as of the wall time the picture reached it.
      expect(Math.abs((a?.pictureWhenFired ?? 0) - T)).toBeLessThanOrEqual(100);
      expect(Math.abs((a?.pictureMs ?? 0) - T)).toBeLessThanOrEqual(100);
    }
    expect(Math.abs((near.applied[0]?.firedAt ?? 0) - (T + 4000))).toBeLessThanOrEqual(100);
    // 10 s behind at 3 % faster reaches T after (10 s + 0.25 s) / 1.03 of wall time.
    expect(Math.abs((far.applied[0]?.firedAt ?? 0) - (T0 + 10_250 / 1.03))).toBeLessThanOrEqual(100);
    near.scheduler.stop();
    far.scheduler.stop();
  });

  it('a fan without a picture gets a cue on arrival, and a cue placed ahead at its moment', () => {
    const applied: string[] = [];
    const s = createCueScheduler<string>({
      pictureDate: () => null,
      rate: () => 1,
      now: Date.now,
      apply: (e) => applied.push(e.id),
      rebuild: () => {
        throw new Error('no rebuild moving forward');
      },
    });
    s.add([entry('1', T0 - 80)]);
    expect(applied).toEqual(['1']);
    s.add([entry('2', T0 + 45_000)]);
    vi.advanceTimersByTime(44_900);
    expect(applied).toEqual(['1']);
    vi.advanceTimersByTime(200);
    expect(applied).toEqual(['1', '2']);
    s.stop();
  });

  it('rebuilds the state of the moment after a rewind, and when a carrier older than the last cue arrives', () => {
    const f = fan(5000);
    f.scheduler.add([entry('1', T0 - 20_000), entry('2', T0 - 10_000)]);
    expect(f.applied.map((a) => a.id)).toEqual(['1', '2']);
    f.seek(T0 - 15_000);
    vi.advanceTimersByTime(300);
    expect(f.rebuilt.at(-1)).toEqual(['1']);
    // A playlist carries an older state cue the fan never had: the state is rebuilt with it.
    f.scheduler.add([entry('0', T0 - 30_000)]);
    expect(f.rebuilt.at(-1)).toEqual(['0', '1']);
    vi.advanceTimersByTime(5200);
    expect(f.applied.map((a) => a.id)).toEqual(['1', '2', '2']);
    f.scheduler.stop();
  });

  it('ignores a cue it already has (the realtime event and the playlist carry the same id)', () => {
    const f = fan(3000);
    f.scheduler.add([entry('5', T0 - 5000)]);
    f.scheduler.add([entry('5', T0 - 5000)]);
    expect(f.applied.map((a) => a.id)).toEqual(['5']);
    expect(f.rebuilt).toEqual([]);
    f.scheduler.stop();
  });
});
