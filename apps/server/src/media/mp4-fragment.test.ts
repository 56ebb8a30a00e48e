import { describe, expect, it } from 'vitest';
import { box, fragment } from '../../test/mp4-boxes.ts';
import { fragmentDuration, readTfdt, sampleCount, shiftTfdt } from './mp4-fragment.ts';

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

describe('fragmentDuration', () => {
  const u32 = (n: number) => Buffer.from([n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);
  const of = (tfhd: Buffer, trun: Buffer) =>
    Buffer.concat([box('moof', box('mfhd', u32(0), u32(1)), box('traf', tfhd, trun)), box('mdat', u32(0))]);

  it('sums the durations of the samples of the trun, or the tfhd default for each sample', () => {
    // trun flags 0x301: data offset, then per sample a duration and a size.
    const trun = box(
      'trun',
      u32(0x000301),
      u32(3),
      u32(0),
      u32(3000),
      u32(9),
      u32(3000),
      u32(9),
      u32(3003),
      u32(9),
    );
    expect(fragmentDuration(of(box('tfhd', u32(0x020000), u32(1)), trun))).toBe(9003);
    // tfhd flags 0x08: default sample duration 1024; trun with sizes only (0x200).
    const sizes = box('trun', u32(0x000200), u32(4), u32(9), u32(9), u32(9), u32(9));
    expect(fragmentDuration(of(box('tfhd', u32(0x020008), u32(1), u32(1024)), sizes))).toBe(4096);
    expect(fragmentDuration(fragment(0n))).toBe(0);
  });
});

describe('a segment of several chunks', () => {
  const u32 = (n: number) => Buffer.from([n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);
  const chunk = (...durations: number[]) =>
    Buffer.concat([
      box(
        'moof',
        box('mfhd', u32(0), u32(1)),
        box(
          'traf',
          box('tfhd', u32(0x020000), u32(1)),
          box('trun', u32(0x000100), u32(durations.length), ...durations.map(u32)),
        ),
      ),
      box('mdat', u32(0)),
    ]);

  it('counts the durations and samples of every moof, not the first one only', () => {
    const two = Buffer.concat([chunk(3000, 3000), chunk(3003)]);
    expect(fragmentDuration(two)).toBe(9003);
    expect(sampleCount(two)).toBe(3);
    expect(sampleCount(chunk(1, 2, 3, 4))).toBe(4);
  });
});
