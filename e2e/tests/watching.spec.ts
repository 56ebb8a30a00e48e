import { scheduleShow } from '../support/api.ts';
import { expect, test } from '../support/fixtures.ts';
import { DESKTOP, fanWithTicket, openViewer } from '../support/viewer.ts';
import {
  currentTime,
  fanWith,
  fullscreenId,
  ladderLabels,
  lag,
  login,
  onVideo,
  recordAnalytics,
  SLUG,
  steadyLag,
  waitPlaying,
  watch,
} from '../support/watching.ts';

// Issue 4: the viewer page on the demo show (encore-live), whose media origin serves live HLS with
// one program-date-time clock burned into every angle: playback, angles, captions, quality, 4K, pips.
test.describe.configure({ timeout: 120_000 });

test('the demo fan watches live: the picture plays with its camera label; the overlay and the pip selector switch angles', async ({
  browser,
  request,
}, info) => {
  const page = await watch(browser, await login(request, 'fan@encore.test', 'encore-demo'));
  await waitPlaying(page);
  await expect(page.getByTestId('primary-viewer')).toHaveAttribute('data-stream', 'mix-stream1');
  const t0 = await currentTime(page);
  await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(t0 + 1);
  await expect(page.getByTestId('player')).toHaveAttribute('data-live', 'true');
  await expect(page.getByTestId('player-live')).toBeVisible();
  await expect(page.getByTestId('player-scrubber')).toHaveCount(0);
  await expect(page.getByTestId('current-stream')).toContainText('CAM 1');
  await page.screenshot({ path: info.outputPath('viewer-cam1.png') });
  await page.screenshot({ path: '../.screenshots/watching-cam1.png' });

  // The overlay: MULTIVIEW heading, boxes after 400 ms over the 6-angle mosaic.
  await page.getByTestId('multiview-button').click();
  const overlay = page.getByTestId('multiview-overlay');
  await expect(overlay.getByRole('heading', { name: 'MULTIVIEW' })).toBeVisible();
  await expect(page.getByTestId('primary-viewer')).toHaveAttribute('data-stream', 'streampips6');
  await expect(overlay.getByTestId('multiview-box')).toHaveCount(6);
  await expect(overlay.locator('[data-pip="1"]')).toHaveAttribute('aria-pressed', 'true');
  await overlay.locator('[data-pip="3"]').click();
  await expect(overlay).toBeHidden();
  await expect(page.getByTestId('primary-viewer')).toHaveAttribute('data-stream', 'mix-stream3');
  await expect(page.getByTestId('current-stream')).toContainText('CAM 3');
  await expect.poll(() => onVideo(page, (v) => v.dataset.stream ?? '')).toContain('mix-stream3');

  // The top navigation's pip selector lists the six angles and switches too.
  await page.getByTestId('pip-selector-button').click();
  const menu = page.getByTestId('pip-selector-menu');
  await expect(menu.getByRole('menuitemradio')).toHaveCount(6);
  await menu.locator('[data-pip="5"]').click();
  await expect(menu).toBeHidden();
  await expect(page.getByTestId('primary-viewer')).toHaveAttribute('data-stream', 'mix-stream5');
});

test('an angle switch via the overlay lands within half a second of the same moment', async ({
  browser,
  request,
}) => {
  const page = await watch(browser, await login(request, 'fan@encore.test', 'encore-demo'));
  await waitPlaying(page);
  const before = await steadyLag(page);
  await page.getByTestId('multiview-button').click();
  const overlay = page.getByTestId('multiview-overlay');
  await overlay.locator('[data-pip="3"]').click();
  await expect.poll(() => onVideo(page, (v) => v.dataset.stream ?? '')).toContain('mix-stream3');
  await waitPlaying(page);
  // Same moment: the lag behind the shared clock is what it was on the first angle, within 0.5 s.
  await expect.poll(async () => Math.abs((await lag(page)) - before), { timeout: 10_000 }).toBeLessThan(500);
});

