import { encodeCuePayload } from '@encore/contract';
import { describe, expect, it } from 'vitest';
import { replayMarkers, songAt } from './replay-markers.ts';

const T0 = Date.parse('2026-11-28T03:28:00Z');
const cue = (id: string, atS: number, alert: Record<string, unknown>) =>
  encodeCuePayload({ id, at: new Date(T0 + atS * 1000).toISOString(), alert });

describe('the replay scrubber marks (issue 27)', () => {
  const payloads = [
    cue('1', -30, { type: 'lightstick', action: 'start', song_title: 'Before the replay' }),
    cue('2', 12.5, { type: 'lightstick', action: 'start', song_title: 'Encore Anthem' }),
    cue('3', 40, { type: 'slate', display_code: 1 }),
    cue('4', 95, { type: 'lightstick', action: 'start', song_title: 'Neon Hearts' }),
    cue('5', 130, { type: 'lightstick', action: 'stop' }),
    'not a payload',
  ];

  it('places cues and songs at their show-clock moments, leaving out what lies outside the replay', () => {
    const marks = replayMarkers(payloads, T0, 120);
    expect(marks.map((m) => [m.time, m.kind, m.label])).toEqual([
      [12.5, 'song', 'Encore Anthem'],
      [40, 'cue', 'slate'],
      [95, 'song', 'Neon Hearts'],
    ]);
  });

  it('a trimmed replay (its media time 0 later on the show clock) moves every mark by the trim', () => {
    expect(replayMarkers(payloads, T0 + 10_000, 120).map((m) => m.time)).toEqual([2.5, 30, 85, 120]);
  });

  it('names the song playing at a moment', () => {
    const marks = replayMarkers(payloads, T0, 120);
    expect(songAt(marks, 5)).toBeNull();
    expect(songAt(marks, 50)?.label).toBe('Encore Anthem');
    expect(songAt(marks, 100)?.label).toBe('Neon Hearts');
  });
});
