import type { Toss } from '@encore/contract';

/**
 * The chat replay reads the show's chat in bins of a minute of program time: a bin once read never
 * changes (the show is over), so seeks back and forth reuse what was read, and the list at any moment
 * needs the bin of that moment and the one before it.
 */
export const REPLAY_BIN_MS = 60_000;
/** Messages a replay shows at once: the latest before the picture's moment. */
export const REPLAY_VISIBLE = 150;
/** Requests for one bin at most: a minute with more chat than that shows its first part only. */
export const REPLAY_PAGES_PER_BIN = 4;

export const binOf = (dateMs: number) => Math.floor(dateMs / REPLAY_BIN_MS);

/** The bins a moment's bin needs: the one before (for the list's start), its own, and the next. */
export const binsAround = (bin: number) => [bin - 1, bin, bin + 1];

/** The latest `limit` tosses sent at or before the moment, oldest first, from bins in order. */
export function visibleAt(
  bins: readonly (readonly Toss[])[],
  dateMs: number,
  limit = REPLAY_VISIBLE,
): Toss[] {
  const before: Toss[] = [];
  for (const bin of bins) {
    for (const toss of bin) {
      if (Date.parse(toss.send_time) <= dateMs) before.push(toss);
    }
  }
  return before.slice(-limit);
}

export type ReplayPage = (
  fromMs: number,
  toMs: number,
  afterId: string | undefined,
) => Promise<{ tosses: Toss[]; truncated: boolean }>;

/**
 * Reads one bin through `page` (tosses in (send_time, id) order, `truncated` when more follow): a
 * truncated page continues after its last toss, so tosses of one instant are neither lost nor repeated.
 */
export async function readBin(bin: number, page: ReplayPage): Promise<Toss[]> {
  const toMs = (bin + 1) * REPLAY_BIN_MS;
  let fromMs = bin * REPLAY_BIN_MS;
  let afterId: string | undefined;
  const out: Toss[] = [];
  for (let i = 0; i < REPLAY_PAGES_PER_BIN; i++) {
    const res = await page(fromMs, toMs, afterId);
    out.push(...res.tosses);
    const last = res.tosses.at(-1);
    if (!res.truncated || !last) break;
    fromMs = Date.parse(last.send_time);
    afterId = last.toss_id;
  }
  return out;
}
