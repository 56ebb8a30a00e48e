/**
 * Chromecast through the Google Cast sender SDK (PLY-28). The Remote Playback API casts the element's
 * source but cannot add headers; the Cast SDK sends the receiver a load request whose media carries
 * the Authorization 'Token {token}' header for the receiver to put on its playlist requests
 * (docs/decisions.md, PLY-28). The SDK is loaded from Google only in Chrome with casting enabled; when
 * it cannot load, the player falls back to the Remote Playback API.
 */

export const CAST_SDK_URL = 'https://www.gstatic.com/cv/js/sender/v1/cast_sender.js?loadCastFramework=1';
/** Google's Default Media Receiver; a custom receiver's id replaces it to honour the headers. */
export const CAST_RECEIVER_APP_ID = 'CC1AD845';
/** How long the SDK may take to announce itself before the player falls back. */
export const CAST_SDK_TIMEOUT_MS = 8000;

/** Chrome (and the Chromium browsers that ship a Cast sender), not iOS, where casting is AirPlay. */
export const isCastBrowser = (userAgent: string): boolean =>
  /Chrome\//.test(userAgent) && !/(CriOS|Edg|OPR)\//.test(userAgent) && !/Mobile/.test(userAgent);

export interface CastMedia {
  /** The stream's multivariant playlist, relative to the page or absolute. */
  url: string;
  /** The fan's auth token: the receiver's playlist requests carry it. */
  authToken: string | null;
  /** The DRM token: key requests of a receiver cannot carry headers, so it rides in ?token=. */
  drmToken: string | null;
  live: boolean;
  title: string;
}

/** The load request as plain data: what the receiver gets (media info, custom data, autoplay). */
export interface CastLoadRequest {
  media: {
    contentId: string;
    contentUrl: string;
    contentType: 'application/x-mpegurl';
    streamType: 'LIVE' | 'BUFFERED';
    hlsSegmentFormat: 'ts';
    metadata: { title: string };
    customData: { headers: Record<string, string> };
  };
  autoplay: true;
  customData: { headers: Record<string, string> };
}

/** Builds the receiver's load request for `media`, URLs made absolute against `pageUrl`. */
export function castLoadRequest(media: CastMedia, pageUrl: string): CastLoadRequest {
  const url = new URL(media.url, pageUrl);
  if (media.drmToken) url.searchParams.set('token', media.drmToken);
  const headers: Record<string, string> = media.authToken
    ? { Authorization: `Token ${media.authToken}` }
    : {};
  return {
    media: {
      contentId: url.href,
      contentUrl: url.href,
      contentType: 'application/x-mpegurl',
      streamType: media.live ? 'LIVE' : 'BUFFERED',
      hlsSegmentFormat: 'ts',
      metadata: { title: media.title },
      customData: { headers },
    },
    autoplay: true,
    customData: { headers },
  };
}

/** The parts of the Cast SDK (window.chrome.cast and window.cast.framework) the player uses. */
export interface CastSdk {
  chromeCast: {
    media: {
      MediaInfo: new (contentId: string, contentType: string) => Record<string, unknown>;
      LoadRequest: new (mediaInfo: Record<string, unknown>) => Record<string, unknown>;
    };
    AutoJoinPolicy: { ORIGIN_SCOPED: string };
  };
  framework: {
    CastContext: { getInstance: () => CastContextLike };
    CastContextEventType: { CAST_STATE_CHANGED: string };
  };
}

export interface CastContextLike {
  setOptions: (options: Record<string, unknown>) => void;
  getCastState: () => string;
  addEventListener: (type: string, listener: (e: { castState: string }) => void) => void;
  removeEventListener: (type: string, listener: (e: { castState: string }) => void) => void;
  requestSession: () => Promise<unknown>;
  getCurrentSession: () => { loadMedia: (request: unknown) => Promise<unknown> } | null;
}

/** The plain request as the SDK's MediaInfo and LoadRequest objects. */
export function toSdkLoadRequest(sdk: CastSdk, plain: CastLoadRequest): Record<string, unknown> {
  const info = new sdk.chromeCast.media.MediaInfo(plain.media.contentId, plain.media.contentType);
  Object.assign(info, {
    contentUrl: plain.media.contentUrl,
    streamType: plain.media.streamType,
    hlsSegmentFormat: plain.media.hlsSegmentFormat,
    metadata: plain.media.metadata,
    customData: plain.media.customData,
  });
  const request = new sdk.chromeCast.media.LoadRequest(info);
  Object.assign(request, { autoplay: plain.autoplay, customData: plain.customData });
  return request;
}

type CastWindow = {
  __onGCastApiAvailable?: (available: boolean) => void;
  chrome?: { cast?: CastSdk['chromeCast'] };
  cast?: { framework?: CastSdk['framework'] };
};
type ScriptLike = { src: string; async: boolean; onerror: (() => void) | null };
type DocLike = { createElement: (tag: 'script') => ScriptLike; head: { append: (el: ScriptLike) => void } };

let loading: Promise<CastSdk | null> | null = null;

/**
 * Loads the sender SDK once per page; resolves null when it cannot (offline, blocked, not Chrome's
 * Cast runtime, or no answer within CAST_SDK_TIMEOUT_MS), so the caller falls back.
 */
export function loadCastSdk(
  win: CastWindow = window as unknown as CastWindow,
  doc: DocLike = document as unknown as DocLike,
  timeoutMs = CAST_SDK_TIMEOUT_MS,
): Promise<CastSdk | null> {
  if (loading) return loading;
  loading = new Promise<CastSdk | null>((resolve) => {
    const sdkOf = (): CastSdk | null =>
      win.chrome?.cast && win.cast?.framework
        ? { chromeCast: win.chrome.cast, framework: win.cast.framework }
        : null;
    const timer = setTimeout(() => resolve(null), timeoutMs);
    const done = (sdk: CastSdk | null) => {
      clearTimeout(timer);
      resolve(sdk);
    };
    win.__onGCastApiAvailable = (available) => done(available ? sdkOf() : null);
    const script = doc.createElement('script');
    script.async = true;
    script.src = CAST_SDK_URL;
    script.onerror = () => done(null);
    doc.head.append(script);
  });
  return loading;
}

/** Forgets the page's SDK load (tests). */
export function resetCastSdk(): void {
  loading = null;
}
