import { describe, expect, it } from 'vitest';
import { isHandheld } from './handheld.ts';

describe('isHandheld', () => {
  it('is true for phones and tablets: coarse pointer, touch, small screen', () => {
    expect(isHandheld({ coarsePointer: true, maxTouchPoints: 5, shortSide: 390 })).toBe(true);
    expect(isHandheld({ coarsePointer: true, maxTouchPoints: 5, shortSide: 1024 })).toBe(true);
  });

  it('is false for desktops, touch laptops with a mouse, and large touch screens', () => {
    expect(isHandheld({ coarsePointer: false, maxTouchPoints: 0, shortSide: 900 })).toBe(false);
    expect(isHandheld({ coarsePointer: false, maxTouchPoints: 10, shortSide: 1080 })).toBe(false);
    expect(isHandheld({ coarsePointer: true, maxTouchPoints: 10, shortSide: 1440 })).toBe(false);
    expect(isHandheld({ coarsePointer: true, maxTouchPoints: 0, shortSide: 390 })).toBe(false);
  });
});
