import type { default as ShakaType } from 'shaka-player/dist/shaka-player.dash-es2021.js';

export type Shaka = typeof ShakaType;

let engine: Promise<Shaka> | null = null;

/**
 * Shaka Player's DASH-only build (about 130 kB gzip) for the DASH/EME path, a lazy chunk like
 * hls-engine.ts: only a viewer of a show that plays DASH downloads it, and the initial script does
 * not grow. One promise for the page's lifetime.
 */
export function loadShaka(): Promise<Shaka> {
  engine ??= import('shaka-player/dist/shaka-player.dash-es2021.js').then((m) => {
    const shaka = m.default;
    shaka.polyfill.installAll();
    return shaka;
  });
  // A failed download (network blip) is not cached: the next session asks again.
  engine.catch(() => {
    engine = null;
  });
  return engine;
}
