import { describe, expect, it } from 'vitest';
import { showClockMoment } from './alert-forms.ts';
import { slowestSeeAt } from './cue-timeline-list.tsx';

describe('the control room on the show clock (issue 27)', () => {
  it('the slowest fans see a cue at its moment plus the 95th percentile of the reported distances', () => {
    const cue = { at: '2026-11-28T20:00:00.000Z' };
    expect(slowestSeeAt(cue, { reporting: 12, median_ms: 4000, p95_ms: 9500, max_ms: 30_000 })).toBe(
      Date.parse(cue.at) + 9500,
    );
    expect(slowestSeeAt(cue, { reporting: 0, median_ms: null, p95_ms: null, max_ms: null })).toBeNull();
  });

  it('a typed time of day is the next such moment from 30 s ago, in the browser zone', () => {
    const now = new Date(2026, 10, 28, 21, 4, 0);
    expect(showClockMoment('21:04:30', now)).toBe(new Date(2026, 10, 28, 21, 4, 30).toISOString());
    expect(showClockMoment('21:03:45', now)).toBe(new Date(2026, 10, 28, 21, 3, 45).toISOString());
    expect(showClockMoment('21:03:00', now)).toBe(new Date(2026, 10, 29, 21, 3, 0).toISOString());
    expect(showClockMoment('', now)).toBeUndefined();
  });
});
