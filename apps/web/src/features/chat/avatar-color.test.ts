import { describe, expect, it } from 'vitest';
import { AVATAR_COLORS, avatarColor, avatarInitial, hashString } from './avatar-color.ts';

describe('default avatar', () => {
  it('colours the same username the same way every time', () => {
    expect(avatarColor('mina_k')).toBe(avatarColor('mina_k'));
    expect(AVATAR_COLORS).toContain(avatarColor('mina_k'));
  });

  it('spreads different usernames over the palette', () => {
    const colors = new Set(Array.from({ length: 60 }, (_, i) => avatarColor(`fan${i}`)));
    expect(colors.size).toBeGreaterThan(AVATAR_COLORS.length / 2);
  });

  it('hashes with FNV-1a (known vector)', () => {
    expect(hashString('')).toBe(0x811c9dc5);
    expect(hashString('a')).toBe(0xe40c292c);
  });

  it('shows the first letter, upper-cased', () => {
    expect(avatarInitial('mina')).toBe('M');
    expect(avatarInitial('  ')).toBe('?');
    expect(avatarInitial('지민')).toBe('지');
  });
});
