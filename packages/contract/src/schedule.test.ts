import { describe, expect, it } from 'vitest';
import { DEFAULT_DOORS_BEFORE_START_MS, TICKETS_ON_SALE_FROM } from './constants.ts';
import {
  currentShow,
  doorsMinutesBefore,
  doorsOpenAt,
  listedShows,
  openWindowAt,
  reairingAt,
  showStatus,
  showWindows,
} from './schedule.ts';

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

describe('re-airing windows (issue 11, decisions.md)', () => {
  // Main show 12:00-15:00 (3 h); a re-airing the next day with its own doors, and one with none.
  const aired = {
    id: 'aired',
    event: {
      event_start_time: '2026-05-01T12:00:00.000Z',
      event_enter_time: null,
      event_end_time: '2026-05-01T15:00:00.000Z',
      reairings: [
        { event_start_time: '2026-05-03T20:00:00.000Z' },
        {
          event_start_time: '2026-05-02T09:00:00.000Z',
          event_enter_time: '2026-05-02T08:00:00.000Z',
          event_end_time: '2026-05-02T10:00:00.000Z',
        },
      ],
    },
  };
  const at = (iso: string) => new Date(iso);

  it('has the main window, then each re-airing by start (doors: enter time or 30 min; end: given or start plus the show length)', () => {
    const iso = (n: number) => new Date(n).toISOString();
    const windows = showWindows(aired).map((w) => [iso(w.doors), iso(w.start), iso(w.end), w.reairing]);
    expect(windows).toEqual([
      ['2026-05-01T11:30:00.000Z', '2026-05-01T12:00:00.000Z', '2026-05-01T15:00:00.000Z', false],
      ['2026-05-02T08:00:00.000Z', '2026-05-02T09:00:00.000Z', '2026-05-02T10:00:00.000Z', true],
      ['2026-05-03T19:30:00.000Z', '2026-05-03T20:00:00.000Z', '2026-05-03T23:00:00.000Z', true],
    ]);
  });

  it.each([
    ['2026-05-01T11:00:00Z', 'upcoming'],
    ['2026-05-01T13:00:00Z', 'live'],
    ['2026-05-01T15:00:00Z', 'ended'],
    ['2026-05-02T07:59:59Z', 'ended'],
    ['2026-05-02T08:00:00Z', 'open'],
    ['2026-05-02T09:00:00Z', 'live'],
    ['2026-05-02T10:00:00Z', 'ended'],
    ['2026-05-03T19:30:00Z', 'open'],
    ['2026-05-03T22:59:59Z', 'live'],
    ['2026-05-03T23:00:00Z', 'ended'],
  ])('at %s the status is %s', (now, status) => {
    expect(showStatus(aired, at(now))).toBe(status);
  });

  it('knows which re-airing is open, and not the main show', () => {
    expect(reairingAt(aired, at('2026-05-01T13:00:00Z'))).toBeUndefined();
    expect(openWindowAt(aired, at('2026-05-01T13:00:00Z'))?.reairing).toBe(false);
    expect(reairingAt(aired, at('2026-05-02T08:30:00Z'))?.start).toBe(Date.parse('2026-05-02T09:00:00Z'));
    expect(reairingAt(aired, at('2026-05-02T12:00:00Z'))).toBeUndefined();
  });

  it('a re-airing whose doors open during the main show leaves the main show live', () => {
    const close = {
      event: { ...aired.event, reairings: [{ event_start_time: '2026-05-01T15:10:00.000Z' }] },
    };
    expect(openWindowAt(close, at('2026-05-01T14:50:00Z'))?.reairing).toBe(false);
    expect(showStatus(close, at('2026-05-01T14:50:00Z'))).toBe('live');
    expect(showStatus(close, at('2026-05-01T15:05:00Z'))).toBe('open');
  });

  it('stays listed until its last re-airing ends, ordered by its next window', () => {
    const later = {
      id: 'later',
      event: {
        event_start_time: '2026-05-02T18:00:00.000Z',
        event_enter_time: null,
        event_end_time: '2026-05-02T20:00:00.000Z',
      },
    };
    const ids = (iso: string) => listedShows([later, aired], at(iso)).map((s) => s.id);
    expect(ids('2026-05-01T16:00:00Z')).toEqual(['aired', 'later']);
    expect(ids('2026-05-02T11:00:00Z')).toEqual(['later', 'aired']);
    expect(ids('2026-05-03T22:00:00Z')).toEqual(['aired']);
    expect(ids('2026-05-03T23:00:00Z')).toEqual([]);
    expect(currentShow([later, aired], at('2026-05-02T09:30:00Z'))?.id).toBe('aired');
  });
});
