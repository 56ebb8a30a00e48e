import { describe, expect, it } from 'vitest';
import {
  createHlsLatency,
  dateOfTime,
  holdBackOf,
  learntFor,
  type PlaylistTimes,
  showKeyOf,
} from './hls-latency.ts';

const T0 = 1_800_000_000_000;
/** A live playlist of 2 s segments from media time 10, program dates from T0. */
const playlist = (segments: number, extra: Partial<PlaylistTimes> = {}): PlaylistTimes => ({
  live: true,
  edge: 10 + segments * 2,
  holdBack: 6,
  partHoldBack: 0,
  targetduration: 2,
  fragments: Array.from({ length: segments }, (_, i) => ({
    start: 10 + i * 2,
    duration: 2,
    programDateTime: T0 + i * 2000,
  })),
  ...extra,
});

describe('the HLS latency reading', () => {
  it('dates any media time of the playlist, the part-built segment at the edge included', () => {
    const p = playlist(5);
    expect(dateOfTime(p.fragments, 10)).toBe(T0);
    expect(dateOfTime(p.fragments, 13.5)).toBe(T0 + 3500);
    expect(dateOfTime(p.fragments, 20.7)).toBe(T0 + 10_700);
    expect(dateOfTime(p.fragments, 9)).toBeNull();
    expect(dateOfTime(p.fragments, 60)).toBeNull();
  });

  it('holds PART-HOLD-BACK in low-latency mode, else HOLD-BACK, else three targets', () => {
    expect(holdBackOf(playlist(3, { partHoldBack: 1.5 }), true)).toBe(1.5);
    expect(holdBackOf(playlist(3, { partHoldBack: 1.5 }), false)).toBe(6);
    expect(holdBackOf(playlist(3, { holdBack: 0 }), true)).toBe(6);
  });

  it('targets the hold-back behind the edge as published: the smallest lag of the edge seen', () => {
    let device = 0;
    // The device clock runs 30 s slow; the origin's Date headers say so.
    const l = createHlsLatency(() => device);
    const serverAt = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toUTCString();
    const xhr = (server: number) =>
      ({ getResponseHeader: () => serverAt(server) }) as unknown as XMLHttpRequest;
    for (let i = 0; i < 40; i++) {
      // Playlists loaded at every phase of a segment's life; each is published 0.4 s after its end.
      const server = T0 + 10_400 + i * 730;
      device = server - 30_000;
      l.onResponse(xhr(server), device - 5);
      const whole = Math.floor((server - 400 - T0) / 2000);
      l.playlist(playlist(whole), false);
    }
    // 30 s slow device: its own clock would put the fan 30 s further behind than it is.
    const shown = 10 + (device + 30_000 - T0) / 1000 - 8;
    const reading = l.reading(shown);
    expect(reading).not.toBeNull();
    expect(reading?.behindS).toBeCloseTo(8, 0);
    // 0.4 s publishing delay + 6 s HOLD-BACK.
    expect(reading?.targetS).toBeGreaterThan(6.3);
    expect(reading?.targetS).toBeLessThan(6.6);
  });

  it('reads nothing before three playlists, and an angle switch keeps what the show taught', () => {
    const l = createHlsLatency(() => T0 + 20_000);
    l.playlist(playlist(5), false);
    l.playlist(playlist(5), false);
    expect(l.reading(14)).toBeNull();
    l.playlist(playlist(5), false);
    expect(l.reading(14)).not.toBeNull();
    expect(showKeyOf('/media/live/show-a/mix-stream1/index.m3u8')).toBe(
      showKeyOf('/media/live/show-a/mix-stream2/ll.m3u8'),
    );
    expect(showKeyOf('/media/live/show-a/mix-stream1/index.m3u8')).not.toBe(
      showKeyOf('/media/live/show-b/mix-stream1/index.m3u8'),
    );
    expect(learntFor('/media/live/show-a/mix-stream1/index.m3u8')).toBe(
      learntFor('/media/live/show-a/mix-stream2/index.m3u8'),
    );
  });

  it('has no reading on demand', () => {
    const l = createHlsLatency(() => T0);
    l.playlist(playlist(5, { live: false }), false);
    expect(l.reading(12)).toBeNull();
  });
});
