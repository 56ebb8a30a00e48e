import { scheduleShow } from '../support/api.ts';
import { expect, test } from '../support/fixtures.ts';
import { broadcast, type Encoder, hostKey, startDemoEncoder } from '../support/ingest.ts';
import { currentTime, fanWith, onVideo, showWithSources, waitPlaying, watch } from '../support/watching.ts';

// Issue 11: a DASH show fed by a real encoder plays its live CENC DASH (docs/media.md 9.1) in the
// web player: Shaka Player with EME, ClearKey from Encore's licence (this Chromium has no Widevine).
test.describe.configure({ timeout: 240_000 });

let encoder: Encoder | null = null;
test.afterEach(() => encoder?.stop());

test('live ingest of a DASH show: the fan plays the pushed angle as live CENC DASH through ClearKey', async ({
  browser,
  request,
  baseURL,
}) => {
  const slug = await showWithSources(request, (name) => ({
    hls: { url: `/media/${name}/index.m3u8` },
    dash: { url: `/media/${name}/dash/live.mpd` },
  }));
  const host = await hostKey(request);
  encoder = startDemoEncoder(baseURL ?? '', slug, 1);
  await expect
    .poll(async () => (await broadcast(request, host, slug)).angles.some((a) => a.healthy), {
      timeout: 60_000,
    })
    .toBe(true);
  const live = await request.post(`/thor/host/shows/${slug}/ingest/go-live/`, {
    headers: { authorization: `Token ${host}` },
  });
  expect(live.status(), await live.text()).toBe(200);
  // Nodes keep the show list for a few seconds: the fan's video data must name the live DASH.
  await expect
    .poll(async () => {
      const res = await request.get('/thor/channels/active/');
      const show = (
        (await res.json()) as {
          results: { slug: string; streams: Record<string, { dash?: { url: string } }> }[];
        }
      ).results.find((s) => s.slug === slug);
      return show?.streams['mix-stream1']?.dash?.url;
    })
    .toBe(`/media/live/${slug}/mix-stream1/dash/live.mpd`);

  const licences: number[] = [];
  const fan = await fanWith(request, { type: 'Directors' }, slug);
  const page = await watch(browser, fan, {
    slug,
    setup: async (context) => {
      context.on('requestfinished', (req) => {
        if (req.url().includes('/thor/video/licence/clearkey/')) {
          void req.response().then((res) => licences.push(res?.status() ?? 0));
        }
      });
    },
  });
  await waitPlaying(page);
  const player = page.getByTestId('player');
  await expect(player).toHaveAttribute('data-stream-type', 'dash');
  await expect(player).toHaveAttribute('data-key-system', 'org.w3.clearkey');
  await expect(player).toHaveAttribute('data-live', 'true');
  expect(licences).toContain(200);
  // The decrypted picture moves on, near the live edge of the show clock.
  const t0 = await currentTime(page);
  await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(t0 + 3);
  const frames = await onVideo(
    page,
    (v) =>
      (v as unknown as { getVideoPlaybackQuality(): { totalVideoFrames: number } }).getVideoPlaybackQuality()
        .totalVideoFrames,
  );
  expect(frames).toBeGreaterThan(30);
});

test('live ingest multiview: the six-angle mosaic is composed from the pushed angles and plays with its boxes', async ({
  browser,
  request,
  baseURL,
}, info) => {
  const { slug } = await scheduleShow(request, -60_000);
  const host = await hostKey(request);
  encoder = startDemoEncoder(baseURL ?? '', slug, 2);
  await expect
    .poll(async () => (await broadcast(request, host, slug)).angles.filter((a) => a.healthy).length, {
      timeout: 60_000,
    })
    .toBe(2);
  const live = await request.post(`/thor/host/shows/${slug}/ingest/go-live/`, {
    headers: { authorization: `Token ${host}` },
  });
  expect(live.status(), await live.text()).toBe(200);
  // The mosaic is on the origin once it has a segment (it is composed 1.5 s after the angles settle).
  await expect
    .poll(async () => (await request.get(`/media/live/${slug}/streampips6/index.m3u8`)).status(), {
      timeout: 60_000,
    })
    .toBe(200);

  const fan = await fanWith(request, { type: 'Directors' }, slug);
  const page = await watch(browser, fan, { slug });
  await waitPlaying(page);
  await page.getByTestId('multiview-button').click();
  const overlay = page.getByTestId('multiview-overlay');
  await expect(page.getByTestId('primary-viewer')).toHaveAttribute('data-stream', 'streampips6');
  await expect(overlay.getByTestId('multiview-box')).toHaveCount(6);
  await expect.poll(() => onVideo(page, (v) => v.dataset.stream ?? '')).toContain('streampips6');
  await waitPlaying(page);
  const t0 = await currentTime(page);
  await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(t0 + 2);
  await page.screenshot({ path: info.outputPath('ingest-mosaic6.png') });
  // A box picks its angle, as on the demo loop.
  await overlay.locator('[data-pip="2"]').click();
  await expect(page.getByTestId('primary-viewer')).toHaveAttribute('data-stream', 'mix-stream2');
});
