import { scheduleShow } from '../support/api.ts';
import { expect, test } from '../support/fixtures.ts';
import {
  activeShow,
  type Encoder,
  encoderClockShown,
  goLive,
  hostKey,
  startDemoEncoder,
  waitHealthy,
} from '../support/ingest.ts';
import {
  currentTime,
  fanWith,
  lag,
  onVideo,
  showWithSources,
  waitPlaying,
  watch,
} from '../support/watching.ts';

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
  await waitHealthy(request, host, slug);
  await goLive(request, host, slug);
  // The fan's video data must name the live DASH.
  await expect
    .poll(async () => (await activeShow(request, slug))?.streams['mix-stream1']?.dash?.url)
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
  await waitHealthy(request, host, slug, 2);
  await goLive(request, host, slug);
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

test('a re-airing of a DASH show: the fan plays the recording as live CENC DASH from the re-airing live edge', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(360_000);
  const slug = await showWithSources(request, (name) => ({
    hls: { url: `/media/${name}/index.m3u8` },
    dash: { url: `/media/${name}/dash/live.mpd` },
  }));
  const host = await hostKey(request);
  const headers = { authorization: `Token ${host}` };
  const mpd = async () => (await request.get(`/media/live/${slug}/mix-stream1/dash/live.mpd`)).text();
  encoder = startDemoEncoder(baseURL ?? '', slug, 1);
  await waitHealthy(request, host, slug);
  const live = await request.post(`/thor/host/shows/${slug}/ingest/go-live/`, { headers });
  expect(live.status(), await live.text()).toBe(200);
  const liveAt = Date.parse(((await live.json()) as { live_at: string }).live_at);
  // The night: 50 s of show, then End show; the recording is the static replay. It only has to be
  // longer than the re-airing's 20 s window plus the fan's way in (the re-airing starts a quarter of
  // it ago, and 30 s or more are left to air while the fan's player joins).
  await new Promise((r) => setTimeout(r, 50_000));
  encoder.stop();
  const ended = await request.post(`/thor/host/shows/${slug}/ingest/end/`, { headers });
  expect(ended.status(), await ended.text()).toBe(200);
  await expect.poll(mpd, { timeout: 30_000 }).toContain('type="static"');
  // Its length in media time (an encoder slowed by a loaded machine records less than it ran).
  const recorded = Number(/mediaPresentationDuration="PT([\d.]+)S"/.exec(await mpd())?.[1]) * 1000;
  expect(recorded).toBeGreaterThan(30_000);

  // The main show over, its re-airing began 20 s ago: the MPD is live again, on the re-airing's clock.
  const channel = await request.get(`/thor/host/shows/${slug}`, { headers });
  const {
    status: _s,
    doors_open_at: _d,
    ...show
  } = (await channel.json()) as {
    event: Record<string, unknown>;
    [field: string]: unknown;
  };
  const start = Date.now() - Math.min(20_000, recorded / 4);
  const put = await request.put(`/thor/host/shows/${slug}`, {
    headers,
    data: {
      ...show,
      event: {
        ...show.event,
        event_end_time: new Date(Date.now() - 1000).toISOString(),
        reairings: [{ event_start_time: new Date(start).toISOString() }],
      },
    },
  });
  expect(put.status(), await put.text()).toBe(200);
  await expect.poll(mpd, { timeout: 30_000 }).toContain('type="dynamic"');

  const fan = await fanWith(request, { type: 'Directors' }, slug);
  const page = await watch(browser, fan, { slug });
  await waitPlaying(page);
  const player = page.getByTestId('player');
  await expect(player).toHaveAttribute('data-stream-type', 'dash');
  await expect(player).toHaveAttribute('data-live', 'true');
  // The picture is the night's (its burned-in clock) moved by the re-airing's offset, at the live edge:
  // behind by the player's delay, not back at the recording's start as the replay would be; and the
  // date the player gives it is on the re-airing's clock.
  await expect.poll(() => lag(page), { timeout: 20_000 }).toBeLessThan(15_000);
  const shift = start - liveAt;
  // The date gap is read with the video held still for the screenshot (encoderClockShown): a reading
  // of the playing video is off by up to half the screenshot's length, seconds on a loaded machine.
  // Both are logged. The bound stays 1.5 s (0b14d3f) until runs show the held reading within 1 s: the
  // 1.12 s once read here was a playing reading, and on 28 Nov the runs under load (average 20) did
  // not get this far (the DASH remux of each segment fell behind the feed; see docs/media.md 9.1).
  const moving = await encoderClockShown(page, 6, false);
  const shown = await encoderClockShown(page);
  console.log(
    `[re-airing date gap] held ${Math.round(shown.dateGap - shift)} ms (capture ${shown.captureMs} ms); ` +
      `playing ${Math.round(moving.dateGap - shift)} ms (capture ${moving.captureMs} ms)`,
  );
  expect(shown.lag - shift).toBeGreaterThan(0);
  expect(shown.lag - shift).toBeLessThan(15_000);
  expect(Math.abs(shown.dateGap - shift)).toBeLessThan(1500);
  const t0 = await currentTime(page);
  await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(t0 + 3);
});
