import { describe, expect, it } from 'vitest';
import { hostChannel, showStreamProblems, showTimeProblems } from './control-room-rules.ts';
import { isStaffRole } from './staff-role.ts';

describe('control-room rules (both ends)', () => {
  const times = (start: string, end: string, enter: string | null = null) => ({
    event_start_time: start,
    event_end_time: end,
    event_enter_time: enter,
  });

  it('a show ends after it starts, and its doors open at or before the start', () => {
    expect(showTimeProblems(times('2026-01-01T20:00:00Z', '2026-01-01T22:00:00Z'))).toEqual([]);
    expect(
      showTimeProblems(times('2026-01-01T20:00:00Z', '2026-01-01T22:00:00Z', '2026-01-01T20:00:00Z')),
    ).toEqual([]);
    expect(
      showTimeProblems(times('2026-01-01T20:00:00Z', '2026-01-01T20:00:00Z')).map((p) => p.field),
    ).toEqual(['event.event_end_time']);
    const late = showTimeProblems(
      times('2026-01-01T20:00:00Z', '2026-01-01T22:00:00Z', '2026-01-01T20:01:00Z'),
    );
    expect(late).toEqual([
      expect.objectContaining({ field: 'event.event_enter_time', key: 'host-error-doors' }),
    ]);
  });

  it('the start view and every angle need a stream; angle numbers are unique', () => {
    const streams = { 'mix-stream1': {}, 'mix-stream2': {}, streampips4: {} };
    const ok = { base_video: 'streampips4', streams, pips: { sinks: [{ id: 1 }, { id: 2 }] } };
    expect(showStreamProblems(ok)).toEqual([]);
    expect(showStreamProblems({ ...ok, base_video: 'stream4k' }).map((p) => p.field)).toEqual(['base_video']);
    expect(
      showStreamProblems({ ...ok, pips: { sinks: [{ id: 1 }, { id: 3 }, { id: 1 }] } }).map((p) => p.field),
    ).toEqual(['pips.sinks.1.id', 'pips.sinks.2.id']);
  });

  it('names the host channel and the roles that see the host area', () => {
    expect(hostChannel('encore-live')).toBe('host-encore-live');
    expect(['host', 'moderator', 'fan', null].map(isStaffRole)).toEqual([true, true, false, false]);
  });
});
