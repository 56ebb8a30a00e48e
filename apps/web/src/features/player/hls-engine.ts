import type { default as HlsType } from 'hls.js';

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
