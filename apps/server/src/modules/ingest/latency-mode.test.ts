import { describe, expect, it } from 'vitest';
import { showEntity } from '../../../test/factories.ts';
import { asIngestShow } from './broadcast.service.ts';
import { streamsForLatencyMode } from './latency-mode.ts';

// The playlist a fan's player is given by the show's latency mode (issue 24, docs/media.md 9.4).
describe('streamsForLatencyMode', () => {
  const ingest = asIngestShow({ ...showEntity({ startIn: 10 }), slug: 'gig' });
  const url = (mode?: 'low' | 'standard' | 'reduced_bandwidth') =>
    streamsForLatencyMode({ ...ingest, latency_mode: mode })['mix-stream1']?.hls;

  it('low: the LL-HLS multivariant, marked for lowLatencyMode; standard (and unset): as stored; reduced: lite', () => {
    expect(url('low')).toEqual({ url: '/media/live/gig/mix-stream1/ll.m3u8', low_latency: true });
    expect(url('standard')).toEqual({ url: '/media/live/gig/mix-stream1/index.m3u8' });
    expect(url(undefined)).toEqual({ url: '/media/live/gig/mix-stream1/index.m3u8' });
    expect(url('reduced_bandwidth')).toEqual({ url: '/media/live/gig/mix-stream1/lite.m3u8' });
  });

  it('leaves the demo loop and external URLs as they are', () => {
    const demo = { ...showEntity({ startIn: 10 }), slug: 'gig', latency_mode: 'low' as const };
    expect(streamsForLatencyMode(demo)).toEqual(demo.streams);
  });
});
