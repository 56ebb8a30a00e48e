import { describe, expect, it } from 'vitest';
import { keepMute, MUTE_KEY, readKeptMute, startsMuted } from './mute-memory.ts';

const CHROME =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';

const memory = () => {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
};

describe('mute memory', () => {
  it('starts muted by default in every browser (PLY-08)', () => {
    for (const ua of [CHROME, SAFARI, IPHONE]) expect(startsMuted(ua, null)).toBe(true);
  });

  it('keeps sound after a reload in the same tab once the fan unmuted, except on Safari whose first load forces mute (PLY-09)', () => {
    const storage = memory();
    keepMute(false, storage);
    expect(storage.data.get(MUTE_KEY)).toBe('false');
    expect(startsMuted(CHROME, readKeptMute(storage))).toBe(false);
    expect(startsMuted(SAFARI, readKeptMute(storage))).toBe(true);
    expect(startsMuted(IPHONE, readKeptMute(storage))).toBe(true);
    keepMute(true, storage);
    expect(startsMuted(CHROME, readKeptMute(storage))).toBe(true);
  });

  it('starts muted when the tab storage cannot be read', () => {
    expect(readKeptMute(null)).toBeNull();
    expect(startsMuted(CHROME, readKeptMute(null))).toBe(true);
  });
});
