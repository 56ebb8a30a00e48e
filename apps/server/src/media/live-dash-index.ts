import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from './atomic-file.ts';

/**
 * The CENC DASH of a live stream (docs/media.md section 9.1), beside its HLS index: per encoder run
 * (a DASH Period) and representation, the init segment and every fragment with its number (the HLS
 * sequence number of the same frames), start on the show clock (`t`, ticks since the index's `epoch` at the
 * representation's timescale) and duration. One JSON file per stream, replaced atomically.
 */

/**
 * availabilityStartTime of a show's live DASH: midnight UTC 30 days before the show starts, the same
 * for every stream of the show, so a presentation time is a show-clock date and an angle switch keeps
 * the moment. Not a fixed date for every show: Chromium's MP4 parser refuses a decode time whose
 * microseconds overflow 63 bits (ticks over 9.2e12: about 3 years at 90 kHz, 6 at 48 kHz), so the
 * epoch stays near the show. A push more than 30 days before the show gets no DASH (HLS only).
 */
export function dashEpochOf(eventStartIso: string): number {
  const start = new Date(eventStartIso);
  return Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate() - 30);
}

const Rep = z.object({
  name: z.string().regex(/^[a-z0-9]{1,16}$/),
  kind: z.enum(['video', 'audio']),
  timescale: z.number().int().positive(),
  codecs: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  bandwidth: z.number().int(),
  segments: z.array(z.object({ n: z.number().int().min(0), t: z.number().int(), d: z.number().int() })),
});
export type LiveDashRep = z.infer<typeof Rep>;

const Run = z.object({ id: z.number().int().min(0), start: z.number(), reps: z.array(Rep) });
export type LiveDashRun = z.infer<typeof Run>;

export const LiveDashIndex = z.object({
  version: z.literal(1),
  /** availabilityStartTime (ms): `t` of every fragment counts from it (dashEpochOf). */
  epoch: z.number().int(),
  runs: z.array(Run),
});
export type LiveDashIndex = z.infer<typeof LiveDashIndex>;

export const liveDashIndexFile = (liveDir: string, slug: string, stream: string) =>
  path.join(liveDir, slug, stream, 'dash.json');

export const liveDashFile = (liveDir: string, slug: string, stream: string, rep: string, name: string) =>
  path.join(liveDir, slug, stream, 'dash', rep, name);

export async function readLiveDashIndex(file: string): Promise<LiveDashIndex | null> {
  try {
    return LiveDashIndex.parse(JSON.parse(await readFile(file, 'utf8')));
  } catch {
    return null;
  }
}

export function writeLiveDashIndex(file: string, index: LiveDashIndex): Promise<void> {
  return writeFileAtomic(file, JSON.stringify(index));
}