test('the control bar: muted start, click to unmute, volume kept, pause and back to live, full screen on #primaryViewer; the overlay closes by its button and by Escape', async ({
  browser,
  request,
}) => {
  const page = await watch(browser, await fanWith(request, { type: 'Directors' }));
  await waitPlaying(page);

  // Muted autoplay, with the desktop wording of the unmute button.
  expect(await onVideo(page, (v) => v.muted)).toBe(true);
  const unmute = page.getByTestId('player-tap-unmute');
  await expect(unmute).toHaveText('Click to unmute');
  await unmute.click();
  await expect(unmute).toBeHidden();
  await expect(page.getByTestId('player-mute')).toHaveAttribute('data-muted', 'false');

  // The slider (desktop only) moves the volume, and the level is kept.
  const slider = page.getByTestId('player-volume');
  await slider.focus();
  for (let i = 0; i < 20; i++) await slider.press('ArrowLeft');
  await expect.poll(() => onVideo(page, (v) => v.volume)).toBeLessThan(0.95);
  // The level the video plays at is the one kept for the next visit.
  await expect
    .poll(async () => {
      const stored = await page.evaluate(() => Number(localStorage.getItem('volume')));
      return Math.abs(stored - (await onVideo(page, (v) => v.volume)));
    })
    .toBeLessThan(0.001);

  // Pause, then play: a live stream goes back to the live edge.
  await page.getByTestId('player').hover();
  await page.getByTestId('player-play').click();
  await expect.poll(() => onVideo(page, (v) => v.paused)).toBe(true);
  await expect(page.getByTestId('player-play')).toHaveAttribute('data-playing', 'false');
  await page.getByTestId('player').hover();
  await page.getByTestId('player-play').click();
  await expect.poll(() => onVideo(page, (v) => v.paused)).toBe(false);
  await expect(page.getByTestId('player-live')).toHaveAttribute('data-edge', 'true');

  // Full screen takes #primaryViewer, so the controls and overlays stay on top of the picture.
  await page.getByTestId('player').hover();
  await page.getByTestId('player-fullscreen').click();
  await expect.poll(() => fullscreenId(page)).toBe('primaryViewer');
  await page.getByTestId('player').hover();
  await page.getByTestId('player-fullscreen').click();
  await expect.poll(() => fullscreenId(page)).toBeNull();

  // The overlay closes by its button and by Escape; leaving it without a choice restores the angle.
  const overlay = page.getByTestId('multiview-overlay');
  await page.getByTestId('multiview-button').click();
  await expect(page.getByTestId('primary-viewer')).toHaveAttribute('data-stream', 'streampips6');
  await overlay.getByTestId('multiview-close').click();
  await expect(overlay).toBeHidden();
  await expect(page.getByTestId('primary-viewer')).toHaveAttribute('data-stream', 'mix-stream1');
  await page.getByTestId('multiview-button').click();
  await expect(overlay).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(overlay).toBeHidden();
  await expect(page.getByTestId('primary-viewer')).toHaveAttribute('data-stream', 'mix-stream1');
});

test('captions in Korean show a cue, and the choice is kept', async ({ browser, request }) => {
  const page = await watch(browser, await fanWith(request, { type: 'Directors' }));
  await waitPlaying(page);
  await page.getByTestId('player').hover();
  await page.getByTestId('player-captions').click();
  const menu = page.getByTestId('captions-menu');
  await expect(menu.getByRole('menuitemradio').first()).toHaveText('Off');
  await menu.locator('[data-value="ko"]').click();
  const cue = () =>
    onVideo(page, (v) => {
      const shown = [...v.textTracks].filter((t) => t.mode === 'showing');
      const active = shown.flatMap((t) => [...(t.activeCues ?? [])]);
      return { languages: shown.map((t) => t.language), text: active.map((c) => c.text).join(' ') };
    });
  await expect.poll(async () => (await cue()).languages, { timeout: 20_000 }).toEqual(['ko']);
  await expect.poll(async () => /[가-힣]/.test((await cue()).text), { timeout: 30_000 }).toBe(true);
  expect(await page.evaluate(() => localStorage.getItem('captionSelection'))).toBe('"ko"');
});

test('a fan without 4K sees no 4K button, four angles and the quality menu; the choice is kept', async ({
  browser,
  request,
}) => {
  // tmo false: a 4-view ticket without the 4K attribute.
  const page = await watch(browser, await fanWith(request, { tmo: false }));
  await expect(page.getByTestId('uhd-button')).toHaveCount(0);
  await expect(page.getByTestId('multiview-button')).toBeVisible();
  await page.getByTestId('pip-selector-button').click();
  await expect(page.getByTestId('pip-selector-menu').getByRole('menuitemradio')).toHaveCount(4);
  await page.keyboard.press('Escape');

  await page.getByTestId('player').hover();
  await page.getByTestId('player-quality').click();
  const menu = page.getByTestId('quality-menu');
  // Every rung of the stream's own ladder, best first, then Auto.
  await expect(menu.getByRole('menuitemradio')).toHaveText(await ladderLabels(page));
  await expect(menu.locator('[data-value="-1"]')).toHaveAttribute('aria-checked', 'true');
  await menu.getByRole('menuitemradio', { name: '360p' }).click();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('qualitySelection'))).toBe('360');
});

test('a quality change reaches the picture', async ({ browser, request }) => {
  const page = await watch(browser, await fanWith(request, { tmo: false }));
  await waitPlaying(page);
  await page.getByTestId('player').hover();
  await page.getByTestId('player-quality').click();
  await page.getByTestId('quality-menu').getByRole('menuitemradio', { name: '360p' }).click();
  await expect(page.getByTestId('player')).toHaveAttribute('data-height', '360', { timeout: 20_000 });
  await expect.poll(() => onVideo(page, (v) => v.videoHeight), { timeout: 20_000 }).toBe(360);
});

