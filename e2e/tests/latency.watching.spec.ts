import type { Locator, Page } from '@playwright/test';
import { scheduleShow } from '../support/api.ts';
import { expect, test } from '../support/fixtures.ts';
import {
  activeShow,
  type Encoder,
  goLive,
  hostKey,
  startDemoEncoder,
  waitHealthy,
} from '../support/ingest.ts';
import { fanWith, onVideo, waitPlaying, watch } from '../support/watching.ts';

// Issue 24: a fan stays at the target distance behind live. A show pushed as OBS sends it (a keyframe
// every 2 s; 426x240 x264 ultrafast, the cheapest picture), the fan's network goes away for seconds,
// and the player comes back to its target by itself; the LIVE control says how far behind the fan is
// and a click takes them back. The distance is the player's own reading (the origin's clock minus the
// program date on screen) on the LIVE control's data attributes, which the control shows.
// The budget is the sum of the steps' own waits (each poll below is an assertion with its own limit),
// so a slow but passing machine never fails on the test's clock instead of on a named step.
test.describe.configure({ timeout: 300_000 });

let encoder: Encoder | null = null;
test.afterEach(() => encoder?.stop());

/** Seconds past the target distance (negative: nearer live than it), from the LIVE control. */
const pastTarget = (live: Locator) =>
  live.evaluate((el) => {
    const d = (el as unknown as { dataset: { behind?: string; target?: string } }).dataset;
    return d.behind && d.target ? Number(d.behind) - Number(d.target) : Number.NaN;
  });

/** The browser's network for this page: `set(true)` takes it away, `set(false)` brings it back. */
async function network(page: Page) {
  // One DevTools session: the emulation belongs to the session that set it.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  return {
    set: (offline: boolean) =>
      cdp.send('Network.emulateNetworkConditions', {
        offline,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      }),
  };
}

test('latency: after a network stall the fan returns to the target by itself; the LIVE control shows the delay and brings the fan back', async ({
  browser,
  request,
  baseURL,
}, info) => {
  // A low-latency show: the fan plays LL-HLS (ll.m3u8: parts, blocking reloads) as hls.js's
  // lowLatencyMode does, from an encoder with OBS's 2 s keyframes.
  const { slug } = await scheduleShow(request, -60_000, {}, undefined, {}, { latency_mode: 'low' });
  const host = await hostKey(request);
  await test.step('the host pushes with 2 s keyframes and goes live', async () => {
    encoder = startDemoEncoder(baseURL ?? '', slug, 1, ['--gop-seconds', '2']);
    await waitHealthy(request, host, slug);
    await goLive(request, host, slug);
    await expect
      .poll(async () => (await activeShow(request, slug))?.streams['mix-stream1']?.hls.url)
      .toBe(`/media/live/${slug}/mix-stream1/index.m3u8`);
  });

  const fan = await fanWith(request, { type: 'Directors' }, slug);
  // The video answer names the low-latency playlist, whose rung the player reloads blocking (_HLS_msn).
  const ll = new RegExp(`/media/live/${slug}/mix-stream1/\\w+/ll\\.m3u8\\?.*_HLS_msn=`);
  let blockingReloads = 0;
  const page = await watch(browser, fan, {
    slug,
    setup: async (context) => {
      context.on('request', (r) => {
        if (ll.test(r.url())) blockingReloads += 1;
      });
    },
  });
  const control = page.getByTestId('player-live');
  const target = await test.step('the fan plays LL-HLS and settles at the target', async () => {
    await waitPlaying(page);
    await expect.poll(() => blockingReloads, { timeout: 30_000 }).toBeGreaterThan(0);
    await expect(control).toHaveAttribute('data-target', /\d/);
    await expect.poll(async () => Math.abs(await pastTarget(control)), { timeout: 40_000 }).toBeLessThan(0.5);
    // A playing picture is not "failed to load": a media error hls.js recovered from at the start
    // (seen on a loaded machine) once left that dialog over the playing show.
    await expect(page.getByTestId('player-error')).toHaveCount(0);
    return Number(await control.getAttribute('data-target'));
  });

  const link = await network(page);
  await test.step('the network goes: the delay grows and shows, with no slate', async () => {
    // The picture plays what it holds, then freezes.
    await link.set(true);
    await expect(control).toHaveAttribute('data-drifted', 'true', { timeout: 40_000 });
    await expect(page.getByTestId('player-live-behind')).toBeVisible();
    await expect.poll(() => pastTarget(control), { timeout: 20_000 }).toBeGreaterThan(3);
    // The fan's own network, not the stage feed: no "we'll be right back" slate.
    await expect(page.getByTestId('player-standby')).toHaveCount(0);
    await page.getByTestId('player').hover();
    await page.screenshot({ path: info.outputPath('stalled.png') });
  });
  await test.step('the network returns: the fan is back at the target by itself', async () => {
    await link.set(false);
    // Within half a second of the target again, the control plain LIVE.
    await expect.poll(async () => Math.abs(await pastTarget(control)), { timeout: 30_000 }).toBeLessThan(0.5);
    await expect(control).toHaveAttribute('data-drifted', 'false');
    await expect(page.getByTestId('player-error')).toHaveCount(0);
    // The stall did not move the target out (hls.js's own live sync adds a second per stall); it may
    // have come nearer, as the player learns the origin's publishing delay over the first minute.
    expect(Number(await control.getAttribute('data-target'))).toBeLessThan(target + 0.5);
  });

  await test.step('paused, the fan falls behind; the LIVE control brings them back to the target', async () => {
    // Not a stall: the controller leaves a paused fan alone. The control shows the delay, and a
    // click returns the fan to the target, not to where they paused.
    await onVideo(page, (v) => (v as unknown as { pause(): void }).pause());
    await expect(control).toHaveAttribute('data-drifted', 'true', { timeout: 20_000 });
    await expect(page.getByTestId('player-live-behind')).toHaveText(/\d/);
    // The behind-live control at both sizes (docs: looked at by eye, not compared).
    for (const [width, height] of [
      [1440, 900],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.getByTestId('player').hover();
      await page.screenshot({ path: info.outputPath(`behind-live-${width}.png`) });
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await control.click();
    await expect.poll(async () => Math.abs(await pastTarget(control)), { timeout: 10_000 }).toBeLessThan(0.5);
    await expect.poll(() => onVideo(page, (v) => !v.paused)).toBe(true);
  });
});
