import type { AngleHealth } from '@encore/contract';
import { describe, expect, it } from 'vitest';
import { type AngleMemory, feedAlerts, feedIssues, problemCount } from './feed-alerts.ts';

const angle = (stream: string, over: Partial<AngleHealth> = {}): AngleHealth => ({
  stream,
  connected: true,
  healthy: true,
  problem: null,
  problem_at: null,
  bitrate_kbps: 800,
  frame_rate: 30,
  width: 426,
  height: 240,
  video_codec: 'h264',
  audio_codec: 'aac',
  keyframe_interval_s: 2,
  last_frame_age_ms: 500,
  dropped_frames: 0,
  connected_since: null,
  label: null,
  bitrate_history: [],
  received_fps: 30,
  encoder_speed: 1,
  behind_ms: 500,
  audio_present: true,
  audio_level_db: -20,
  thumbnail_url: null,
  thumbnail_at: null,
  issues: [],
  ...over,
});
const down = { connected: false, healthy: false };

/** Each reading twice, as the alerts want a state to hold before they tell it. */
function readTwice(memory: Map<string, AngleMemory>, angles: AngleHealth[]) {
  return [...feedAlerts(memory, angles), ...feedAlerts(memory, angles)];
}

describe('feed alerts', () => {
  it('says nothing of an encoder still starting, then alerts a drop at once and a return that holds', () => {
    const memory = new Map<string, AngleMemory>();
    expect(readTwice(memory, [angle('mix-stream1', { healthy: false })])).toEqual([]);
    expect(readTwice(memory, [angle('mix-stream1')])).toEqual([]);
    expect(feedAlerts(memory, [angle('mix-stream1', down)])).toEqual([
      { stream: 'mix-stream1', kind: 'down' },
    ]);
    expect(readTwice(memory, [angle('mix-stream1', down)])).toEqual([]);
    expect(feedAlerts(memory, [angle('mix-stream1')])).toEqual([]);
    expect(feedAlerts(memory, [angle('mix-stream1')])).toEqual([{ stream: 'mix-stream1', kind: 'back' }]);
  });

  it('never alerts an unused angle, nor a blip of one reading', () => {
    const memory = new Map<string, AngleMemory>();
    for (let i = 0; i < 3; i++) expect(feedAlerts(memory, [angle('mix-stream2', down)])).toEqual([]);
    const behind = angle('mix-stream3', { issues: [{ code: 'falling_behind', severity: 'critical' }] });
    expect(readTwice(memory, [angle('mix-stream3')])).toEqual([]);
    expect(feedAlerts(memory, [behind])).toEqual([]);
    expect(readTwice(memory, [angle('mix-stream3')])).toEqual([]);
  });

  it('alerts a slow or silent feed once it holds, when the server measures it', () => {
    const slow = angle('mix-stream1', {
      encoder_speed: 0.5,
      issues: [{ code: 'encoder_too_slow', severity: 'critical' }],
    });
    expect(feedIssues(slow)).toEqual(['slow']);
    expect(readTwice(new Map(), [slow])).toEqual([{ stream: 'mix-stream1', kind: 'slow' }]);
    expect(
      feedIssues(angle('mix-stream1', { issues: [{ code: 'silent_audio', severity: 'warning' }] })),
    ).toEqual(['silent']);
    // A warning alone alerts nobody but counts as a problem in the summary.
    const longGop = angle('mix-stream4', {
      issues: [{ code: 'long_keyframe_interval', severity: 'warning' }],
    });
    expect(feedIssues(longGop)).toEqual([]);
    expect(problemCount([slow, angle('mix-stream2'), angle('mix-stream3', down), longGop])).toBe(3);
  });
});
