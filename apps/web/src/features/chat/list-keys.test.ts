import { describe, expect, it } from 'vitest';
import { listActionTarget } from './list-keys.ts';

describe('listActionTarget (issue 26: the chat list is one Tab stop, its controls by arrows)', () => {
  it('from the list, Up and End go to the newest control, Down and Home to the oldest', () => {
    expect(listActionTarget(5, -1, 'ArrowUp')).toBe(4);
    expect(listActionTarget(5, -1, 'End')).toBe(4);
    expect(listActionTarget(5, -1, 'ArrowDown')).toBe(0);
    expect(listActionTarget(5, -1, 'Home')).toBe(0);
  });

  it('steps between controls and stops at the ends', () => {
    expect(listActionTarget(5, 2, 'ArrowUp')).toBe(1);
    expect(listActionTarget(5, 2, 'ArrowDown')).toBe(3);
    expect(listActionTarget(5, 0, 'ArrowUp')).toBe(0);
    expect(listActionTarget(5, 4, 'ArrowDown')).toBe(4);
  });

  it('leaves other keys, and a list without controls, to the browser (it scrolls)', () => {
    expect(listActionTarget(0, -1, 'ArrowUp')).toBeNull();
    expect(listActionTarget(5, 1, 'Tab')).toBeNull();
    expect(listActionTarget(5, -1, 'Enter')).toBeNull();
  });
});
