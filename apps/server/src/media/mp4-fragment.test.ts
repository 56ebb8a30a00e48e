import { describe, expect, it } from 'vitest';
import { box, fragment } from '../../test/mp4-boxes.ts';
import { readTfdt, shiftTfdt } from './mp4-fragment.ts';

describe('tfdt rewriting of a looped fragment', () => {
  it('moves a 64-bit tfdt by the loops before it and changes nothing else', () => {
    const stored = fragment(25_600n);
    const moved = shiftTfdt(stored, 3n * 256_000n);
    expect(readTfdt(moved)).toEqual([25_600n + 768_000n]);
    expect(moved.length).toBe(stored.length);
    // Every other byte (box sizes, trun, senc, the encrypted samples) is the stored one.
    const diff = [...moved].flatMap((b, i) => (b === stored[i] ? [] : [i]));
    expect(diff.length).toBeGreaterThan(0);
    const at = stored.indexOf(Buffer.from('tfdt')) + 8;
    expect(diff.every((i) => i >= at && i < at + 8)).toBe(true);
    expect(readTfdt(stored)).toEqual([25_600n]);
  });

  it('moves a 32-bit tfdt while it fits, and refuses to overflow it rather than resize the box', () => {
    expect(readTfdt(shiftTfdt(fragment(1000n, 0), 5000n))).toEqual([6000n]);
    expect(() => shiftTfdt(fragment(1000n, 0), 0xffff_ffffn)).toThrow(/32-bit/);
    expect(readTfdt(shiftTfdt(fragment(0n, 1), 0xffff_ffffn * 4n))).toEqual([0xffff_ffffn * 4n]);
  });

  it('refuses what is not a media fragment: no tfdt, a box overrunning its parent', () => {
    expect(() => shiftTfdt(box('ftyp', Buffer.from('isom')), 1n)).toThrow(/no tfdt/);
    const broken = fragment(0n);
    broken.writeUInt32BE(broken.length * 2, 0);
    expect(() => shiftTfdt(broken, 1n)).toThrow(/overruns/);
  });
});
