// Common Encryption (ISO/IEC 23001-7, scheme 'cenc': AES-128-CTR) of fragmented MP4, in Node.
//
// ffmpeg 5.1 (Debian 12) encrypts the samples of a fragmented MP4 but writes their IVs only into the
// moov's sample table, never into the fragments (no senc/saiz/saio in a traf), so its fragments cannot
// be decrypted by any player; no other packager installs from the registries here. The generator
// therefore lets ffmpeg cut clear fragments (a copy, no re-encode) and encrypts them here:
//   - the init segment's sample entry becomes encv/enca with a sinf (frma, schm 'cenc', tenc with the
//     key id), and the moov gets a W3C Common PSSH with the key id (what ClearKey's CDM reads);
//   - each fragment's samples are encrypted in place in the mdat (video: subsamples per NAL unit, the
//     length prefix, the NAL header and the bytes up to a 16-byte multiple in the clear, non-VCL NAL
//     units all clear; audio: whole samples), and the traf gets senc, saiz and saio; the trun's data
//     offset moves by what the moof grew. The sidx is dropped (its sizes would be stale; a
//     SegmentTemplate needs none).
import { createCipheriv } from 'node:crypto';

/** W3C Common PSSH system id (https://www.w3.org/TR/eme-initdata-cenc/), read by every ClearKey CDM. */
export const COMMON_SYSTEM_ID = '1077efecc0b24d02ace33c1e52e2fb4b';

/** Bytes after the box header (and full-box fields) before a container's children start. */
const CONTAINER_PREFIX = {
  moov: 0,
  trak: 0,
  mdia: 0,
  minf: 0,
  stbl: 0,
  dinf: 0,
  edts: 0,
  mvex: 0,
  moof: 0,
  traf: 0,
  sinf: 0,
  schi: 0,
  stsd: 8,
  avc1: 78,
  encv: 78,
  mp4a: 28,
  enca: 28,
};

/** Parses boxes into a tree: containers get `prefix` and `children`, others their whole `body`. */
export function parseBoxes(buf, start = 0, end = buf.length) {
  const boxes = [];
  let off = start;
  while (off + 8 <= end) {
    let size = buf.readUInt32BE(off);
    const type = buf.toString('latin1', off + 4, off + 8);
    let header = 8;
    if (size === 1) {
      size = Number(buf.readBigUInt64BE(off + 8));
      header = 16;
    } else if (size === 0) {
      size = end - off;
    }
    if (size < header || off + size > end) throw new Error(`box ${type} at ${off} overruns its parent`);
    const prefix = CONTAINER_PREFIX[type];
    if (prefix === undefined) {
      boxes.push({ type, body: buf.subarray(off + header, off + size) });
    } else {
      boxes.push({
        type,
        prefix: buf.subarray(off + header, off + header + prefix),
        children: parseBoxes(buf, off + header + prefix, off + size),
      });
    }
    off += size;
  }
  return boxes;
}

/** Serializes a tree of parseBoxes, recomputing every size. */
export function serializeBoxes(boxes) {
  return Buffer.concat(boxes.map(serializeBox));
}

function serializeBox(box) {
  const payload = box.children ? Buffer.concat([box.prefix, serializeBoxes(box.children)]) : box.body;
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + payload.length, 0);
  head.write(box.type, 4, 'latin1');
  return Buffer.concat([head, payload]);
}

const leaf = (type, body) => ({ type, body });
const fullBox = (type, version, flags, body) => {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(((version & 0xff) << 24) | (flags & 0xffffff), 0);
  return leaf(type, Buffer.concat([head, body]));
};

export function child(box, type) {
  return box?.children?.find((c) => c.type === type);
}

export function path(boxes, ...types) {
  let node = { children: boxes };
  for (const t of types) node = child(node, t);
  return node;
}

function hex16(kidHex) {
  if (!/^[0-9a-f]{32}$/.test(kidHex)) throw new Error(`not a 16-byte hex key id: ${kidHex}`);
  return Buffer.from(kidHex, 'hex');
}

/** A version 1 PSSH box of `systemId` naming the key ids (no data). */
export function psshBox(systemIdHex, kidsHex) {
  const count = Buffer.alloc(4);
  count.writeUInt32BE(kidsHex.length, 0);
  const body = Buffer.concat([hex16(systemIdHex), count, ...kidsHex.map(hex16), Buffer.alloc(4)]);
  return fullBox('pssh', 1, 0, body);
}

