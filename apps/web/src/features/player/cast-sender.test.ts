import { afterEach, describe, expect, it } from 'vitest';
import {
  CAST_SDK_URL,
  type CastSdk,
  castLoadRequest,
  isCastBrowser,
  loadCastSdk,
  resetCastSdk,
  toSdkLoadRequest,
} from './cast-sender.ts';

const PAGE = 'https://encore.example/event/encore-live';

describe('the Chromecast load request', () => {
  it("carries Authorization 'Token {token}' for the receiver, and the DRM token for its key requests", () => {
    const req = castLoadRequest(
      {
        url: '/media/mix-stream1/index.m3u8',
        authToken: 'abc123',
        drmToken: 'drm.t-1',
        live: true,
        title: 'CAM 1',
      },
      PAGE,
    );
    expect(req.media.contentId).toBe('https://encore.example/media/mix-stream1/index.m3u8?token=drm.t-1');
    expect(req.media.contentUrl).toBe(req.media.contentId);
    expect(req.media.contentType).toBe('application/x-mpegurl');
    expect(req.media.streamType).toBe('LIVE');
    expect(req.media.hlsSegmentFormat).toBe('ts');
    expect(req.media.customData.headers).toEqual({ Authorization: 'Token abc123' });
    expect(req.customData.headers).toEqual({ Authorization: 'Token abc123' });
    expect(req.autoplay).toBe(true);
  });

  it('is BUFFERED on demand and has no header without a login', () => {
    const req = castLoadRequest(
      { url: 'https://cdn.example/a/vod.m3u8', authToken: null, drmToken: null, live: false, title: 'x' },
      PAGE,
    );
    expect(req.media.streamType).toBe('BUFFERED');
    expect(req.media.contentId).toBe('https://cdn.example/a/vod.m3u8');
    expect(req.media.customData.headers).toEqual({});
  });

  it("becomes the SDK's MediaInfo and LoadRequest with the same fields", () => {
    class MediaInfo {
      contentId: string;
      contentType: string;
      constructor(contentId: string, contentType: string) {
        this.contentId = contentId;
        this.contentType = contentType;
      }
    }
    class LoadRequest {
      media: unknown;
      constructor(media: unknown) {
        this.media = media;
      }
    }
    const sdk = {
      chromeCast: { media: { MediaInfo, LoadRequest }, AutoJoinPolicy: { ORIGIN_SCOPED: 'origin_scoped' } },
    } as unknown as CastSdk;
    const plain = castLoadRequest(
      { url: '/media/s/index.m3u8', authToken: 'tok', drmToken: null, live: true, title: 'T' },
      PAGE,
    );
    const request = toSdkLoadRequest(sdk, plain) as unknown as LoadRequest & {
      customData: unknown;
      autoplay: boolean;
    };
    expect(request).toBeInstanceOf(LoadRequest);
    expect(request.media).toBeInstanceOf(MediaInfo);
    expect(request.media).toMatchObject({
      contentId: 'https://encore.example/media/s/index.m3u8',
      contentType: 'application/x-mpegurl',
      streamType: 'LIVE',
      customData: { headers: { Authorization: 'Token tok' } },
    });
    expect(request.customData).toEqual({ headers: { Authorization: 'Token tok' } });
    expect(request.autoplay).toBe(true);
  });

  it('is offered in desktop Chrome only', () => {
    expect(
      isCastBrowser('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36'),
    ).toBe(true);
    expect(isCastBrowser('Mozilla/5.0 (Macintosh) AppleWebKit/605.1.15 Version/17.4 Safari/605.1.15')).toBe(
      false,
    );
    expect(isCastBrowser('Mozilla/5.0 (Windows NT 10.0) Chrome/131.0 Safari/537.36 Edg/131.0')).toBe(false);
  });
});

describe('loading the sender SDK', () => {
  afterEach(() => resetCastSdk());

  const fakeDoc = () => {
    const scripts: { src: string; async: boolean; onerror: (() => void) | null }[] = [];
    return {
      scripts,
      doc: {
        createElement: () => ({ src: '', async: false, onerror: null }),
        head: { append: (el: (typeof scripts)[number]) => scripts.push(el) },
      },
    };
  };

  it('loads the script from its usual URL once, and resolves null when it fails (the fallback)', async () => {
    const { scripts, doc } = fakeDoc();
    const win = {};
    const loading = loadCastSdk(win, doc, 60_000);
    expect(loadCastSdk(win, doc, 60_000)).toBe(loading);
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.src).toBe(CAST_SDK_URL);
    scripts[0]?.onerror?.();
    expect(await loading).toBeNull();
  });

  it('resolves null when the SDK never answers', async () => {
    const { doc } = fakeDoc();
    expect(await loadCastSdk({}, doc, 5)).toBeNull();
  });

  it('resolves the SDK when it announces itself available', async () => {
    const { doc } = fakeDoc();
    const win: Record<string, unknown> & { __onGCastApiAvailable?: (a: boolean) => void } = {};
    const loading = loadCastSdk(win, doc, 60_000);
    win.chrome = { cast: { media: {} } };
    win.cast = { framework: { CastContext: {} } };
    win.__onGCastApiAvailable?.(true);
    const sdk = await loading;
    expect(sdk?.chromeCast).toBe((win.chrome as { cast: unknown }).cast);
    expect(sdk?.framework).toBe((win.cast as { framework: unknown }).framework);
  });
});
