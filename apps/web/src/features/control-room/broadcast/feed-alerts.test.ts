import type { AngleHealth } from '@encore/contract';
import { describe, expect, it } from 'vitest';
import { type FeedIssue, feedAlerts, feedIssues, problemCount } from './feed-alerts.ts';

const angle = (stream: string, over: Partial<AngleHealth> & Record<string, unknown> = {}): AngleHealth => ({
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
  ...over,
});
const down = { connected: false, healthy: false };

describe('feed alerts', () => {
  it('says nothing of an encoder still starting, then alerts a drop and a return', () => {
    const seen = new Set<string>();
    const before = new Map<string, FeedIssue[]>();
    expect(feedAlerts(seen, before, [angle('mix-stream1', { healthy: false })])).toEqual([]);
    expect(feedAlerts(seen, before, [angle('mix-stream1')])).toEqual([]);
    expect(feedAlerts(seen, before, [angle('mix-stream1', down)])).toEqual([
      { stream: 'mix-stream1', kind: 'down' },
    ]);
    expect(feedAlerts(seen, before, [angle('mix-stream1', down)])).toEqual([]);
    expect(feedAlerts(seen, before, [angle('mix-stream1')])).toEqual([
      { stream: 'mix-stream1', kind: 'back' },
    ]);
  });

  it('never alerts an unused angle', () => {
    const seen = new Set<string>();
    const before = new Map<string, FeedIssue[]>();
    for (let i = 0; i < 3; i++) expect(feedAlerts(seen, before, [angle('mix-stream2', down)])).toEqual([]);
  });

  it('alerts a slow or silent feed at once, when the server measures it', () => {
    const slow = angle('mix-stream1', { speed: 0.5 });
    expect(feedIssues(slow)).toEqual(['slow']);
    expect(feedAlerts(new Set(), new Map(), [slow])).toEqual([{ stream: 'mix-stream1', kind: 'slow' }]);
    expect(feedIssues(angle('mix-stream1', { audio_present: false }))).toEqual(['silent']);
    expect(problemCount([slow, angle('mix-stream2'), angle('mix-stream3', down)])).toBe(2);
  });
});
