import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import {
  broadcast,
  type Encoder,
  edgeOf,
  goLive,
  hostKey,
  startDemoEncoder,
  waitHealthy,
} from '../support/ingest.ts';
import { fanWith, onVideo, play, seekTo, showWithSources, waitPlaying, watch } from '../support/watching.ts';

// Issue 27 on the DASH path (every fan but Safari's on a show with DASH): the replay of a pushed show
// whose angle 1 dropped for 10 s shows the slate for the gap instead of jumping it (Shaka would), and an
// angle switch keeps the moment on the show clock (the static MPD's availabilityStartTime dates it).
test.describe.configure({ timeout: 240_000 });

let encoder: Encoder | null = null;
test.afterEach(() => encoder?.stop());

const mpdOf = async (request: APIRequestContext, slug: string, stream: string) =>
  (await request.get(`/media/live/${slug}/${stream}/dash/live.mpd`)).text();

/** Where the Periods of a static MPD start (media seconds): an encoder run each. */
const periodStarts = (mpd: string) =>
  [...mpd.matchAll(/<Period\b[^>]*\sstart="PT([\d.]+)S"/g)].map((m) => Number(m[1]));

test('a DASH replay: a dropped angle shows the slate for its gap, and an angle switch keeps the moment', async ({
  browser,
  request,
  baseURL,
}, info) => {
  const slug = await showWithSources(request, (name) => ({
    hls: { url: `/media/${name}/index.m3u8` },
    dash: { url: `/media/${name}/dash/live.mpd` },
  }));
  const host = await hostKey(request);
  const headers = { authorization: `Token ${host}` };
  await test.step('the show: two angles, angle 1 drops for 10 s, End show', async () => {
    encoder = startDemoEncoder(baseURL ?? '', slug, 2);
    await waitHealthy(request, host, slug, 2);
    await goLive(request, host, slug);
    const wentLive = Date.now();
    const showFor = async (seconds: number) =>
      expect
        .poll(async () => (await edgeOf(request, slug)) - wentLive, { timeout: 90_000, intervals: [1000] })
        .toBeGreaterThan(seconds * 1000);
    await showFor(8);
    encoder.drop();
    // The drop on the show clock: angle 1's playlist stops moving while angle 2 goes on.
    await expect
      .poll(
        async () =>
          (await broadcast(request, host, slug)).angles.find((a) => a.stream === 'mix-stream1')?.healthy,
        {
          timeout: 30_000,
        },
      )
      .toBe(false);
    await new Promise((r) => setTimeout(r, 10_000)); // the encoder's drop itself: 10 s of no picture
    encoder.restore();
    await waitHealthy(request, host, slug, 2);
    const back = await edgeOf(request, slug);
    await expect
      .poll(async () => (await edgeOf(request, slug)) - back, { timeout: 60_000 })
      .toBeGreaterThan(8_000);
    const ended = await request.post(`/thor/host/shows/${slug}/ingest/end/`, { headers });
    expect(ended.status(), await ended.text()).toBe(200);
    encoder.stop();
    for (const stream of ['mix-stream1', 'mix-stream2'])
      await expect.poll(() => mpdOf(request, slug, stream), { timeout: 30_000 }).toContain('type="static"');
  });

  const mpd = await mpdOf(request, slug, 'mix-stream1');
  expect(mpd).toMatch(/availabilityStartTime="[^"]+"/);
  const [, resumed] = periodStarts(mpd);
  if (resumed === undefined) throw new Error(`angle 1's replay has one encoder run:\n${mpd.slice(0, 400)}`);
  console.log(`DASH replay: angle 1 resumes at ${resumed.toFixed(1)} s`);

  const fan = await fanWith(request, { type: 'Directors' }, slug);
  const page = await watch(browser, fan, { slug });
  const player = page.getByTestId('player');
  const slate = page.getByTestId('player-standby');
  await waitPlaying(page);
  await expect(player).toHaveAttribute('data-stream-type', 'dash');
  await expect(player).toHaveAttribute('data-live', 'false');

  await test.step('into the gap: the slate, its clock moving on, then the picture after it', async () => {
    await seekTo(page, resumed - 3);
    await expect(slate).toBeVisible({ timeout: 20_000 });
    await expect(player).toHaveAttribute('data-standby', 'brb');
    await page.screenshot({ path: info.outputPath('dash-replay-slate.png') });
    await play(page);
    await expect(slate).toBeHidden({ timeout: 20_000 });
    await expect
      .poll(() => onVideo(page, (v) => v.currentTime), { timeout: 20_000 })
      .toBeGreaterThan(resumed + 0.5);
    // Played into the gap from before it: the slate as the picture reaches it, not Shaka's jump.
    await seekTo(page, Math.max(0, resumed - 14));
    await play(page);
    await expect(slate).toBeVisible({ timeout: 25_000 });
    expect(await onVideo(page, (v) => v.currentTime)).toBeLessThan(resumed + 0.5);
  });

  await test.step('an angle switch lands on the same moment of the replay', async () => {
    const at = resumed + 4;
    await seekTo(page, at);
    await play(page);
    await expect.poll(() => onVideo(page, (v) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(at + 1);
    const from = await onVideo(page, (v) => v.currentTime);
    const clickedAt = Date.now();
    await page.getByTestId('pip-selector-button').click();
    await page.getByTestId('pip-selector-menu').locator('[data-pip="2"]').click();
    await expect.poll(() => onVideo(page, (v) => v.dataset.stream ?? '')).toContain('mix-stream2');
    await waitPlaying(page);
    await expect(player).toHaveAttribute('data-stream-type', 'dash');
    // Every angle's replay counts from the same show-clock moment (Go live): angle 2 plays on from
    // where angle 1 was, moved on by the time the switch took; a DASH replay restarted at 0:00 before.
    await expect
      .poll(
        async () => {
          const now = await onVideo(page, (v) => v.currentTime);
          return Math.abs(now - (from + (Date.now() - clickedAt) / 1000));
        },
        { timeout: 15_000 },
      )
      .toBeLessThan(1);
  });
});
