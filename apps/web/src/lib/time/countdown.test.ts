import { describe, expect, it } from 'vitest';
import { isAlmostOver, isCountdownOver, splitCountdown } from './countdown.ts';

const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe('splitCountdown', () => {
  it('splits into days, hours, minutes and seconds', () => {
    expect(splitCountdown(2 * D + 3 * H + 4 * M + 5 * S)).toEqual({
      days: 2,
      hours: 3,
      minutes: 4,
      seconds: 5,
    });
  });

  it('rounds a partial second up so that 0 shows only at the target', () => {
    expect(splitCountdown(1)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1 });
    expect(splitCountdown(59_001)).toEqual({ days: 0, hours: 0, minutes: 1, seconds: 0 });
  });

  it('never goes below zero', () => {
    expect(splitCountdown(0)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
    expect(splitCountdown(-5 * M)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });
});

describe('almost over', () => {
  it('is set under 10 minutes and off at 10 minutes or more and at 0', () => {
    expect(isAlmostOver(10 * M)).toBe(false);
    expect(isAlmostOver(10 * M - 1)).toBe(true);
    expect(isAlmostOver(1)).toBe(true);
    expect(isAlmostOver(0)).toBe(false);
    expect(isAlmostOver(-1)).toBe(false);
  });

  it('ends the countdown at 0', () => {
    expect(isCountdownOver(1)).toBe(false);
    expect(isCountdownOver(0)).toBe(true);
    expect(isCountdownOver(-S)).toBe(true);
  });
});