/**
 * Encrypts an init segment's single track: answers the new init and what the fragments need (track
 * kind, timescale, NAL length size).
 */
export function encryptInit(init, kidHex) {
  const boxes = parseBoxes(init);
  const moov = path(boxes, 'moov');
  const trak = child(moov, 'trak');
  const stsd = path(trak.children, 'mdia', 'minf', 'stbl', 'stsd');
  const mdhd = path(trak.children, 'mdia', 'mdhd');
  if (!stsd || !mdhd) throw new Error('init segment without stsd or mdhd');
  const timescale = mdhd.body[0] === 1 ? mdhd.body.readUInt32BE(20) : mdhd.body.readUInt32BE(12);
  const entry = stsd.children[0];
  const kinds = { avc1: ['video', 'encv'], mp4a: ['audio', 'enca'] };
  const kind = kinds[entry.type];
  if (!kind) throw new Error(`cannot encrypt a ${entry.type} track`);
  let nalLengthSize = 0;
  if (kind[0] === 'video') nalLengthSize = (child(entry, 'avcC').body[4] & 3) + 1;
  const original = entry.type;
  entry.type = kind[1];
  const tencBody = Buffer.concat([Buffer.from([0, 0, 1, 8]), hex16(kidHex)]);
  entry.children.push({
    type: 'sinf',
    prefix: Buffer.alloc(0),
    children: [
      leaf('frma', Buffer.from(original, 'latin1')),
      fullBox('schm', 0, 0, Buffer.concat([Buffer.from('cenc', 'latin1'), Buffer.from([0, 1, 0, 0])])),
      { type: 'schi', prefix: Buffer.alloc(0), children: [fullBox('tenc', 0, 0, tencBody)] },
    ],
  });
  moov.children.push(psshBox(COMMON_SYSTEM_ID, [kidHex]));
  return { init: serializeBoxes(boxes), track: { kind: kind[0], timescale, nalLengthSize } };
}

/** Sample sizes of a traf's (single) trun, and where its data_offset field sits in the trun body. */
function samplesOf(traf) {
  const tfhd = child(traf, 'tfhd').body;
  const tfhdFlags = tfhd.readUInt32BE(0) & 0xffffff;
  let p = 8 + (tfhdFlags & 0x1 ? 8 : 0) + (tfhdFlags & 0x2 ? 4 : 0) + (tfhdFlags & 0x8 ? 4 : 0);
  const defaultSize = tfhdFlags & 0x10 ? tfhd.readUInt32BE(p) : 0;
  if (!(tfhdFlags & 0x20000) || tfhdFlags & 0x1) throw new Error('fragments must be default-base-is-moof');
  const trun = child(traf, 'trun').body;
  const flags = trun.readUInt32BE(0) & 0xffffff;
  const count = trun.readUInt32BE(4);
  if (!(flags & 0x1)) throw new Error('trun without a data offset');
  p = 12 + (flags & 0x4 ? 4 : 0);
  const perSample = [0x100, 0x200, 0x400, 0x800].filter((f) => flags & f).length * 4;
  const sizes = [];
  for (let i = 0; i < count; i++) {
    sizes.push(flags & 0x200 ? trun.readUInt32BE(p + (flags & 0x100 ? 4 : 0)) : defaultSize);
    p += perSample;
  }
  return { sizes, dataOffset: trun.readInt32BE(8) };
}

/** Clear/protected byte ranges of one AVC sample: VCL NAL units encrypted in whole 16-byte blocks. */
export function avcSubsamples(sample, nalLengthSize) {
  const ranges = [];
  let clear = 0;
  let off = 0;
  while (off < sample.length) {
    let len = 0;
    for (let i = 0; i < nalLengthSize; i++) len = len * 256 + sample[off + i];
    const type = sample[off + nalLengthSize] & 0x1f;
    const isVcl = type >= 1 && type <= 5;
    const prot = isVcl ? Math.floor((len - 1) / 16) * 16 : 0;
    clear += nalLengthSize + len - prot;
    if (prot > 0) {
      ranges.push({ clear, protected: prot });
      clear = 0;
    }
    off += nalLengthSize + len;
  }
  if (off !== sample.length) throw new Error('a sample does not end on a NAL unit boundary');
  if (clear > 0) ranges.push({ clear, protected: 0 });
  // A subsample's clear count is 16 bits: split long clear runs (an SEI-heavy first frame).
  return ranges.flatMap((r) => {
    const out = [];
    let c = r.clear;
    while (c > 0xffff) {
      out.push({ clear: 0xffff, protected: 0 });
      c -= 0xffff;
    }
    out.push({ clear: c, protected: r.protected });
    return out;
  });
}

