import { describe, expect, it } from 'vitest';
import { entryOpensAt, isEntryOpen, showCardTickMs } from './entry-time.ts';

const show = (enter: string | null) => ({
  event: {
    event_start_time: '2026-11-22T11:00:00Z',
    event_enter_time: enter,
    event_end_time: '2026-11-22T14:00:00Z',
  },
});

describe('entry time', () => {
  it('is the doors time shifted by the skew', () => {
    expect(entryOpensAt(show('2026-11-22T10:00:00Z'), 0)).toBe(Date.parse('2026-11-22T10:00:00Z'));
    expect(entryOpensAt(show('2026-11-22T10:00:00Z'), 37)).toBe(Date.parse('2026-11-22T10:00:37Z'));
  });

  it('falls back to 30 minutes before the start without an enter time', () => {
    expect(entryOpensAt(show(null), 60)).toBe(Date.parse('2026-11-22T10:31:00Z'));
  });

  it('is open from the shifted time until the end', () => {
    const s = show('2026-11-22T10:00:00Z');
    expect(isEntryOpen(s, 20, Date.parse('2026-11-22T10:00:19Z'))).toBe(false);
    expect(isEntryOpen(s, 20, Date.parse('2026-11-22T10:00:20Z'))).toBe(true);
    expect(isEntryOpen(s, 20, Date.parse('2026-11-22T13:59:59Z'))).toBe(true);
    expect(isEntryOpen(s, 20, Date.parse('2026-11-22T14:00:00Z'))).toBe(false);
  });
});

describe('entry in a re-airing (issue 11)', () => {
  const aired = {
    event: {
      event_start_time: '2026-11-22T11:00:00Z',
      event_enter_time: null,
      event_end_time: '2026-11-22T14:00:00Z',
      reairings: [{ event_start_time: '2026-11-23T11:00:00Z' }],
    },
  };
  it('unlocks at the re-airing doors plus the skew, until the re-airing ends', () => {
    const after = Date.parse('2026-11-22T15:00:00Z');
    expect(entryOpensAt(aired, 20, after)).toBe(Date.parse('2026-11-23T10:30:20Z'));
    expect(isEntryOpen(aired, 20, after)).toBe(false);
    expect(isEntryOpen(aired, 20, Date.parse('2026-11-23T10:30:20Z'))).toBe(true);
    expect(isEntryOpen(aired, 20, Date.parse('2026-11-23T14:00:00Z'))).toBe(false);
  });
});

describe('the show card tick (issue 14)', () => {
  const show = {
    event: {
      event_start_time: '2026-11-22T11:00:00Z',
      event_enter_time: null,
      event_end_time: '2026-11-22T14:00:00Z',
      reairings: [],
    },
  };
  const at = (iso: string) => Date.parse(iso);
  it('ticks every second while counting down or within a minute of a change, every 30 s otherwise', () => {
    expect(showCardTickMs(show, 20, at('2026-11-22T09:00:00Z'), true)).toBe(1000);
    expect(showCardTickMs(show, 20, at('2026-11-22T09:00:00Z'), false)).toBe(30_000);
    // Doors at 10:30, this fan's entry at 10:30:20, the start at 11:00, the end at 14:00.
    expect(showCardTickMs(show, 20, at('2026-11-22T10:29:30Z'), false)).toBe(1000);
    expect(showCardTickMs(show, 20, at('2026-11-22T10:30:10Z'), false)).toBe(1000);
    expect(showCardTickMs(show, 20, at('2026-11-22T10:31:30Z'), false)).toBe(30_000);
    expect(showCardTickMs(show, 20, at('2026-11-22T10:59:01Z'), false)).toBe(1000);
    expect(showCardTickMs(show, 20, at('2026-11-22T12:00:00Z'), false)).toBe(30_000);
    expect(showCardTickMs(show, 20, at('2026-11-22T13:59:30Z'), false)).toBe(1000);
    expect(showCardTickMs(show, 20, at('2026-11-22T14:00:00Z'), false)).toBe(30_000);
  });
});