test('a 4K ticket switches to the 4K view and back to multiview', async ({ browser, request }) => {
  const page = await watch(browser, await fanWith(request, { type: 'Directors', '4K': true }));
  await waitPlaying(page);
  await page.getByTestId('uhd-button').click();
  const notice = page.getByTestId('uhd-notice-modal');
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'OK, got it' }).click();
  await expect(notice).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('streamingNotice4k'))).toBe('true');
  await expect(page.getByTestId('primary-viewer')).toHaveAttribute('data-stream', 'stream4k');
  await expect(page.getByTestId('viewer')).toHaveAttribute('data-mode', 'uhd');
  await expect(page.getByTestId('player')).toHaveAttribute('data-height', '2160', { timeout: 30_000 });
  await waitPlaying(page);
  await expect.poll(() => onVideo(page, (v) => v.videoHeight), { timeout: 30_000 }).toBe(2160);
  // Pips are not selectable in 4K.
  await expect(page.getByTestId('pip-selector-button')).toBeDisabled();
  await page.getByTestId('multiview-button').click();
  await expect(page.getByTestId('viewer')).toHaveAttribute('data-mode', 'multiview');
  await expect(page.getByTestId('primary-viewer')).toHaveAttribute('data-stream', 'mix-stream1');
});

test('a 1-view GA ticket sees no pips', async ({ browser, request }) => {
  const page = await watch(browser, await fanWith(request, { type: 'GA' }));
  await waitPlaying(page);
  await expect(page.getByTestId('primary-viewer')).toHaveAttribute('data-stream', 'mix-stream1');
  await expect(page.getByTestId('pip-selector')).toHaveCount(0);
  await expect(page.getByTestId('multiview-button')).toHaveCount(0);
  await expect(page.getByTestId('uhd-button')).toHaveCount(0);
});

test("pips become selectable only once the main video passes the show's pipDelay", async ({
  browser,
  request,
}) => {
  // pipDelay counts in the main video's own time: a replay (the on-demand rendition) starts at 0, so
  // the moment it passes is known, where a live picture's media time depends on the window it joined.
  const delay = 12;
  const { slug } = await scheduleShow(
    request,
    -20 * 60_000,
    { pip_delay: delay },
    (name) => `/media/${name}/vod.m3u8`,
  );
  const page = await openViewer(browser, request, await fanWithTicket(request, slug), slug, DESKTOP, {
    video: true,
  });
  await waitPlaying(page);
  expect(await currentTime(page)).toBeLessThan(delay);
  await expect(page.getByTestId('pip-selector-button')).toBeDisabled();
  await expect(page.getByTestId('multiview-button')).toBeDisabled();
  // The main video passes pipDelay: the pips open up, not a moment before.
  await expect(page.getByTestId('pip-selector-button')).toBeEnabled({ timeout: 45_000 });
  expect(await currentTime(page)).toBeGreaterThan(delay);
  await expect(page.getByTestId('multiview-button')).toBeEnabled();
  await page.getByTestId('pip-selector-button').click();
  await page.getByTestId('pip-selector-menu').locator('[data-pip="2"]').click();
  await expect(page.getByTestId('primary-viewer')).toHaveAttribute('data-stream', 'mix-stream2');
});

test('choosing a box of the overlay records the pip switch (pipclick) and closes the overlay', async ({
  browser,
  request,
}) => {
  const fan = await fanWithTicket(request, SLUG, { type: 'Directors' });
  const page = await openViewer(browser, request, fan, SLUG, DESKTOP, { video: true });
  await waitPlaying(page);
  const sent = recordAnalytics(page);
  const primary = page.getByTestId('primary-viewer');
  await expect(primary).toHaveAttribute('data-stream', 'mix-stream1');

  await page.getByTestId('multiview-button').click();
  const overlay = page.getByTestId('multiview-overlay');
  await expect(overlay.getByTestId('multiview-box')).toHaveCount(6);
  await overlay.locator('[data-pip="4"]').click();
  await expect(overlay).toBeHidden();
  await expect(primary).toHaveAttribute('data-stream', 'mix-stream4');

  // The batch goes out within its 2 s flush: opening the overview (pip 1 to the grid, id 0), then the
  // choice (the grid to pip 4), each with the label left and the seconds spent there.
  await expect
    .poll(() => sent.filter((e) => e.event_type === 'pipclick').map((e) => e.event_data.pip_id), {
      timeout: 10_000,
    })
    .toEqual([0, 4]);
  const [open, choice] = sent.filter((e) => e.event_type === 'pipclick');
  expect(open?.event_data).toMatchObject({ lastpip_id: 1, last_pip: 'CAM 1', pip_id: 0 });
  expect(choice?.event_data).toMatchObject({ lastpip_id: 0, last_pip: 'Multiview', pip_id: 4 });
  expect(choice?.event_data.lastpip_duration).toEqual(expect.any(Number));
  expect(choice?.event_category).toBe('Encore Live: World Tour Final');
});
