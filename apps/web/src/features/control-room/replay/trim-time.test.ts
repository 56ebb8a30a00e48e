import { describe, expect, it } from 'vitest';
import { formatOffset, parseOffset, percentOf } from './trim-time.ts';

describe('the replay trim fields (issue 27)', () => {
  it('reads what a host types, and writes it back the same', () => {
    expect(parseOffset('1:52')).toBe(112);
    expect(parseOffset('0:01:52.5')).toBe(112.5);
    expect(parseOffset(' 95 ')).toBe(95);
    expect(parseOffset('1:02:03')).toBe(3723);
    for (const s of [0, 5, 112.5, 3723, 59.9]) expect(parseOffset(formatOffset(s))).toBeCloseTo(s, 5);
    expect(formatOffset(112)).toBe('1:52');
    expect(formatOffset(3723.4)).toBe('1:02:03.4');
  });

  it('refuses what is no time', () => {
    for (const bad of ['', 'abc', '1:75', '1:60:00', '-3', '1::2']) expect(parseOffset(bad), bad).toBeNull();
  });

  it('places a moment on the recording bar', () => {
    const span = { recordingStart: 1000, recordingEnd: 11_000 };
    expect(percentOf(6000, span)).toBe(50);
    expect(percentOf(0, span)).toBe(0);
    expect(percentOf(20_000, span)).toBe(100);
  });
});
