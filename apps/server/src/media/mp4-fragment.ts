/**
 * The one edit the live DASH origin makes to a stored fragment: its track fragment decode time.
 *
 * A looped DASH stream serves loop file k mod n as live segment k; the fragment's tfdt
 * (baseMediaDecodeTime) must then say where segment k lies on the live timeline, i.e. the stored time
 * plus the loops completed before it. Only the tfdt's time field changes, never a box size, so the
 * trun data offsets and the saio offsets of the encryption data stay valid.
 */

type Box = { type: string; start: number; end: number; body: number };

function boxesIn(buf: Uint8Array, start: number, end: number): Box[] {
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  const boxes: Box[] = [];
  let off = start;
  while (off + 8 <= end) {
    let size = view.getUint32(off);
    let header = 8;
    if (size === 1) {
      if (off + 16 > end) throw new RangeError('truncated large box header');
      size = Number(view.getBigUint64(off + 8));
      header = 16;
    } else if (size === 0) {
      size = end - off;
    }
    if (size < header || off + size > end) throw new RangeError(`box at ${off} overruns its parent`);
    const type = String.fromCharCode(...buf.subarray(off + 4, off + 8));
    boxes.push({ type, start: off, end: off + size, body: off + header });
    off += size;
  }
  if (off !== end) throw new RangeError('trailing bytes after the last box');
  return boxes;
}

/** Offsets of every tfdt of the segment's moof boxes (one per traf). */
function tfdtOffsets(buf: Uint8Array): number[] {
  const found: number[] = [];
  for (const moof of boxesIn(buf, 0, buf.length).filter((b) => b.type === 'moof')) {
    for (const traf of boxesIn(buf, moof.body, moof.end).filter((b) => b.type === 'traf')) {
      for (const tfdt of boxesIn(buf, traf.body, traf.end).filter((b) => b.type === 'tfdt')) {
        found.push(tfdt.start);
      }
    }
  }
  return found;
}

/** The baseMediaDecodeTime of each traf (version 0: 32 bits, version 1: 64 bits). */
export function readTfdt(buf: Uint8Array): bigint[] {
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  return tfdtOffsets(buf).map((at) =>
    buf[at + 8] === 1 ? view.getBigUint64(at + 12) : BigInt(view.getUint32(at + 12)),
  );
}

/**
 * A copy of `segment` whose every tfdt is moved by `add` ticks of its track's timescale. A segment
 * without a moof/traf/tfdt is refused (it is not a media fragment), as is a 32-bit tfdt that the new
 * time would overflow (widening it would change the box sizes).
 */
export function shiftTfdt(segment: Uint8Array, add: bigint): Buffer {
  const out = Buffer.from(segment);
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
  const offsets = tfdtOffsets(out);
  if (offsets.length === 0) throw new RangeError('no tfdt in this segment');
  for (const at of offsets) {
    if (at + 12 + (out[at + 8] === 1 ? 8 : 4) > out.length) throw new RangeError('truncated tfdt');
    if (out[at + 8] === 1) {
      const next = view.getBigUint64(at + 12) + add;
      if (next < 0n || next > 0xffff_ffff_ffff_ffffn) throw new RangeError('tfdt out of range');
      view.setBigUint64(at + 12, next);
    } else {
      const next = BigInt(view.getUint32(at + 12)) + add;
      if (next < 0n || next > 0xffff_ffffn) throw new RangeError('a 32-bit tfdt cannot hold this time');
      view.setUint32(at + 12, Number(next));
    }
  }
  return out;
}

/**
 * The length in ticks of a fragment's first track run: the sum of its samples' durations (each from
 * the trun, or the tfhd's default). What the fragment covers on its track's timeline, whatever
 * segment it was cut from.
 */
export function fragmentDuration(buf: Uint8Array): number {
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  const moof = boxesIn(buf, 0, buf.length).find((b) => b.type === 'moof');
  const traf = moof && boxesIn(buf, moof.body, moof.end).find((b) => b.type === 'traf');
  if (!traf) throw new RangeError('no traf in this fragment');
  const inTraf = boxesIn(buf, traf.body, traf.end);
  const tfhd = inTraf.find((b) => b.type === 'tfhd');
  let fallback = 0;
  if (tfhd) {
    const flags = view.getUint32(tfhd.body) & 0xffffff;
    // After track_ID: base_data_offset (0x01, 8 bytes), sample_description_index (0x02, 4), then the duration.
    const at = tfhd.body + 8 + (flags & 0x01 ? 8 : 0) + (flags & 0x02 ? 4 : 0);
    if (flags & 0x08) fallback = view.getUint32(at);
  }
  let total = 0;
  for (const trun of inTraf.filter((b) => b.type === 'trun')) {
    const flags = view.getUint32(trun.body) & 0xffffff;
    const count = view.getUint32(trun.body + 4);
    let at = trun.body + 8 + (flags & 0x01 ? 4 : 0) + (flags & 0x04 ? 4 : 0);
    const fields = [0x100, 0x200, 0x400, 0x800].filter((f) => flags & f).length;
    for (let i = 0; i < count; i++) {
      total += flags & 0x100 ? view.getUint32(at) : fallback;
      at += fields * 4;
    }
  }
  return total;
}
