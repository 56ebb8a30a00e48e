import { describe, expect, it } from 'vitest';
import { ANALYTICS_PIP_IDS, makeVisitorId, VISITOR_ID_RE } from './analytics-rules.ts';
import { isKeyUrl, streamCovered } from './video-rules.ts';

describe('isKeyUrl', () => {
  const page = 'https://encore.example/event/encore-live';
  it('is true for the origin’s key URLs only, so the DRM token goes nowhere else', () => {
    expect(isKeyUrl('/media/keys/mix-stream1?kid=e580cd9fe04d12a7', page)).toBe(true);
    expect(isKeyUrl('https://encore.example/media/keys/stream4k', page)).toBe(true);
    expect(isKeyUrl('https://cdn.example/media/keys/stream4k', page)).toBe(false);
    expect(isKeyUrl('/media/mix-stream1/720p/live.m3u8', page)).toBe(false);
    expect(isKeyUrl('/media/keys/', page)).toBe(false);
    expect(isKeyUrl('/media/keys/a/b', page)).toBe(false);
    // Keys served from the origin's own host while a CDN serves the rest (KEY_URI_BASE).
    expect(isKeyUrl('https://origin.encore.example/media/keys/x', 'https://origin.encore.example')).toBe(
      true,
    );
  });

  it('without a page or base only a relative URL can be ours', () => {
    expect(isKeyUrl('/media/keys/mix-stream1')).toBe(true);
    expect(isKeyUrl('https://elsewhere.example/media/keys/mix-stream1')).toBe(false);
    expect(isKeyUrl('http://[bad')).toBe(false);
  });
});

describe('streamCovered', () => {
  const ga = { multiview: 1, uhd: false } as const;
  const four = { multiview: 4, uhd: false } as const;
  const six4k = { multiview: 6, uhd: true } as const;
  it('a 1-view ticket has the base video and the fan wall only', () => {
    expect(streamCovered('mix-stream1', ga, 'mix-stream1')).toBe(true);
    expect(streamCovered('fanwall-stream', ga, 'mix-stream1')).toBe(true);
    for (const s of ['mix-stream2', 'streampips4', 'stream4k'])
      expect(streamCovered(s, ga, 'mix-stream1')).toBe(false);
  });
  it('multiview n covers angles 1..n and mosaics up to n; 4K needs the 4K view', () => {
    expect(streamCovered('mix-stream4', four, 'mix-stream1')).toBe(true);
    expect(streamCovered('mix-stream5', four, 'mix-stream1')).toBe(false);
    expect(streamCovered('streampips4', four, 'mix-stream1')).toBe(true);
    expect(streamCovered('streampips6', four, 'mix-stream1')).toBe(false);
    expect(streamCovered('stream4k', four, 'mix-stream1')).toBe(false);
    expect(streamCovered('streampips6', six4k, 'mix-stream1')).toBe(true);
    expect(streamCovered('stream4k', six4k, 'mix-stream1')).toBe(true);
    expect(streamCovered('something', six4k, 'mix-stream1')).toBe(false);
  });
});

describe('makeVisitorId (ANL-04)', () => {
  it('is the timestamp followed by a random number from 1000 to 10000', () => {
    expect(makeVisitorId(1_700_000_000_000, () => 0)).toBe('17000000000001000');
    expect(makeVisitorId(1_700_000_000_000, () => 0.999999)).toBe('170000000000010000');
    const id = makeVisitorId();
    expect(id).toMatch(VISITOR_ID_RE);
    const n = Number(id.slice(13));
    expect(n).toBeGreaterThanOrEqual(1000);
    expect(n).toBeLessThanOrEqual(10000);
  });
  it('pip ids of the modes: 4K 2160, fan wall -2, overview 0 (ANL-07)', () => {
    expect(ANALYTICS_PIP_IDS).toEqual({ uhd: 2160, fanwall: -2, overview: 0 });
  });
});
