import * as hlsParser from 'hls-parser';
import { describe, expect, it } from 'vitest';
import { renderLiveMpd } from './live-dash-manifest.ts';
import type { LiveRung, LiveSegment } from './live-index.ts';
import { renderLivePlaylist } from './live-ll.ts';
import { replayEntries, replayLength } from './replay-window.ts';

// The replay on the show clock (issue 27): the window's segments, gaps where a stream has none, and
// the same length for every stream of the show.
const T0 = Date.parse('2026-11-28T03:26:00Z');
/** A run of 1 s segments from `from` (s after T0) for `count` seconds, numbered from `sn`. */
const run = (sn: number, from: number, count: number): LiveSegment[] =>
  Array.from({ length: count }, (_, i) => ({
    sn: sn + i,
    dur: 1,
    pdt: T0 + (from + i) * 1000,
    disc: i === 0 && sn > 0,
    bytes: 1000,
  }));
const rung = (segments: LiveSegment[]): LiveRung => ({
  name: 'source',
  width: 426,
  height: 240,
  codecs: 'avc1.42c01e,mp4a.40.2',
  frameRate: 30,
  bandwidth: 500_000,
  segments,
});
const key = { uri: '/media/live/s/keys/mix-stream1?kid=ab', iv: '0x00000000000000000000000000000001' };

describe('replay window', () => {
  // Angle 1: a pre-show test (0-10 s), then the show (120-240 s). Angle 2: the show with a 10 s drop.
  const a1 = [...run(0, 0, 10), ...run(10, 120, 120)];
  const a2 = [...run(0, 120, 50), ...run(50, 180, 60)];
  const window = { start: T0 + 120_000, end: T0 + 240_000 };

  it('starts at Go live and ends at End show: the pre-show test is left out', () => {
    const entries = replayEntries(a1, window);
    expect(entries[0]?.pdt).toBe(window.start);
    expect(entries.some((e) => e.pdt < window.start)).toBe(false);
    expect(replayLength(entries)).toBeCloseTo(120, 3);
  });

  it('keeps a drop as a gap, so both angles span the same time and 60 s is one moment on both', () => {
    const e1 = replayEntries(a1, window);
    const e2 = replayEntries(a2, window);
    expect(replayLength(e2)).toBeCloseTo(replayLength(e1), 3);
    const gaps = e2.filter((e) => 'gap' in e);
    expect(gaps.reduce((s, g) => s + g.dur, 0)).toBeCloseTo(10, 3);
    // The segment after the gap starts a discontinuity (a new encoder run).
    const after = e2[e2.indexOf(gaps.at(-1) as (typeof e2)[number]) + 1];
    expect(after?.disc).toBe(true);
    const dateAt = (entries: typeof e1, t: number) => {
      let at = 0;
      for (const e of entries) {
        if (t < at + e.dur) return e.pdt + (t - at) * 1000;
        at += e.dur;
      }
      return null;
    };
    expect(dateAt(e2, 60)).toBe(dateAt(e1, 60));
    expect(dateAt(e2, 60)).toBe(T0 + 180_000);
  });

  it('a trimmed window starts and ends inside the recording; an angle that joined late starts with a gap', () => {
    const trimmed = { start: T0 + 130_000, end: T0 + 200_000 };
    const e1 = replayEntries(a1, trimmed);
    expect(e1[0]?.pdt).toBe(trimmed.start);
    const last = e1.at(-1);
    expect((last?.pdt ?? 0) + (last?.dur ?? 0) * 1000).toBe(trimmed.end);
    const late = replayEntries(run(0, 125, 100), window);
    expect('gap' in (late[0] ?? {})).toBe(true);
    expect(replayLength(late)).toBeCloseTo(120, 3);
  });

  it('renders EXT-X-GAP that a strict parser accepts, with a program date on every entry', () => {
    hlsParser.setOptions({ strictMode: true });
    const entries = replayEntries(a2, window);
    const body = renderLivePlaylist({
      rung: rung(a2),
      listed: entries,
      discontinuitySequence: 0,
      ended: true,
      vod: false,
      key,
    });
    const parsed = hlsParser.parse(body) as hlsParser.types.MediaPlaylist;
    expect(parsed.version).toBe(8);
    expect(parsed.endlist).toBe(true);
    expect(parsed.segments.filter((s) => s.gap)).toHaveLength(10);
    expect(parsed.segments.every((s) => s.programDateTime instanceof Date)).toBe(true);
    const total = parsed.segments.reduce((s, x) => s + x.duration, 0);
    expect(total).toBeCloseTo(120, 3);
    // It opens with its picture: no EXT-X-START.
    expect(body).not.toContain('#EXT-X-START');
  });

  it('a replay that opens with a gap says where its picture starts (EXT-X-START), as hls.js cannot start on a gap', () => {
    hlsParser.setOptions({ strictMode: true });
    const late = run(0, 125, 100);
    const entries = replayEntries(late, window);
    const body = renderLivePlaylist({
      rung: rung(late),
      listed: entries,
      discontinuitySequence: 0,
      ended: true,
      vod: false,
      key,
    });
    expect(body).toContain('#EXT-X-START:TIME-OFFSET=5.000,PRECISE=YES');
    const parsed = hlsParser.parse(body) as hlsParser.types.MediaPlaylist;
    expect(parsed.start?.offset).toBe(5);
    expect(parsed.segments.slice(0, 5).every((s) => s.gap)).toBe(true);
    expect(parsed.segments[5]?.gap).toBeFalsy();
  });

  it('the DASH replay spans the window from its start, the drop a gap between Periods', () => {
    const epoch = T0 - 86_400_000;
    const ticks = (ms: number) => ((ms - epoch) * 90_000) / 1000;
    const rep = (from: number, count: number) => ({
      name: 'source',
      kind: 'video' as const,
      timescale: 90_000,
      codecs: 'avc1.42c01e',
      width: 426,
      height: 240,
      bandwidth: 500_000,
      segments: Array.from({ length: count }, (_, i) => ({
        n: i,
        t: ticks(T0 + (from + i) * 1000),
        d: 90_000,
      })),
    });
    const mpd = renderLiveMpd({
      index: {
        version: 1,
        epoch,
        runs: [
          { id: 0, start: T0, reps: [rep(0, 10)] },
          { id: 1, start: T0 + 120_000, reps: [rep(120, 50)] },
          { id: 2, start: T0 + 180_000, reps: [rep(180, 60)] },
        ],
      },
      kid: '00112233445566778899aabbccddeeff',
      drmSystems: [],
      ended: true,
      nowMs: T0 + 300_000,
      windowSeconds: 120,
      replay: window,
    });
    expect(mpd).toContain('mediaPresentationDuration="PT120S"');
    expect(mpd).not.toContain('<Period id="0"');
    expect(mpd).toContain('<Period id="1" start="PT0S">');
    expect(mpd).toContain('<Period id="2" start="PT60S">');
    // Media time 0 is the window's start on the show clock: the player dates the picture by it.
    expect(mpd).toContain(`availabilityStartTime="${new Date(window.start).toISOString()}"`);
  });
});
