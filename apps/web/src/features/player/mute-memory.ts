import type { KeyValueStorage } from '../../lib/store/split-storage.ts';
import { isSafari } from './drm-rules.ts';

/**
 * Whether a load starts muted (viewing section 4, PLY-08 and PLY-09). Muted is the default, so a
 * fan's first load is muted everywhere. A fan who unmuted keeps sound when the page reloads in the
 * same tab (a network blip, a new show), except on Safari, whose first load always forces mute: its
 * autoplay policy refuses sound without a gesture, and a refused start would leave a black picture.
 * The choice lives for the tab session only (sessionStorage): the spec persists volume, not mute.
 */
export const MUTE_KEY = 'playerMuted';

export const startsMuted = (userAgent: string, kept: string | null): boolean =>
  isSafari(userAgent) || kept !== 'false';

function tabStorage(): KeyValueStorage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    // Sandboxed frames and some private modes throw on access: every load then starts muted.
    return null;
  }
}

export const readKeptMute = (storage: KeyValueStorage | null = tabStorage()): string | null =>
  storage?.getItem(MUTE_KEY) ?? null;

export function keepMute(muted: boolean, storage: KeyValueStorage | null = tabStorage()): void {
  storage?.setItem(MUTE_KEY, String(muted));
}
