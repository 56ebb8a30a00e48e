import { MAX_LT_STK_PER_POST, nextGlobalCount } from '@encore/contract';

/**
 * The running totals of the react tab (CHR-02 to CHR-07): `session` is the taps not sent yet,
 * `personal` every tap of this fan for the show, `global` the count everyone sees rising.
 */
export interface CheerCounts {
  session: number;
  personal: number;
  global: number;
  /** The last polled wall total; null before the first poll answered. */
  polled: number | null;
  postShow: boolean;
}

export const initialCounts = (personal: number): CheerCounts => ({
  session: 0,
  personal,
  global: 0,
  polled: null,
  postShow: false,
});

/** A tap raises all three at once (CHR-03; CHR-06 decided: the shown global count rises too). */
export const tap = (c: CheerCounts): CheerCounts => ({
  ...c,
  session: c.session + 1,
  personal: c.personal + 1,
  global: c.global + 1,
});

/**
 * Takes the unsent taps for a send: the session count starts again from zero (CHR-04). One post
 * carries at most MAX_LT_STK_PER_POST; more than that (a very fast tapper) waits for the next send.
 */
export function takeSession(c: CheerCounts): { counts: CheerCounts; taken: number } {
  const taken = Math.min(c.session, MAX_LT_STK_PER_POST);
  return { counts: { ...c, session: c.session - taken }, taken };
}

/** A send that failed gives its taps back, to go with the next one. */
export const restoreSession = (c: CheerCounts, taps: number): CheerCounts => ({
  ...c,
  session: c.session + taps,
});

/**
 * Polled wall stats (CHR-05, CHR-07): they may raise the global count (to the total plus this fan's
 * taps the total cannot hold yet), never lower it; post_show comes from wall_metadata.
 */
export const applyWallStats = (c: CheerCounts, total: number, postShow: boolean): CheerCounts => ({
  ...c,
  polled: total,
  global: nextGlobalCount(c.global, total, c.session),
  postShow,
});
