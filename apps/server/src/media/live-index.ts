import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

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
  const source = listed.find((r) => r.name === 'source')?.height ?? null;
  if (source === null) return listed;
  return listed.filter((r) => r.name === 'source' || r.height === null || r.height < source);
}

export const indexFile = (liveDir: string, slug: string, stream: string) =>
  path.join(liveDir, slug, stream, 'index.json');

export const liveSegmentFile = (liveDir: string, slug: string, stream: string, rung: string, sn: number) =>
  path.join(liveDir, slug, stream, rung, `${sn}.ts`);

export async function readLiveIndex(file: string): Promise<LiveStreamIndex | null> {
  try {
    return LiveStreamIndex.parse(JSON.parse(await readFile(file, 'utf8')));
  } catch {
    return null;
  }
}

export async function writeLiveIndex(file: string, index: LiveStreamIndex): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, JSON.stringify(index));
  await rename(tmp, file);
}

/** Reads indexes at most every `ttlMs` per stream: every viewer's playlist reload is one lookup. */
export function createLiveIndexReader(liveDir: string, ttlMs = 250, now: () => number = Date.now) {
  const cache = new Map<string, { at: number; index: Promise<LiveStreamIndex | null> }>();
  return {
    get(slug: string, stream: string): Promise<LiveStreamIndex | null> {
      const file = indexFile(liveDir, slug, stream);
      const hit = cache.get(file);
      const t = now();
      if (hit && t - hit.at < ttlMs) return hit.index;
      const index = readLiveIndex(file);
      cache.set(file, { at: t, index });
      return index;
    },
  };
}
export type LiveIndexReader = ReturnType<typeof createLiveIndexReader>;
