import { beforeEach, describe, expect, it, vi } from 'vitest';

// The web project runs in Node, which has no localStorage: an in-memory one stands in for the
// browser's, so the store's real persistence (split keys, JSON values) is what is checked.
const data = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (k: string) => data.get(k) ?? null,
  setItem: (k: string, v: string) => void data.set(k, v),
  removeItem: (k: string) => void data.delete(k),
});
const { clampVolume, usePlayerPrefs } = await import('./player-prefs.ts');

beforeEach(() => data.clear());

describe('player preferences kept under the spec names (PLY-07, CAPQ-06, MV-26)', () => {
  it('persists the volume, clamped to 0..1', () => {
    usePlayerPrefs.getState().setVolume(0.42);
    expect(data.get('volume')).toBe('0.42');
    usePlayerPrefs.getState().setVolume(3);
    expect(usePlayerPrefs.getState().volume).toBe(1);
    usePlayerPrefs.getState().setVolume(-1);
    expect(data.get('volume')).toBe('0');
  });

  it('keeps the caption language, the quality height and the 4K-notice flag', () => {
    usePlayerPrefs.getState().setCaption('ko');
    usePlayerPrefs.getState().setQuality(720);
    usePlayerPrefs.getState().setNotice4k(true);
    expect(data.get('captionSelection')).toBe('"ko"');
    expect(data.get('qualitySelection')).toBe('720');
    expect(data.get('streamingNotice4k')).toBe('true');
  });

  it('keeps no mute in local storage (it lives per tab: mute-memory.ts)', () => {
    usePlayerPrefs.getState().setVolume(0.5);
    expect([...data.keys()].some((k) => /mute/i.test(k))).toBe(false);
  });

  it('clamps a volume that is not a number to full volume', () => {
    expect(clampVolume(Number.NaN)).toBe(1);
    expect(clampVolume(0.25)).toBe(0.25);
  });
});
