import { MAX_LT_STK_PER_POST, wallStatsIntervalMs } from '@encore/contract';
import { describe, expect, it } from 'vitest';
import { applyWallStats, initialCounts, restoreSession, takeSession, tap } from './cheer-counts.ts';

describe('cheer counts', () => {
  it('a tap raises the session count, the personal total and the global count (CHR-03)', () => {
    const c = tap(tap({ ...initialCounts(40), global: 100 }));
    expect(c).toMatchObject({ session: 2, personal: 42, global: 102 });
  });

  it('sending takes the session count and resets it; a failed send gives it back (CHR-04)', () => {
    const { counts, taken } = takeSession(tap(tap(tap(initialCounts(0)))));
    expect(taken).toBe(3);
    expect(counts).toMatchObject({ session: 0, personal: 3, global: 3 });
    expect(restoreSession(tap(counts), taken).session).toBe(4);
  });

  it('one send carries at most the per-post maximum; the rest waits', () => {
    const many = { ...initialCounts(0), session: MAX_LT_STK_PER_POST + 5 };
    const { counts, taken } = takeSession(many);
    expect(taken).toBe(MAX_LT_STK_PER_POST);
    expect(counts.session).toBe(5);
  });

  it('polled wall stats raise the global count to the total plus unsent taps, never lower it (CHR-05, CHR-06)', () => {
    let c = initialCounts(0);
    c = applyWallStats(c, 500, false);
    expect(c.global).toBe(500);
    c = tap(tap(c));
    expect(c.global).toBe(502);
    // The poll before the taps were sent: 500 plus the 2 unsent; others' cheers raise it further.
    expect(applyWallStats(c, 500, false).global).toBe(502);
    expect(applyWallStats(c, 510, false).global).toBe(512);
    // A total that went down (a stale CDN copy) never lowers what is shown.
    const sent = takeSession(c).counts;
    expect(applyWallStats(sent, 400, false).global).toBe(502);
  });

  it('the post-show flag comes from wall_metadata.post_show (CHR-07)', () => {
    const c = applyWallStats(initialCounts(0), 7, true);
    expect(c.postShow).toBe(true);
    expect(applyWallStats(c, 7, false).postShow).toBe(false);
  });

  it('polls wall stats every 5000 ms unless the event configuration sets wall_stats_interval (CHR-15)', () => {
    expect(wallStatsIntervalMs(undefined)).toBe(5000);
    expect(wallStatsIntervalMs(0)).toBe(5000);
    expect(wallStatsIntervalMs(1500)).toBe(1500);
  });
});
