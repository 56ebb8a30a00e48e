import { DRM_TOKEN_HEADER } from '@encore/contract';
import Hls from 'hls.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hlsConfig, type SessionOptions } from './hls-session.ts';
import { PLAYER } from './player-constants.ts';

const options = (auth: string | null, drm: string | null): SessionOptions => ({
  url: '/media/mix-stream1/index.m3u8',
  drmToken: () => drm,
  authToken: () => auth,
  moment: null,
  uhdMode: false,
  captionLanguage: 'none',
  preferredHeight: null,
});

/** The headers hls.js's xhrSetup puts on a request to `url`. */
function headersFor(opts: SessionOptions, url: string): Record<string, string> {
  const headers: Record<string, string> = {};
  const xhr = {
    readyState: 0,
    open: vi.fn(),
    setRequestHeader: (name: string, value: string) => {
      headers[name] = value;
    },
  };
  hlsConfig(opts).xhrSetup(xhr as unknown as XMLHttpRequest, url);
  expect(xhr.open).toHaveBeenCalledWith('GET', url, true);
  return headers;
}

describe('the hls.js settings', () => {
  beforeEach(() => {
    const location = { href: 'https://encore.example/event/encore-live', origin: 'https://encore.example' };
    vi.stubGlobal('window', { location });
    vi.stubGlobal('location', location);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('buffer 20 s ahead, stay 3 target durations (3 x 2 s on the demo) from the live end, and start in quality (PLY-05)', () => {
    const config = hlsConfig(options(null, null));
    expect(config.maxBufferLength).toBe(20);
    expect(config.maxMaxBufferLength).toBe(20);
    // hls.js's own distance: HOLD-BACK when the playlist has one, else 3 target durations (3 x 2 s here).
    expect('liveSyncDuration' in config || 'liveSyncDurationCount' in config).toBe(false);
    expect(Hls.DefaultConfig.liveSyncDurationCount * PLAYER.secondsFromBufferedEnd).toBe(6);
    // "Strategy quality": the first level is picked from a generous estimate, not a bandwidth probe.
    expect(config.abrEwmaDefaultEstimate).toBe(5_000_000);
    expect(config.testBandwidth).toBe(false);
    // Within that, Auto never goes above the picture's own size (a phone gets no 1080p).
    expect(config.capLevelToPlayerSize).toBe(true);
  });

  it('transmuxes in its worker, whose script the build ships beside the ES module build (issue 14)', () => {
    const config = hlsConfig(options(null, null));
    expect(config.enableWorker).toBe(true);
    // hls.mjs cannot start its worker from its own code: without workerPath, segments are decrypted
    // and remuxed on the page's main thread.
    expect(config.workerPath).toMatch(/hls\.worker[^/]*\.js$/);
  });

  it("puts Authorization 'Token {token}' on the origin's playlists only (PLY-29)", () => {
    const opts = options('auth-1', 'drm-1');
    for (const url of [
      'https://encore.example/media/mix-stream1/index.m3u8',
      'https://encore.example/media/mix-stream1/720p/live.m3u8',
      'https://encore.example/media/captions/ko/live.m3u8?token=x',
    ]) {
      expect(headersFor(opts, url)).toEqual({ Authorization: 'Token auth-1' });
    }
    // Segments, and another origin's playlists (a CDN), get no auth token.
    expect(headersFor(opts, 'https://encore.example/media/mix-stream1/720p/abcdef01-00001.ts')).toEqual({});
    expect(headersFor(opts, 'https://cdn.example/media/mix-stream1/index.m3u8')).toEqual({});
    expect(headersFor(options(null, 'drm-1'), 'https://encore.example/media/s/index.m3u8')).toEqual({});
  });

  it('puts the DRM token, not the auth token, on key requests', () => {
    const headers = headersFor(
      options('auth-1', 'drm-1'),
      'https://encore.example/media/keys/mix-stream1?kid=0a',
    );
    expect(headers).toEqual({ [DRM_TOKEN_HEADER]: 'drm-1' });
  });
});
