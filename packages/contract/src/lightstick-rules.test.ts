import { describe, expect, it } from 'vitest';
import {
  chromeMajor,
  isOldBrowserForBluetooth,
  LIGHTSTICK,
  LIGHTSTICK_SONGS,
  LIGHTSTICK_TRACK_DEFAULTS,
  songTrack,
} from './lightstick-rules.ts';

describe('light-stick rules', () => {
  it('the built-in list has 12 songs with title, version, bpm, start, duration, gradient (BT-07)', () => {
    expect(LIGHTSTICK_SONGS).toHaveLength(12);
    expect(new Set(LIGHTSTICK_SONGS.map((s) => s.title)).size).toBe(12);
    for (const song of LIGHTSTICK_SONGS) {
      expect(Object.keys(song).sort()).toEqual(['bpm', 'duration', 'gradient', 'start', 'title', 'version']);
      expect(song.bpm).toBeGreaterThan(0);
      expect(song.duration).toBeGreaterThan(0);
    }
  });

  it('a track has title, tempo 120, startDelay 0, duration 200 by default, a gradient flag and randomColor true (BT-06)', () => {
    expect(LIGHTSTICK_TRACK_DEFAULTS).toEqual({ tempo: 120, startDelay: 0, duration: 200 });
    const song = LIGHTSTICK_SONGS[1];
    if (!song) throw new Error('no song');
    expect(songTrack(song)).toEqual({
      title: song.title,
      tempo: song.bpm,
      startDelay: song.start,
      duration: song.duration,
      gradient: song.gradient,
      randomColor: true,
    });
  });

  it('Bluetooth needs Chrome 55 or later (BT-08); colour step 100 ms, stop repeat 3 s (BT-10, BT-04)', () => {
    expect(LIGHTSTICK).toEqual({ minChromeVersion: 55, colourStepMs: 100, stopRepeatMs: 3000 });
    const chrome = (v: number) =>
      `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/${v}.0.2883.87 Safari/537.36`;
    expect(chromeMajor(chrome(54))).toBe(54);
    expect(isOldBrowserForBluetooth(chrome(54))).toBe(true);
    expect(isOldBrowserForBluetooth(chrome(55))).toBe(false);
    expect(isOldBrowserForBluetooth(chrome(131))).toBe(false);
    // Not a Chrome: judged by whether the API is there, not by a version.
    expect(isOldBrowserForBluetooth('Mozilla/5.0 (Macintosh) Gecko/20100101 Firefox/128.0')).toBe(false);
  });
});
