import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import {
  currentTime,
  fanWith,
  lag,
  onVideo,
  showWithSources,
  steadyLag,
  waitPlaying,
  watch,
} from '../support/watching.ts';

// Issue 4, PLY-30 and PLY-31: a show whose streams have DASH plays it with EME. This Chromium has no
// Widevine or PlayReady CDM, so the chosen Widevine falls back to W3C ClearKey against Encore's own
// licence endpoint, which answers a ticket holder's DRM token only.
test.describe.configure({ timeout: 150_000 });

// packages/contract's CLEARKEY_LICENCE_PATH and DRM_TOKEN_HEADER (the e2e project imports no app code).
const CLEARKEY_LICENCE_PATH = '/thor/video/licence/clearkey/';
const DRM_TOKEN_HEADER = 'x-encore-drm-token';

const dashShow = (request: APIRequestContext) =>
  showWithSources(request, (name) => ({
    hls: { url: `/media/${name}/index.m3u8` },
    dash: { url: `/media/${name}/dash/live.mpd` },
  }));

test('DASH: encrypted live DASH plays through ClearKey with the licence request authorized, and the licence is refused without a valid DRM token', async ({
  browser,
  request,
}) => {
  const slug = await dashShow(request);
  const session = await fanWith(request, { type: 'Directors' }, slug);
  const licences: { authorization?: string; drm?: string; status: number }[] = [];
  const manifests: string[] = [];
  const page = await watch(browser, session, {
    slug,
    setup: async (context) => {
      context.on('requestfinished', (req) => {
        if (req.url().endsWith('.mpd')) manifests.push(req.url());
        if (!req.url().endsWith(CLEARKEY_LICENCE_PATH)) return;
        void Promise.all([req.allHeaders(), req.response()]).then(([h, res]) =>
          licences.push({
            authorization: h.authorization,
            drm: h[DRM_TOKEN_HEADER],
            status: res?.status() ?? 0,
          }),
        );
      });
    },
  });
  await waitPlaying(page);

  // The DRM choice drives playback: Widevine chosen (no PlayReady here), DASH for it, decrypted by
  // ClearKey since this browser has no Widevine CDM.
  const player = page.getByTestId('player');
  await expect(player).toHaveAttribute('data-drm-system', 'widevine');
  await expect(player).toHaveAttribute('data-stream-type', 'dash');
  await expect(player).toHaveAttribute('data-key-system', 'org.w3.clearkey');
  await expect(player).toHaveAttribute('data-live', 'true');
  expect(await onVideo(page, (v) => v.dataset.stream)).toMatch(/\/media\/[a-z0-9-]+\/dash\/live\.mpd$/);
  expect(manifests.length).toBeGreaterThan(0);
  // The picture moves on: encrypted segments are decrypted and played, not just loaded.
  const t0 = await currentTime(page);
  await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(t0 + 2);
  expect(await onVideo(page, (v) => v.videoHeight)).toBeGreaterThan(0);

  // The licence request carried the fan's auth token and the DRM token, and was answered.
  await expect.poll(() => licences.length).toBeGreaterThan(0);
  expect(licences[0]).toMatchObject({ authorization: `Token ${session.key}`, status: 200 });
  const drmToken = licences[0]?.drm ?? '';
  expect(drmToken).toMatch(/\./);

  // Refused without a valid token, with the key route's answers.
  const kidsBody = { kids: ['AAAAAAAAAAAAAAAAAAAAAA'], type: 'temporary' };
  const auth = { authorization: `Token ${session.key}` };
  const noToken = await request.post(CLEARKEY_LICENCE_PATH, { data: kidsBody, headers: auth });
  expect(noToken.status()).toBe(401);
  expect((await noToken.json()).code).toBe('UNAUTHORIZED');
  const forged = await request.post(CLEARKEY_LICENCE_PATH, {
    data: kidsBody,
    headers: { ...auth, [DRM_TOKEN_HEADER]: `${drmToken.split('.')[0]}.${'A'.repeat(43)}` },
  });
  expect(forged.status()).toBe(403);
  expect((await forged.json()).code).toBe('DRM_TOKEN_INVALID');
  const anonymous = await request.post(CLEARKEY_LICENCE_PATH, {
    data: kidsBody,
    headers: { [DRM_TOKEN_HEADER]: drmToken },
  });
  expect(anonymous.status()).toBe(401);

  await page.context().close();
});

test('DASH: an angle switch keeps the moment', async ({ browser, request }) => {
  const slug = await dashShow(request);
  const page = await watch(browser, await fanWith(request, { type: 'Directors' }, slug), { slug });
  await waitPlaying(page);
  await expect(page.getByTestId('player')).toHaveAttribute('data-stream-type', 'dash');
  // Same moment: the lag behind the shared clock is what it was on the first angle, within 0.5 s.
  const before = await steadyLag(page);
  await page.getByTestId('multiview-button').click();
  await page.getByTestId('multiview-overlay').locator('[data-pip="3"]').click();
  await expect.poll(() => onVideo(page, (v) => v.dataset.stream ?? '')).toContain('mix-stream3/dash/');
  await waitPlaying(page);
  await expect(page.getByTestId('player')).toHaveAttribute('data-key-system', 'org.w3.clearkey');
  await expect.poll(async () => Math.abs((await lag(page)) - before), { timeout: 10_000 }).toBeLessThan(500);
  await page.context().close();
});

test('DASH: a switch by the pip selector right after the start plays the new angle (the last player is torn down first)', async ({
  browser,
  request,
}) => {
  const slug = await dashShow(request);
  const page = await watch(browser, await fanWith(request, { type: 'Directors' }, slug), { slug });
  await waitPlaying(page);
  await page.getByTestId('pip-selector-button').click();
  await page.getByTestId('pip-selector-menu').locator('[data-pip="2"]').click();
  await expect.poll(() => onVideo(page, (v) => v.dataset.stream ?? '')).toContain('mix-stream2/dash/');
  await waitPlaying(page);
  await expect(page.getByTestId('player')).toHaveAttribute('data-stream-type', 'dash');
  await page.context().close();
});
