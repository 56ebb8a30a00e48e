import { describe, expect, it } from 'vitest';
import { DEFAULT_DOORS_BEFORE_START_MS, TICKETS_ON_SALE_FROM } from './constants.ts';
import { doorsMinutesBefore, doorsOpenAt } from './schedule.ts';

const show = (enter: string | null) => ({
  event: {
    event_start_time: '2026-11-22T11:00:00.000Z',
    event_enter_time: enter,
    reairings: [],
  },
});

describe('doors (CONST-01 decided)', () => {
  it('doors open 30 minutes before the start without an event_enter_time (CONST-03)', () => {
    expect(DEFAULT_DOORS_BEFORE_START_MS).toBe(30 * 60_000);
    expect(doorsOpenAt(show(null)).toISOString()).toBe('2026-11-22T10:30:00.000Z');
    expect(doorsMinutesBefore(show(null))).toBe(30);
  });

  it('a show whose entry opens 1 hour before (the viewing flow, CONST-02) says 60 minutes', () => {
    expect(doorsMinutesBefore(show('2026-11-22T10:00:00.000Z'))).toBe(60);
    expect(doorsMinutesBefore(show('2026-11-22T11:30:00.000Z'))).toBe(0);
  });

  it('tickets on sale from 16 Sept 2020 13:00 KST (CONST-07)', () => {
    expect(new Date(TICKETS_ON_SALE_FROM).toISOString()).toBe('2020-09-16T04:00:00.000Z');
  });
});
