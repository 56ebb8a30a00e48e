import type { AngleHealth } from '@encore/contract';
import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { registerIngestMetrics } from './ingest-metrics.ts';

const angle = (over: Partial<AngleHealth>): AngleHealth & { slug: string } => ({
  slug: 'night-one',
  stream: 'mix-stream1',
  connected: true,
  healthy: true,
  problem: null,
  problem_at: null,
  bitrate_kbps: 2500,
  frame_rate: 30,
  width: 1280,
  height: 720,
  video_codec: 'h264',
  audio_codec: 'aac',
  keyframe_interval_s: 2,
  last_frame_age_ms: 120,
  dropped_frames: 3,
  connected_since: null,
  label: null,
  bitrate_history: [],
  received_fps: 29.8,
  encoder_speed: 1,
  behind_ms: 400,
  audio_present: true,
  audio_level_db: -20,
  thumbnail_url: null,
  thumbnail_at: null,
  issues: [],
  ...over,
});

describe('ingest health in /metrics', () => {
  it('labels each figure by show and stream, reports a dropped angle as 0, and forgets ended ones', async () => {
    let rows = [
      angle({}),
      angle({ stream: 'mix-stream2', connected: false, healthy: false, bitrate_kbps: null }),
    ];
    const registry = new Registry();
    registerIngestMetrics(registry, () => rows);
    const text = await registry.metrics();
    expect(text).toContain('encore_ingest_connected{show="night-one",stream="mix-stream1"} 1');
    expect(text).toContain('encore_ingest_connected{show="night-one",stream="mix-stream2"} 0');
    expect(text).toContain('encore_ingest_healthy{show="night-one",stream="mix-stream2"} 0');
    expect(text).toContain('encore_ingest_bitrate_kbps{show="night-one",stream="mix-stream1"} 2500');
    // Measured beside nominal (issue 25): what arrives, not what the encoder declares.
    expect(text).toContain('encore_ingest_received_fps{show="night-one",stream="mix-stream1"} 29.8');
    expect(text).toContain('encore_ingest_encoder_speed{show="night-one",stream="mix-stream1"} 1');
    expect(text).toContain('encore_ingest_behind_seconds{show="night-one",stream="mix-stream1"} 0.4');
    // No figure is not a zero: a stream without a measured bitrate has no series for it.
    expect(text).not.toContain('encore_ingest_bitrate_kbps{show="night-one",stream="mix-stream2"}');
    expect(text).toContain(
      'encore_ingest_last_frame_age_seconds{show="night-one",stream="mix-stream1"} 0.12',
    );
    expect(text).toContain(
      'encore_ingest_keyframe_interval_seconds{show="night-one",stream="mix-stream1"} 2',
    );
    expect(text).toContain('encore_ingest_dropped_frames{show="night-one",stream="mix-stream1"} 3');
    expect(text).toContain('encore_ingest_frame_rate{show="night-one",stream="mix-stream1"} 30');

    rows = [];
    expect(await registry.metrics()).not.toContain('stream="mix-stream1"');
  });
});
