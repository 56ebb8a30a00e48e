// The fan's side of the glass-to-glass bench: the viewer in headless Chromium on an HLS flavour of
// the show, its network shaped through the DevTools protocol, and the burned-in encoder clock read off
// every frame it presents.
import { openAs, waitPlaying } from './viewer-helpers.mjs';

/**
 * The viewer as `fan` on `slug`. `hls`: 'standard' plays the origin's standard playlists (index.m3u8),
 * 'll' its low-latency ones (ll.m3u8), whichever the show names; 'as-is' leaves the show's URL alone
 * (a release without LL-HLS).
 */
export async function openFan(browser, base, fan, slug, hls, network) {
  const { context, page } = await openAs(browser, base, fan, '/');
  if (hls !== 'as-is') {
    const [from, to] = hls === 'll' ? ['/index.m3u8', '/ll.m3u8'] : ['/ll.m3u8', '/index.m3u8'];
    await page.route(
      (url) => url.pathname.startsWith('/media/live/') && url.pathname.endsWith(from),
      (route) => route.continue({ url: route.request().url().replace(from, to) }),
    );
  }
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const link = createLink(cdp, network);
  await link.apply();
  await page.goto(`${base}/event/${slug}`);
  await waitPlaying(page, 90_000);
  return { context, page, link };
}

/**
 * The fan's network: `shape` its latency (ms) and throughput (kbit/s, 0 = as fast as it goes) for the
 * whole run, `offline(true)` for a stall. One DevTools session, since the emulation is the session's.
 */
function createLink(cdp, shape) {
  let offline = false;
  const apply = () =>
    cdp.send('Network.emulateNetworkConditions', {
      offline,
      latency: shape.latencyMs,
      downloadThroughput: shape.downKbps > 0 ? (shape.downKbps * 1000) / 8 : -1,
      uploadThroughput: shape.upKbps > 0 ? (shape.upKbps * 1000) / 8 : -1,
    });
  return {
    apply,
    async offline(on) {
      offline = on;
      await apply();
    },
  };
}

/**
 * In the page: from now on, for every frame the <video> presents (requestVideoFrameCallback), the
 * wall clock at its presentation minus the encoder clock burned into it (scripts/demo-encoder.mjs: 24
 * boxes, white for a 1, of the ms mod 2^24), as [presented at (ms since the epoch), seconds] into
 * window.__g2g. Only the strip of boxes is drawn, so a 720p picture costs what a 360p one did.
 */
export function startSampling(page) {
  return page.evaluate(() => {
    const v = document.querySelector('[data-testid="player-video"]');
    const canvas = document.createElement('canvas');
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    const BITS = 24;
    const mod = 2 ** BITS;
    window.__g2g = [];
    const onFrame = (_now, meta) => {
      const w = v.videoWidth;
      const box = Math.max(6, Math.floor((w - 20) / BITS));
      const strip = box + 8;
      if (canvas.width !== w || canvas.height !== strip) {
        canvas.width = w;
        canvas.height = strip;
      }
      ctx.drawImage(v, 0, 0, w, strip, 0, 0, w, strip);
      const row = ctx.getImageData(0, 4 + Math.floor((box - 2) / 2), w, 1).data;
      let value = 0;
      for (let i = 0; i < BITS; i++) {
        const x = 10 + i * box + Math.floor((box - 2) / 2);
        const at = x * 4;
        if ((row[at] + row[at + 1] + row[at + 2]) / 3 > 128) value += 2 ** i;
      }
      const presented = performance.timeOrigin + meta.presentationTime;
      const lag = (((presented % mod) - value + mod) % mod) / 1000;
      // A misread barcode (a frame mid-transition) gives nonsense: keep readings within a minute.
      if (lag > 0 && lag < 60) window.__g2g.push([presented, lag]);
      v.requestVideoFrameCallback(onFrame);
    };
    v.requestVideoFrameCallback(onFrame);
  });
}

/** The samples taken so far from `from` on (their index), [presented at ms, seconds]. */
export const samplesSince = (page, from = 0) => page.evaluate((i) => window.__g2g.slice(i), from);

/** The player's own reading on its LIVE control: seconds behind live and its target. */
export const playerReading = (page) =>
  page.evaluate(() => {
    const d = document.querySelector('[data-testid="player-live"]')?.dataset ?? {};
    const v = document.querySelector('[data-testid="player-video"]');
    const b = v.buffered;
    const ahead = b.length ? b.end(b.length - 1) - v.currentTime : 0;
    return {
      behind: Number(d.behind || Number.NaN),
      target: Number(d.target || Number.NaN),
      rate: v.playbackRate,
      ahead: Math.round(ahead * 10) / 10,
      ready: v.readyState,
    };
  });

export const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? Number.NaN : s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

/**
 * After a stall that ended at `endMs`: how long until the fan's latency stays within `tolerance` of
 * `baseline` (every sample of a 3 s window), or null if it never did in the samples.
 */
export function recoveredAfter(samples, endMs, baseline, tolerance = 0.5, holdMs = 3000) {
  const after = samples.filter(([t]) => t >= endMs);
  for (let i = 0; i < after.length; i++) {
    const start = after[i][0];
    const window = after.filter(([t]) => t >= start && t <= start + holdMs);
    const lastT = window.at(-1)?.[0] ?? start;
    // Too little left to hold for: the samples end here. A hole inside them (no frame presented
    // while a seek lands) is no reason to stop looking: the next start is tried.
    if ((after.at(-1)?.[0] ?? start) - start < holdMs * 0.8) return null;
    if (lastT - start < holdMs * 0.8) continue;
    if (window.every(([, lag]) => Math.abs(lag - baseline) <= tolerance)) return (start - endMs) / 1000;
  }
  return null;
}
