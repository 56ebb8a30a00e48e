import { describe, expect, it } from 'vitest';
import { atLiveEdge, positionForDate, toggleAction } from './live-edge.ts';

describe('live edge (PLY-04, PLY-06)', () => {
  it('is at the edge below 10 seconds', () => {
    expect(atLiveEdge(0)).toBe(true);
    expect(atLiveEdge(9.99)).toBe(true);
    expect(atLiveEdge(10)).toBe(false);
  });

  it('toggle: pause when playing, else the live edge when live, else play', () => {
    expect(toggleAction(true, true)).toBe('pause');
    expect(toggleAction(true, false)).toBe('pause');
    expect(toggleAction(false, true)).toBe('live-edge');
    expect(toggleAction(false, false)).toBe('play');
  });
});

describe('position for a date (angle switch keeps the moment)', () => {
  const t0 = Date.UTC(2026, 10, 22, 8, 0, 0);
  const frags = [0, 1, 2, 3].map((i) => ({ start: 100 + 2 * i, programDateTime: t0 + 2000 * i }));

  it('maps a wall-clock moment to media time', () => {
    expect(positionForDate(frags, t0 + 3500)).toBeCloseTo(103.5);
    expect(positionForDate(frags, t0 + 9000)).toBeCloseTo(109);
  });

  it('is null before the window or without program date time', () => {
    expect(positionForDate(frags, t0 - 1)).toBeNull();
    expect(positionForDate([{ start: 0, programDateTime: null }], t0)).toBeNull();
    expect(positionForDate([], t0)).toBeNull();
  });
});
