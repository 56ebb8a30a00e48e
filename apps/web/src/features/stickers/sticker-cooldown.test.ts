import { describe, expect, it } from 'vitest';
import {
  cooldownFraction,
  cooldownRemainingMs,
  cooldownSeconds,
  readStickerSentAt,
  STICKER_SENT_AT_KEY,
  writeStickerSentAt,
} from './sticker-cooldown.ts';

describe('sticker cooldown', () => {
  it('locks SEND for 20 s after a sticker was sent', () => {
    expect(cooldownRemainingMs(null, 1000)).toBe(0);
    expect(cooldownRemainingMs(10_000, 10_000)).toBe(20_000);
    expect(cooldownRemainingMs(10_000, 29_999)).toBe(1);
    expect(cooldownRemainingMs(10_000, 30_000)).toBe(0);
  });

  it('never locks longer than one cooldown when the clock went back', () => {
    expect(cooldownRemainingMs(100_000, 50_000)).toBe(20_000);
  });

  it('counts whole seconds and the circle share of the same 20 s', () => {
    expect(cooldownSeconds(20_000)).toBe(20);
    expect(cooldownSeconds(1)).toBe(1);
    expect(cooldownSeconds(0)).toBe(0);
    expect(cooldownFraction(20_000)).toBe(1);
    expect(cooldownFraction(5000)).toBe(0.25);
  });

  it('persists stickerSentAt', () => {
    const data = new Map<string, string>();
    const storage = {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
    };
    expect(readStickerSentAt(storage)).toBeNull();
    writeStickerSentAt(1234, storage);
    expect(data.get(STICKER_SENT_AT_KEY)).toBe('1234');
    expect(readStickerSentAt(storage)).toBe(1234);
    data.set(STICKER_SENT_AT_KEY, 'junk');
    expect(readStickerSentAt(storage)).toBeNull();
  });
});
