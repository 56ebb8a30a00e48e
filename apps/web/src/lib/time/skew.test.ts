import { describe, expect, it } from 'vitest';
import { randomSkewSeconds, resolveSkew } from './skew.ts';

describe('skew', () => {
  it('is a whole number of seconds from 0 to 60', () => {
    expect(randomSkewSeconds(() => 0)).toBe(0);
    expect(randomSkewSeconds(() => 0.5)).toBe(30);
    expect(randomSkewSeconds(() => 0.999999)).toBe(60);
    for (let i = 0; i < 200; i++) {
      const s = randomSkewSeconds();
      expect(Number.isInteger(s) && s >= 0 && s <= 60).toBe(true);
    }
  });

  it('keeps a stored skew: it is assigned once', () => {
    expect(resolveSkew(0, () => 0.9)).toBe(0);
    expect(resolveSkew(42, () => 0.1)).toBe(42);
    expect(resolveSkew(60, () => 0.1)).toBe(60);
  });

  it('assigns a new one when nothing sane is stored', () => {
    expect(resolveSkew(undefined, () => 0.5)).toBe(30);
    expect(resolveSkew(null, () => 0.5)).toBe(30);
    expect(resolveSkew('12', () => 0.5)).toBe(30);
    expect(resolveSkew(61, () => 0.5)).toBe(30);
    expect(resolveSkew(-1, () => 0.5)).toBe(30);
    expect(resolveSkew(2.5, () => 0.5)).toBe(30);
  });
});
