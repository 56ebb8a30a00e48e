import type { MultiviewCount } from './ticket-rules.ts';

/**
 * Video and content-protection rules both ends apply, Zod-free so that the browser can use them
 * without pulling Zod into its bundle (see index.ts). The schemas are in video.ts.
 */

/**
 * The header carrying the DRM token of GET /thor/video/drm/ on key requests. The player adds it in
 * hls.js `xhrSetup`/`fetchSetup`, only on key URLs (isKeyUrl): a token never goes into a URL, so no
 * proxy, CDN or access log sees it, and never to a segment or playlist host.
 */
export const DRM_TOKEN_HEADER = 'x-encore-drm-token';

/** The path under which the Encore origin answers AES-128 keys: `/media/keys/<stream>?kid=...`. */
export const KEY_PATH_PREFIX = '/media/keys/';

/**
 * Whether `url` is a key URL of the Encore origin at `base` (default the page's origin; the origin's
 * KEY_URI_BASE host when keys are served apart from a CDN). Only such requests get the DRM token
 * header: an external stream's key host or a CDN never sees it.
 */
export function isKeyUrl(
  url: string,
  base: string | undefined = (globalThis as { location?: { href: string } }).location?.href,
): boolean {
  try {
    // Without a base only a relative URL can be ours.
    const origin = new URL(base ?? 'http://relative.invalid/');
    const parsed = new URL(url, origin);
    // The demo's keys, and a live-ingest show's (issue 11: /media/live/<slug>/keys/<stream>).
    return (
      parsed.origin === origin.origin &&
      /^\/media\/(keys|live\/[a-z0-9-]+\/keys)\/[^/]+$/.test(parsed.pathname)
    );
  } catch {
    return false;
  }
}

/**
 * Encore's own ClearKey licence server (the 'aes' provider's DASH path): POST a W3C ClearKey licence
 * request `{kids, type}` with Authorization 'Token {auth token}' and the DRM token in DRM_TOKEN_HEADER;
 * the answer is the ClearKey licence `{keys: [{kty: 'oct', kid, k}], type}`.
 */
export const CLEARKEY_LICENCE_PATH = '/thor/video/licence/clearkey/';

/** EME key systems: the provider systems' and W3C ClearKey, the fallback of a browser without them. */
export const KEY_SYSTEMS = {
  fairplay: 'com.apple.fps.1_0',
  widevine: 'com.widevine.alpha',
  playready: 'com.microsoft.playready',
  clearkey: 'org.w3.clearkey',
} as const;

/** Stream types of GET /thor/video/drm/ (viewing section 7). */
export const STREAM_TYPES = ['hls', 'dash'] as const;
export type StreamType = (typeof STREAM_TYPES)[number];

/** Licence paths: the built-in AES-128 key server, or a commercial DRM provider (DRMtoday style). */
export const DRM_PROVIDERS = ['aes', 'drmtoday'] as const;
export type DrmProvider = (typeof DRM_PROVIDERS)[number];

/** Key systems of the provider path: FairPlay on Safari (HLS), else Widevine or PlayReady (DASH). */
export const DRM_SYSTEMS = ['widevine', 'playready', 'fairplay'] as const;
export type DrmSystem = (typeof DRM_SYSTEMS)[number];

/** The stream of the 4K mode and of the fan wall (viewing section 7). */
export const STREAM_4K = 'stream4k';
export const FANWALL_STREAM = 'fanwall-stream';
export const angleStream = (pip: number) => `mix-stream${pip}`;
export const mosaicStream = (mode: 4 | 6) => `streampips${mode}`;

/**
 * Whether a ticket's view covers `stream` of a show whose player starts on `baseVideo` (viewing
 * section 4): the 4K stream needs the 4K view; a mosaic of n angles needs multiview n or more; an
 * angle other than the base one needs multiview, and its pip number within the count (a 4-view
 * ticket has angles 1 to 4); the base video and the fan wall are every ticket holder's.
 */
export function streamCovered(
  stream: string,
  view: { multiview: MultiviewCount; uhd: boolean },
  baseVideo: string,
): boolean {
  if (stream === baseVideo || stream === FANWALL_STREAM) return true;
  if (stream === STREAM_4K) return view.uhd;
  const mosaic = /^streampips(\d+)$/.exec(stream);
  if (mosaic) return view.multiview >= Number(mosaic[1]);
  const angle = /^mix-stream(\d+)$/.exec(stream);
  if (angle) return view.multiview > 1 && Number(angle[1]) <= view.multiview;
  return false;
}

/** Refresh this long before a DRM token expires ('licence refresh'), so a key request never races it. */
export const DRM_REFRESH_MARGIN_MS = 60_000;
