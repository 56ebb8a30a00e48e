import { describe, expect, it } from 'vitest';
import { applyLift, type CueLine, createCaptionLift, liftedLine, sitsAtBottom } from './caption-lift.ts';

const cue = (line: CueLine['line'] = 'auto', snapToLines = true): CueLine => ({
  line,
  snapToLines,
  lineAlign: 'start',
});

// A <video>'s text tracks as the lift sees them: a list with its events, cues added as hls.js does.
function fakeVideo(height: number) {
  const listeners = new Map<string, Set<() => void>>();
  const on = (type: string, l: () => void) => {
    const set = listeners.get(type) ?? new Set();
    set.add(l);
    listeners.set(type, set);
  };
  const off = (type: string, l: () => void) => listeners.get(type)?.delete(l);
  const track = { mode: 'showing', cues: [] as CueLine[] };
  const tracks = Object.assign([track], { addEventListener: on, removeEventListener: off });
  const video = { clientHeight: height, textTracks: tracks, addEventListener: on, removeEventListener: off };
  const fire = (type: string) => {
    for (const l of listeners.get(type) ?? []) l();
  };
  return { video, track, fire, listeners };
}

describe('caption lift (issue 26: captions above the bar in Firefox)', () => {
  it('puts the cue bottom the bar height above the video bottom, in percent', () => {
    expect(liftedLine(560, 56)).toBe(90);
    expect(liftedLine(800, 80)).toBe(90);
    expect(liftedLine(219, 56)).toBe(74.4);
    // Nothing to lift into: the bar hidden, or a video so short the cue would leave the picture.
    expect(liftedLine(560, 0)).toBeNull();
    expect(liftedLine(100, 56)).toBeNull();
  });

  it('lifts only cues at the bottom, never one its author placed at the top', () => {
    expect(sitsAtBottom(cue(), 90)).toBe(true);
    expect(sitsAtBottom(cue(-1), 90)).toBe(true);
    expect(sitsAtBottom(cue(0), 90)).toBe(false);
    expect(sitsAtBottom(cue(2), 90)).toBe(false);
    expect(sitsAtBottom(cue(95, false), 90)).toBe(true);
    expect(sitsAtBottom(cue(10, false), 90)).toBe(false);
  });

  it('gives each lifted cue its own line back when the bar hides', () => {
    const saved = new WeakMap<object, CueLine>();
    const bottom = cue();
    const top = cue(0);
    applyLift([bottom, top], 90, saved);
    expect(bottom).toEqual({ line: 90, snapToLines: false, lineAlign: 'end' });
    expect(top).toEqual(cue(0));
    // A taller bar (the replay's scrubber) moves the same cue again, and back is still its own line.
    applyLift([bottom, top], 85, saved);
    expect(bottom.line).toBe(85);
    applyLift([bottom, top], null, saved);
    expect(bottom).toEqual(cue());
    expect(top).toEqual(cue(0));
  });

  it('follows the bar, catches cues that arrive later, and leaves hidden tracks alone', () => {
    const { video, track, fire, listeners } = fakeVideo(560);
    const first = cue();
    track.cues.push(first);
    const lift = createCaptionLift(video);
    expect(first.line).toBe('auto');
    lift.set(56);
    expect(first).toEqual({ line: 90, snapToLines: false, lineAlign: 'end' });
    // hls.js adds the next fragment's cues while the bar shows: the next time update lifts them.
    const later = cue();
    track.cues.push(later);
    fire('timeupdate');
    expect(later.line).toBe(90);
    // A fullscreen video is taller: the same bar is a smaller share of it.
    video.clientHeight = 1120;
    lift.refresh();
    expect(first.line).toBe(95);
    lift.set(0);
    expect([first, later]).toEqual([cue(), cue()]);
    // Captions turned off: a hidden track's cues are not moved.
    track.mode = 'disabled';
    lift.set(56);
    expect(first.line).toBe('auto');
    track.mode = 'showing';
    fire('change');
    expect(first.line).toBe(95);
    lift.stop();
    expect(first).toEqual(cue());
    expect([...listeners.values()].every((s) => s.size === 0)).toBe(true);
  });
});
