import { describe, expect, it } from 'vitest';
import { type ControlsState, controlsVisible, idleDelayMs } from './controls-visibility.ts';

const idle: ControlsState = {
  hovered: false,
  active: false,
  paused: false,
  pipGridOpen: false,
  chatOpen: false,
  menuOpen: false,
};

describe('control bar idle-hide (PLY-21 to PLY-24)', () => {
  it('waits 1250 ms on desktop and 3000 ms on phones and tablets', () => {
    expect(idleDelayMs(false)).toBe(1250);
    expect(idleDelayMs(true)).toBe(3000);
  });

  it('hides when idle and playing', () => {
    expect(controlsVisible(idle)).toBe(false);
  });

  it.each(['hovered', 'active', 'paused', 'chatOpen', 'menuOpen'] as const)('shows while %s', (key) => {
    expect(controlsVisible({ ...idle, [key]: true })).toBe(true);
  });

  it('never shows over the open pip grid, even hovered or paused (it covered CAM 4 to 6, issue 14)', () => {
    expect(controlsVisible({ ...idle, pipGridOpen: true, hovered: true, active: true, paused: true })).toBe(
      false,
    );
  });
});
