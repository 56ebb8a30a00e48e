import type { default as HlsType } from 'hls.js';
// hls.js's own transmuxing worker, emitted as a hashed asset of the build (see hlsWorkerPath).
import hlsWorkerUrl from 'hls.js/dist/hls.worker.js?url';

let engine: Promise<typeof HlsType> | null = null;

/**
 * hls.js is half of the viewer's script (about 180 kB gzip). Loaded on its own, it downloads
 * and parses while the page shell, the chat and the video and DRM look-ups are already under way,
 * instead of holding the first paint of the event page. One promise for the page's lifetime: every
 * angle switch after the first reuses the loaded engine.
 */
export function loadHls(): Promise<typeof HlsType> {
  engine ??= import('hls.js').then((m) => m.default);
  // A failed download (network blip) is not cached: the next session asks again.
  engine.catch(() => {
    engine = null;
  });
  return engine;
}

/**
 * The worker script hls.js decrypts and transmuxes segments in (its `workerPath` setting). The ES
 * module build of hls.js cannot start a worker from its own code as the UMD build does: without this
 * path `enableWorker` silently does nothing and every segment is decrypted, demuxed and remuxed on
 * the page's main thread (issue 14: long tasks of 0.5 to 4 s in Lighthouse's 4x-slowed viewer, a
 * frozen chat and controls on a phone). Same origin, so the CSP's worker-src 'self' allows it.
 */
export const hlsWorkerPath: string = hlsWorkerUrl;
