// Fragments built box by box, as the DASH packager writes them: styp, moof (mfhd, traf (tfhd, tfdt,
// trun, senc)), mdat.
export const box = (type: string, ...parts: Buffer[]) => {
  const body = Buffer.concat(parts);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
};
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n, 0);
  return b;
};
const tfdt = (version: 0 | 1, time: bigint) => {
  const t = Buffer.alloc(version === 1 ? 8 : 4);
  if (version === 1) t.writeBigUInt64BE(time, 0);
  else t.writeUInt32BE(Number(time), 0);
  return box('tfdt', Buffer.from([version, 0, 0, 0]), t);
};

export function fragment(time: bigint, version: 0 | 1 = 1, payload = Buffer.from('sample bytes')): Buffer {
  const traf = box(
    'traf',
    box('tfhd', u32(0x020000), u32(1)),
    tfdt(version, time),
    box('trun', u32(0x000201), u32(1), u32(0), u32(payload.length)),
    box('senc', u32(0), u32(1), Buffer.alloc(8, 0xab)),
  );
  return Buffer.concat([
    box('styp', Buffer.from('msdh')),
    box('moof', box('mfhd', u32(0), u32(7)), traf),
    box('mdat', payload),
  ]);
}
