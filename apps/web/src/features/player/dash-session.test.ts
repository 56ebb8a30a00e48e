import { DRM_TOKEN_HEADER } from '@encore/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { levelsOf, requestHeaders, shakaConfig } from './dash-session.ts';
import type { SessionOptions } from './player-session.ts';

const tokens = (auth: string | null, drm: string | null) => ({ authToken: () => auth, drmToken: () => drm });

describe('the DASH session (Shaka Player)', () => {
  beforeEach(() => {
    vi.stubGlobal('window', {
      location: { href: 'https://encore.test/event/x', origin: 'https://encore.test' },
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('licence requests to Encore carry Authorization Token and the DRM token, the MPD the auth token, nothing else any', () => {
    const licence = 'https://encore.test/thor/video/licence/clearkey/';
    expect(requestHeaders('licence', licence, tokens('auth-1', 'drm-1'))).toEqual({
      Authorization: 'Token auth-1',
      [DRM_TOKEN_HEADER]: 'drm-1',
      'Content-Type': 'application/json',
    });
    expect(requestHeaders('manifest', '/media/mix-stream1/dash/live.mpd', tokens('auth-1', 'drm-1'))).toEqual(
      {
        Authorization: 'Token auth-1',
      },
    );
    // Segments, and any request to another host (a CDN, a provider's own licence server), get none.
    expect(requestHeaders('other', '/media/mix-stream1/dash/360p/a-1.m4s', tokens('a', 'd'))).toEqual({});
    expect(requestHeaders('licence', 'https://lic.example.com/wv', tokens('a', 'd'))).toEqual({});
    expect(requestHeaders('manifest', 'https://cdn.example.com/live.mpd', tokens('a', 'd'))).toEqual({});
  });

  it('one level per height, highest first; the key systems of the show in the DRM settings', () => {
    expect(
      levelsOf([
        { height: 360, bandwidth: 800_000 },
        { height: 720, bandwidth: 2_700_000 },
        { height: 480, bandwidth: 1_300_000 },
        { height: 720, bandwidth: 2_600_000 },
      ]),
    ).toEqual([
      { height: 720, bitrate: 2_700_000 },
      { height: 480, bitrate: 1_300_000 },
      { height: 360, bitrate: 800_000 },
    ]);
    const opts = {
      keySystems: {
        servers: { 'org.w3.clearkey': '/c/' },
        preferred: ['com.widevine.alpha', 'org.w3.clearkey'],
      },
    } as unknown as SessionOptions;
    expect(shakaConfig(opts).drm).toEqual({
      servers: { 'org.w3.clearkey': '/c/' },
      preferredKeySystems: ['com.widevine.alpha', 'org.w3.clearkey'],
    });
    expect(shakaConfig(opts).streaming).toEqual({ bufferingGoal: 20, rebufferingGoal: 2 });
  });
});
