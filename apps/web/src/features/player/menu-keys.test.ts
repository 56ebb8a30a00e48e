import { describe, expect, it } from 'vitest';
import { menuKeyTarget } from './menu-keys.ts';

describe('menu keys (issue 26: the player menus by keyboard)', () => {
  it('moves down and up, wrapping at both ends', () => {
    expect(menuKeyTarget('ArrowDown', 0, 5)).toBe(1);
    expect(menuKeyTarget('ArrowDown', 4, 5)).toBe(0);
    expect(menuKeyTarget('ArrowUp', 0, 5)).toBe(4);
    expect(menuKeyTarget('ArrowUp', 3, 5)).toBe(2);
  });
  it('jumps to the first and the last with Home and End', () => {
    expect(menuKeyTarget('Home', 3, 5)).toBe(0);
    expect(menuKeyTarget('End', 1, 5)).toBe(4);
  });
  it('starts from an end when nothing is focused, and ignores other keys', () => {
    expect(menuKeyTarget('ArrowDown', -1, 5)).toBe(0);
    expect(menuKeyTarget('ArrowUp', -1, 5)).toBe(4);
    expect(menuKeyTarget('a', 2, 5)).toBeNull();
    expect(menuKeyTarget('ArrowDown', -1, 0)).toBeNull();
  });
});
