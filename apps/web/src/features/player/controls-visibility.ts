import { PLAYER } from './player-constants.ts';

/** Idle time before the control bar hides (PLY-22): 1250 ms on desktop, 3000 ms on phone and tablet. */
export const idleDelayMs = (handheld: boolean) => (handheld ? PLAYER.idleHandheldMs : PLAYER.idleDesktopMs);

export interface ControlsState {
  hovered: boolean;
  /** The pointer or a key moved within the idle delay (or the bar was just mounted). */
  active: boolean;
  paused: boolean;
  pipGridOpen: boolean;
  chatOpen: boolean;
  /** A menu of the control bar is open. */
  menuOpen: boolean;
}

/**
 * Whether the control bar shows (PLY-21, PLY-23): while hovered or recently used; and it never hides
 * while paused or while chat is open (on phones, where chat covers the page) or while one of its own
 * menus is open. While the pip grid is open it does not show at all (viewing section 2: "visible ...
 * when no multiview ... is open"): it covered CAM 4 to 6 (issue 14), and the grid is a modal dialog
 * with its own close button (docs/decisions.md, "Multiview overlay").
 */
export function controlsVisible(s: ControlsState): boolean {
  if (s.pipGridOpen) return false;
  return s.hovered || s.active || s.paused || s.chatOpen || s.menuOpen;
}
