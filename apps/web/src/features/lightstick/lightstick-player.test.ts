import { LIGHTSTICK_TRACK_DEFAULTS, type LightstickTrack } from '@encore/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BLACK, colourAt, type Rgb } from './lightstick-colours.ts';
import { createStickController } from './lightstick-player.ts';

const track: LightstickTrack = {
  title: 'Crown',
  ...LIGHTSTICK_TRACK_DEFAULTS,
  duration: 2,
  gradient: false,
  randomColor: true,
};

describe('light-stick controller', () => {
  beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => vi.useRealTimers());

  function harness() {
    const writes: { at: number; colour: Rgb }[] = [];
    const onEnd = vi.fn();
    const stick = createStickController({
      write: (colour) => writes.push({ at: Date.now(), colour }),
      onEnd,
    });
    return { writes, stick, onEnd };
  }

  it('writes each beat colour on time and only when it changes', () => {
    const { writes, stick } = harness();
    const start = Date.now();
    stick.play(track, start, 9);
    vi.advanceTimersByTime(1600);
    expect(writes.map((w) => w.at - start)).toEqual([0, 500, 1000, 1500]);
    expect(writes.map((w) => w.colour)).toEqual([0, 500, 1000, 1500].map((t) => colourAt(track, t, 9)));
    expect(stick.playing).toBe(true);
  });

  it('a track started in the past plays from where it is; one in the future waits (start + 100 ms)', () => {
    const { writes, stick } = harness();
    stick.play(track, Date.now() - 700, 9);
    expect(writes[0]?.colour).toEqual(colourAt(track, 700, 9));
    const later = harness();
    later.stick.play(track, Date.now() + 100, 9);
    expect(later.writes).toEqual([]);
    vi.advanceTimersByTime(100);
    expect(later.writes).toHaveLength(1);
  });

  it('stop goes black at once and black again 3 s later (BT-04)', () => {
    const { writes, stick } = harness();
    const start = Date.now();
    stick.play(track, start, 9);
    vi.advanceTimersByTime(600);
    const before = writes.length;
    stick.stop();
    expect(stick.playing).toBe(false);
    expect(writes.slice(before)).toEqual([{ at: start + 600, colour: BLACK }]);
    vi.advanceTimersByTime(2999);
    expect(writes).toHaveLength(before + 1);
    vi.advanceTimersByTime(1);
    expect(writes.slice(before)).toEqual([
      { at: start + 600, colour: BLACK },
      { at: start + 3600, colour: BLACK },
    ]);
    vi.advanceTimersByTime(10_000);
    expect(writes).toHaveLength(before + 2);
  });

  it('a track that runs its duration goes black like a stop and reports the end', () => {
    const { writes, stick, onEnd } = harness();
    const start = Date.now();
    stick.play(track, start, 9);
    vi.advanceTimersByTime(2000);
    expect(onEnd).toHaveBeenCalledOnce();
    expect(writes.at(-1)).toEqual({ at: start + 2000, colour: BLACK });
    vi.advanceTimersByTime(3000);
    expect(writes.at(-1)).toEqual({ at: start + 5000, colour: BLACK });
  });

  it('dispose stops without writing', () => {
    const { writes, stick } = harness();
    stick.play(track, Date.now(), 9);
    const n = writes.length;
    stick.dispose();
    vi.advanceTimersByTime(5000);
    expect(writes).toHaveLength(n);
  });
});
