import { createCipheriv } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../../media/atomic-file.ts';
import { type LiveOpenParts, type LivePart, livePartFile, partsFile } from '../../media/live-index.ts';
import type { TsPart } from '../../media/ts-chunker.ts';

/** Parts kept on disk behind the newest segment: the LL playlist lists the last two segments' parts. */
const PARTS_KEPT_SEGMENTS = 6;

export function encrypt(clear: Buffer, key: Buffer, iv: Buffer): Buffer {
  const cipher = createCipheriv('aes-128-cbc', key, iv);
  return Buffer.concat([cipher.update(clear), cipher.final()]);
}

/** One finished segment: its parts' clear bytes together, where it starts and how long it is. */
export type FinishedSegment = {
  sn: number;
  clear: Buffer;
  /** First picture on the stream's timeline (90 kHz). */
  pts: number;
  dur: number;
  first: boolean;
  parts: LivePart[];
  codec: Uint8Array | null;
};

type Open = { sn: number; pts: number; pdt: number; first: boolean; parts: LivePart[]; clear: Buffer[] };

/**
 * The open-parts file of one stream, shared by its rungs: rewritten after each part (one write at a
 * time, the newest state wins), so the origin's LL playlist lists a part as soon as its file exists.
 */
export function createOpenPartsFile(liveDir: string, slug: string, stream: string) {
  const file = partsFile(liveDir, slug, stream);
  const state: LiveOpenParts = { version: 1, rungs: {} };
  let writing: Promise<void> = Promise.resolve();
  let dirty = false;
  const flush = async () => {
    while (dirty) {
      dirty = false;
      await writeFileAtomic(file, JSON.stringify(state));
    }
  };
  return {
    set(rung: string, open: LiveOpenParts['rungs'][string] | null): Promise<void> {
      if (open) state.rungs[rung] = open;
      else delete state.rungs[rung];
      if (dirty) return writing;
      dirty = true;
      writing = writing.then(flush, flush);
      return writing;
    },
  };
}
export type OpenPartsFile = ReturnType<typeof createOpenPartsFile>;

/**
 * One rung of one encoder run: each part the chunker cuts is encrypted on its own (AES-128-CBC with
 * the stream's key and IV, so any part decrypts without the others: docs/decisions.md) and written as
 * `<sn>.<i>.ts`, then listed; when the next segment begins, the parts' clear bytes together become
 * the finished segment (`finish`, the packager's: encrypted whole, indexed, DASH, probes).
 */
export function createRungWriter(opts: {
  liveDir: string;
  slug: string;
  stream: string;
  rung: string;
  key: Buffer;
  iv: Buffer;
  /** The sequence number the run's first segment takes. */
  firstSn: number;
  /** Whether the run's first segment follows earlier ones (a discontinuity). */
  continues: boolean;
  dateOf: (pts: number) => number;
  openParts: OpenPartsFile;
  finish: (seg: FinishedSegment) => Promise<void>;
  onError: (err: unknown) => void;
}) {
  let nextSn = opts.firstSn;
  let open: Open | null = null;
  let codec: Uint8Array | null = null;
  let chain: Promise<void> = Promise.resolve();

  const close = async () => {
    const seg = open;
    if (!seg || seg.parts.length === 0) return;
    open = null;
    const dur = Math.round(seg.parts.reduce((sum, p) => sum + p.dur, 0) * 1000) / 1000;
    await opts.finish({
      sn: seg.sn,
      clear: Buffer.concat(seg.clear),
      pts: seg.pts,
      dur,
      first: seg.first,
      parts: seg.parts,
      codec,
    });
    const old = seg.sn - PARTS_KEPT_SEGMENTS;
    if (old >= 0) await removeParts(old);
  };

  const removeParts = async (sn: number) => {
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        rm(livePartFile(opts.liveDir, opts.slug, opts.stream, opts.rung, sn, i), { force: true }),
      ),
    );
  };

  const add = async (part: TsPart) => {
    codec = part.codec ?? codec;
    if (part.segmentStart || !open) {
      const first = nextSn === opts.firstSn;
      await close();
      open = { sn: nextSn++, pts: part.pts, pdt: opts.dateOf(part.pts), first, parts: [], clear: [] };
    }
    const seg = open;
    const out = livePartFile(opts.liveDir, opts.slug, opts.stream, opts.rung, seg.sn, seg.parts.length);
    await mkdir(path.dirname(out), { recursive: true });
    await writeFile(`${out}.tmp`, encrypt(part.bytes, opts.key, opts.iv));
    await rename(`${out}.tmp`, out);
    seg.parts.push({ dur: part.duration, ind: part.independent });
    seg.clear.push(part.bytes);
    await opts.openParts.set(opts.rung, {
      sn: seg.sn,
      pdt: seg.pdt,
      disc: seg.first && opts.continues,
      parts: seg.parts,
    });
  };

  return {
    part(part: TsPart): Promise<void> {
      chain = chain.then(() => add(part)).catch(opts.onError);
      return chain;
    },
    /** The run is over: its last segment is finished with the parts it has. */
    end(): Promise<void> {
      chain = chain
        .then(async () => {
          await close();
          await opts.openParts.set(opts.rung, null);
        })
        .catch(opts.onError);
      return chain;
    },
    done: () => chain,
  };
}
