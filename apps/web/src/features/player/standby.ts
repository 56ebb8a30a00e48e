import type { Standby } from './player-session.ts';

/** How long the picture may stand still at the end of a live playlist before the slate shows. */
export const STANDBY_AFTER_MS = 3000;
const TICK_MS = 500;

/**
 * Live ingest's pauses that are not errors (issue 11). A live playlist that stops advancing (the
 * encoder dropped) lets the picture play to its last segment; once it has stood still for
 * STANDBY_AFTER_MS the fan sees "we'll be right back", which goes away by itself when the picture
 * moves again (the encoder returned: the playlist continues after a discontinuity, no reload). A
 * playlist that turns from live to ended (End show) shows the end slate when the picture reaches
 * its end.
 */
export function createStandbyWatch(video: HTMLVideoElement, report: (s: Standby) => void) {
  let wasLive = false;
  let ended = false;
  let current: Standby = null;
  let lastTime = -1;
  let stillSince = performance.now();
  let lastSn = -1;
  let playlistMovedAt = performance.now();
  let playlistLoadedAt = performance.now();

  const set = (s: Standby) => {
    if (s === current) return;
    current = s;
    report(s);
  };

  const timer = window.setInterval(() => {
    const now = performance.now();
    if (video.currentTime !== lastTime || video.paused) {
      lastTime = video.currentTime;
      stillSince = now;
    }
    if (ended) {
      // The recording plays to its end once, rather than around again.
      video.loop = false;
      const end = Number.isFinite(video.duration) ? video.duration : Number.POSITIVE_INFINITY;
      const atEnd = video.currentTime >= end - 0.5 || now - stillSince >= STANDBY_AFTER_MS;
      if (atEnd) {
        if (!video.paused) video.pause();
        set('ended');
      }
      return;
    }
    if (!wasLive) return;
    // A picture that stands still while the playlist still grows is the network's, not the encoder's;
    // so is one whose playlists stopped arriving at all (issue 24: the fan's own network is away, the
    // stage feed may be fine): the slate needs a playlist loaded, unchanged, since the picture stopped.
    const encoderAway = now - playlistMovedAt >= STANDBY_AFTER_MS && playlistLoadedAt > stillSince;
    if (now - stillSince >= STANDBY_AFTER_MS && encoderAway) set('brb');
    else if (now - stillSince < TICK_MS * 2) set(null);
  }, TICK_MS);

  return {
    /** Each playlist load: whether it is live, and its last segment number. */
    playlist(live: boolean, endSn: number) {
      playlistLoadedAt = performance.now();
      if (endSn !== lastSn) {
        lastSn = endSn;
        playlistMovedAt = performance.now();
      }
      if (live) wasLive = true;
      else if (wasLive) ended = true;
    },
    stop() {
      window.clearInterval(timer);
    },
  };
}
