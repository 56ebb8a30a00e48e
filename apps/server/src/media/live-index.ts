import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from './atomic-file.ts';

/**
 * The index of one live stream as its packager writes it and the origin reads it (docs/media.md
 * section 9): per rung of the ladder, every segment since the show's first push with its sequence
 * number, duration, program date-time (the show clock: the wall clock at ingest) and whether it starts
 * a new encoder run (a discontinuity). One JSON file per stream, replaced atomically, so the origin
 * (in this process or on another node over shared storage) never reads half of one.
 */
const Segment = z.object({
  sn: z.number().int().min(0),
  dur: z.number().positive(),
  pdt: z.number(),
  disc: z.boolean(),
  bytes: z.number().int().positive(),
  /** The first video timestamp (90 kHz): live captions map their time 0 to it. */
  pts: z.number().int().min(0).optional(),
  /** Its LL-HLS partial segments (`<sn>.<i>.ts`): duration and whether each starts with a keyframe. */
  parts: z.array(z.object({ dur: z.number().positive(), ind: z.boolean() })).optional(),
});
export type LiveSegment = z.infer<typeof Segment>;

const Rung = z.object({
  name: z.string().regex(/^[a-z0-9]{1,16}$/),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  codecs: z.string().nullable(),
  frameRate: z.number().nullable(),
  bandwidth: z.number().int(),
  segments: z.array(Segment),
});
export type LiveRung = z.infer<typeof Rung>;

export const LiveStreamIndex = z.object({
  version: z.literal(1),
  /** No segment will follow: playlists carry EXT-X-ENDLIST and the recording is the replay. */
  ended: z.boolean(),
  rungs: z.array(Rung),
});
export type LiveStreamIndex = z.infer<typeof LiveStreamIndex>;

/**
 * The rungs a player is offered: those with segments, less a ladder rung that is not below the
 * source's height. The packager never scales up (a 480p rung of a 240p feed is 240p again), so such
 * a rung only repeats the source: a fan's quality menu would list one picture two or three times.
 */
export function playableRungs(rungs: readonly LiveRung[]): LiveRung[] {
  const listed = rungs.filter((r) => r.segments.length > 0);
  // A height of 0 (an index written before a probe read the size) is no height either.
  const source = listed.find((r) => r.name === 'source')?.height || null;
  if (source === null) return listed;
  return listed.filter((r) => r.name === 'source' || r.height === null || r.height < source);
}

export const indexFile = (liveDir: string, slug: string, stream: string) =>
  path.join(liveDir, slug, stream, 'index.json');

export const liveSegmentFile = (liveDir: string, slug: string, stream: string, rung: string, sn: number) =>
  path.join(liveDir, slug, stream, rung, `${sn}.ts`);

/** Partial segment `part` of segment `sn` (LL-HLS). */
export const livePartFile = (
  liveDir: string,
  slug: string,
  stream: string,
  rung: string,
  sn: number,
  part: number,
) => path.join(liveDir, slug, stream, rung, `${sn}.${part}.ts`);

export const LivePart = z.object({ dur: z.number().positive(), ind: z.boolean() });
export type LivePart = z.infer<typeof LivePart>;

/**
 * The segment each rung is cutting now, as far as its parts go (`parts.json` beside `index.json`,
 * rewritten after every part: the index itself is rewritten once per segment, as it holds the whole
 * recording). Its `sn` is one past the index's last segment while it is the open one; anything
 * else is a moment between the two writes, and the origin lists no open parts then.
 */
export const LiveOpenParts = z.object({
  version: z.literal(1),
  rungs: z.record(
    z.string(),
    z.object({ sn: z.number().int().min(0), pdt: z.number(), disc: z.boolean(), parts: z.array(LivePart) }),
  ),
});
export type LiveOpenParts = z.infer<typeof LiveOpenParts>;

export const partsFile = (liveDir: string, slug: string, stream: string) =>
  path.join(liveDir, slug, stream, 'parts.json');

export async function readOpenParts(file: string): Promise<LiveOpenParts | null> {
  try {
    return LiveOpenParts.parse(JSON.parse(await readFile(file, 'utf8')));
  } catch {
    return null;
  }
}

export async function readLiveIndex(file: string): Promise<LiveStreamIndex | null> {
  try {
    return LiveStreamIndex.parse(JSON.parse(await readFile(file, 'utf8')));
  } catch {
    return null;
  }
}

export function writeLiveIndex(file: string, index: LiveStreamIndex): Promise<void> {
  return writeFileAtomic(file, JSON.stringify(index));
}

/** Reads indexes at most every `ttlMs` per stream: every viewer's playlist reload is one lookup. */
export function createLiveIndexReader(liveDir: string, ttlMs = 250, now: () => number = Date.now) {
  const cache = new Map<string, { at: number; value: Promise<unknown> }>();
  function cached<T>(file: string, maxAge: number, read: (file: string) => Promise<T>): Promise<T> {
    const hit = cache.get(file);
    const t = now();
    if (hit && t - hit.at < maxAge) return hit.value as Promise<T>;
    const value = read(file);
    cache.set(file, { at: t, value });
    return value;
  }
  return {
    /** `maxAgeMs`: a blocking playlist request waits on a fresher reading than the default. */
    get(slug: string, stream: string, maxAgeMs = ttlMs): Promise<LiveStreamIndex | null> {
      return cached(indexFile(liveDir, slug, stream), maxAgeMs, readLiveIndex);
    },
    parts(slug: string, stream: string, maxAgeMs = ttlMs): Promise<LiveOpenParts | null> {
      return cached(partsFile(liveDir, slug, stream), maxAgeMs, readOpenParts);
    },
  };
}
export type LiveIndexReader = ReturnType<typeof createLiveIndexReader>;
