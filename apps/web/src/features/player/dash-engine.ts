import type { default as ShakaType } from 'shaka-player/dist/shaka-player.dash-es2021.js';
import type { PlayerSession, SessionEvents, SessionOptions } from './player-session.ts';

export type Shaka = typeof ShakaType;
export type OpenDashSession = (
  video: HTMLVideoElement,
  opts: SessionOptions,
  ev: SessionEvents,
) => PlayerSession;

let engine: Promise<OpenDashSession> | null = null;

/**
 * Shaka Player's DASH-only build (about 150 kB gzip) and Encore's DASH session around it, a lazy chunk
 * like hls-engine.ts: only a viewer of a show that plays DASH downloads it, and the viewer's initial
 * script does not grow. One promise for the page's lifetime.
 */
export function loadDash(): Promise<OpenDashSession> {
  engine ??= Promise.all([
    import('shaka-player/dist/shaka-player.dash-es2021.js'),
    import('./dash-session.ts'),
  ]).then(([m, session]) => {
    const shaka = m.default;
    shaka.polyfill.installAll();
    return (video, opts, ev) => session.openDashSession(shaka, video, opts, ev);
  });
  // A failed download (network blip) is not cached: the next session asks again.
  engine.catch(() => {
    engine = null;
  });
  return engine;
}