/** AES-128-CTR over the protected ranges of one sample, in place; the counter runs on across them. */
function encryptSample(sample, key, iv8, ranges) {
  const cipher = createCipheriv('aes-128-ctr', key, Buffer.concat([iv8, Buffer.alloc(8)]));
  if (!ranges) {
    cipher.update(sample).copy(sample);
    return;
  }
  let off = 0;
  for (const r of ranges) {
    off += r.clear;
    if (r.protected > 0) cipher.update(sample.subarray(off, off + r.protected)).copy(sample, off);
    off += r.protected;
  }
}

/**
 * Encrypts one media segment (styp? sidx? moof mdat) of a track described by encryptInit's `track`.
 * `ivState.next` (a BigInt) numbers samples across the segments of a rendition, so no IV repeats.
 */
export function encryptSegment(segment, { key, track, ivState }) {
  const boxes = parseBoxes(segment);
  const moof = path(boxes, 'moof');
  const mdatIndex = boxes.findIndex((b) => b.type === 'mdat');
  const mdat = boxes[mdatIndex];
  const traf = child(moof, 'traf');
  if (!moof || !mdat || !traf || moof.children.filter((c) => c.type === 'traf').length !== 1) {
    throw new Error('a segment must hold one moof with one traf and one mdat');
  }
  const { sizes, dataOffset } = samplesOf(traf);
  const moofSize = serializeBox(moof).length;
  // default-base-is-moof: the first sample is dataOffset bytes after the moof's start.
  let at = dataOffset - moofSize - 8;
  const data = Buffer.from(mdat.body);
  const entries = [];
  for (const size of sizes) {
    const sample = data.subarray(at, at + size);
    const iv = Buffer.alloc(8);
    iv.writeBigUInt64BE(ivState.next & 0xffffffffffffffffn, 0);
    ivState.next += 1n;
    const ranges = track.kind === 'video' ? avcSubsamples(sample, track.nalLengthSize) : null;
    encryptSample(sample, key, iv, ranges);
    entries.push({ iv, ranges });
    at += size;
  }
  mdat.body = data;

  const video = track.kind === 'video';
  const sencBody = Buffer.concat([
    u32(entries.length),
    ...entries.map((e) =>
      video
        ? Buffer.concat([
            e.iv,
            u16(e.ranges.length),
            ...e.ranges.map((r) => Buffer.concat([u16(r.clear), u32(r.protected)])),
          ])
        : e.iv,
    ),
  ]);
  const senc = fullBox('senc', 0, video ? 0x2 : 0, sencBody);
  const infoSizes = entries.map((e) => (video ? 8 + 2 + 6 * e.ranges.length : 8));
  const saiz = fullBox(
    'saiz',
    0,
    0,
    video
      ? Buffer.concat([Buffer.from([0]), u32(entries.length), Buffer.from(infoSizes)])
      : Buffer.concat([Buffer.from([8]), u32(entries.length)]),
  );
  const saio = fullBox('saio', 0, 0, Buffer.concat([u32(1), u32(0)]));
  traf.children.push(senc, saiz, saio);

  // Where senc's first IV lands, from the moof's start: everything in the moof before it, its own
  // header (8), full-box fields (4) and sample count (4).
  let sencAt = 8;
  for (const c of moof.children) {
    if (c === traf) break;
    sencAt += serializeBox(c).length;
  }
  sencAt += 8;
  for (const c of traf.children) {
    if (c === senc) break;
    sencAt += serializeBox(c).length;
  }
  saio.body.writeUInt32BE(sencAt + 16, 8);
  const grown = serializeBox(moof).length - moofSize;
  const trun = child(traf, 'trun');
  trun.body = Buffer.from(trun.body);
  trun.body.writeInt32BE(dataOffset + grown, 8);
  return serializeBoxes(boxes.filter((b) => b.type !== 'sidx'));
}

function u32(n) {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n, 0);
  return b;
}

function u16(n) {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n, 0);
  return b;
}
