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
 * The length in ticks of a fragment's first track: the sum of its samples' durations (each from the
 * trun, or the tfhd's default), over every moof it holds (a segment of several chunks, as a live
 * segment cut without a keyframe is: dash-packager.ts). What the fragment covers on its track's
 * timeline, whatever segment it was cut from.
 */
export function fragmentDuration(buf: Uint8Array): number {
  return runsOf(buf).reduce((sum, run) => sum + run.duration, 0);
}

/** How many samples the fragment's first track holds, over every moof. */
export function sampleCount(buf: Uint8Array): number {
  return runsOf(buf).reduce((sum, run) => sum + run.count, 0);
}

function runsOf(buf: Uint8Array): { count: number; duration: number }[] {
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  const moofs = boxesIn(buf, 0, buf.length).filter((b) => b.type === 'moof');
  const runs: { count: number; duration: number }[] = [];
  let trafs = 0;
  for (const moof of moofs) {
    const traf = boxesIn(buf, moof.body, moof.end).find((b) => b.type === 'traf');
    if (!traf) continue;
    trafs++;
    const inTraf = boxesIn(buf, traf.body, traf.end);
    const tfhd = inTraf.find((b) => b.type === 'tfhd');
    let fallback = 0;
    if (tfhd) {
      const flags = view.getUint32(tfhd.body) & 0xffffff;
      // After track_ID: base_data_offset (0x01, 8 bytes), sample_description_index (0x02, 4), then the duration.
      const at = tfhd.body + 8 + (flags & 0x01 ? 8 : 0) + (flags & 0x02 ? 4 : 0);
      if (flags & 0x08) fallback = view.getUint32(at);
    }
    for (const trun of inTraf.filter((b) => b.type === 'trun')) {
      const flags = view.getUint32(trun.body) & 0xffffff;
      const count = view.getUint32(trun.body + 4);
      let at = trun.body + 8 + (flags & 0x01 ? 4 : 0) + (flags & 0x04 ? 4 : 0);
      const fields = [0x100, 0x200, 0x400, 0x800].filter((f) => flags & f).length;
      let duration = 0;
      for (let i = 0; i < count; i++) {
        duration += flags & 0x100 ? view.getUint32(at) : fallback;
        at += fields * 4;
      }
      runs.push({ count, duration });
    }
  }
  if (trafs === 0) throw new RangeError('no traf in this fragment');
  return runs;
}

type Sample = { duration: number; size: number; flags: number; cts: number; data: Uint8Array };

const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n >>> 0);
  return b;
};
const box = (type: string, ...body: Uint8Array[]) =>
  Buffer.concat([u32(8 + body.reduce((n, b) => n + b.length, 0)), Buffer.from(type, 'latin1'), ...body]);

/** The samples of one moof+mdat's first track run, with their bytes (default-base-is-moof offsets). */
function samplesOf(buf: Uint8Array, moof: Box): { track: number; time: bigint; samples: Sample[] } {
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  const traf = boxesIn(buf, moof.body, moof.end).find((b) => b.type === 'traf');
  if (!traf) throw new RangeError('no traf in this fragment');
  const inTraf = boxesIn(buf, traf.body, traf.end);
  const tfhd = inTraf.find((b) => b.type === 'tfhd');
  const trun = inTraf.find((b) => b.type === 'trun');
  const tfdt = inTraf.find((b) => b.type === 'tfdt');
  if (!tfhd || !trun || !tfdt) throw new RangeError('a chunk needs tfhd, tfdt and trun');
  const hf = view.getUint32(tfhd.body) & 0xffffff;
  if (hf & 0x01) throw new RangeError('an explicit base data offset is not supported');
  const track = view.getUint32(tfhd.body + 4);
  let at = tfhd.body + 8 + (hf & 0x02 ? 4 : 0);
  const read = (flag: number) => {
    if (!(hf & flag)) return 0;
    at += 4;
    return view.getUint32(at - 4);
  };
  const def = { duration: read(0x08), size: read(0x10), flags: read(0x20) };
  const time =
    buf[tfdt.body] === 1 ? view.getBigUint64(tfdt.body + 4) : BigInt(view.getUint32(tfdt.body + 4));
  const rf = view.getUint32(trun.body) & 0xffffff;
  const signed = buf[trun.body] === 1;
  const count = view.getUint32(trun.body + 4);
  at = trun.body + 8;
  const dataOffset = rf & 0x01 ? view.getInt32(at) : 0;
  if (rf & 0x01) at += 4;
  const firstFlags = rf & 0x04 ? view.getUint32(at) : null;
  if (rf & 0x04) at += 4;
  let data = moof.start + dataOffset;
  const samples: Sample[] = [];
  for (let i = 0; i < count; i++) {
    const field = (flag: number, fallback: number, asSigned = false) => {
      if (!(rf & flag)) return fallback;
      at += 4;
      return asSigned ? view.getInt32(at - 4) : view.getUint32(at - 4);
    };
    const duration = field(0x100, def.duration);
    const size = field(0x200, def.size);
    const flags = field(0x400, i === 0 && firstFlags !== null ? firstFlags : def.flags);
    const cts = field(0x800, 0, signed);
    samples.push({ duration, size, flags, cts, data: buf.subarray(data, data + size) });
    data += size;
  }
  return { track, time, samples };
}

/**
 * One moof+mdat holding the samples of several (a segment cut from a stream remuxed a fragment per
 * frame): the first chunk's decode time, every sample's duration, size, flags and composition offset
 * in one trun. Players and cenc.mjs take a segment of one fragment.
 */
export function mergeChunks(chunks: readonly Uint8Array[]): Buffer {
  const parts = chunks.map((c) => {
    const moof = boxesIn(c, 0, c.length).find((b) => b.type === 'moof');
    if (!moof) throw new RangeError('no moof in this chunk');
    return samplesOf(c, moof);
  });
  const first = parts[0];
  if (!first) throw new RangeError('no chunk to merge');
  const samples = parts.flatMap((p) => p.samples);
  const time = Buffer.alloc(8);
  time.writeBigUInt64BE(first.time);
  const entries = samples.flatMap((s) => [u32(s.duration), u32(s.size), u32(s.flags), u32(s.cts)]);
  // Version 1: signed composition offsets. Data offset: the moof's size plus the mdat header.
  const trunOf = (offset: number) =>
    box('trun', u32(0x01000f01), u32(samples.length), u32(offset), ...entries);
  const traf = (offset: number) =>
    box(
      'traf',
      box('tfhd', u32(0x020000), u32(first.track)),
      box('tfdt', u32(0x01000000), time),
      trunOf(offset),
    );
  const moofOf = (offset: number) => box('moof', box('mfhd', u32(0), u32(1)), traf(offset));
  const moof = moofOf(moofOf(0).length + 8);
  return Buffer.concat([moof, box('mdat', ...samples.map((s) => s.data))]);
}
