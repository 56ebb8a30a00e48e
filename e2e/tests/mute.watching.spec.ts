import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { fanWith, onVideo, waitPlaying, watch } from '../support/watching.ts';

// PLY-08 and PLY-09: every first load is muted; a fan who unmuted keeps sound across a reload in the
// same tab, except on Safari, whose first load forces mute. Safari's rules are chosen by its user
// agent, which is what this Chromium presents here.
const SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15';

test.describe.configure({ timeout: 120_000 });

async function unmuteAndReload(page: Page, mutedAfterReload: boolean) {
  await waitPlaying(page);
  const player = page.getByTestId('player');
  await expect(player).toHaveAttribute('data-muted', 'true');
  const unmute = page.getByTestId('player-tap-unmute');
  await unmute.click();
  await expect(player).toHaveAttribute('data-muted', 'false');

  // The same tab reloads.
  await page.reload();
  await waitPlaying(page);
  await expect(player).toHaveAttribute('data-muted', String(mutedAfterReload));
  expect(await onVideo(page, (v) => v.muted)).toBe(mutedAfterReload);
  await expect(unmute).toBeVisible({ visible: mutedAfterReload });
  await page.context().close();
}

test('Chrome: the first load is muted, and after the fan unmutes a reload keeps the sound', async ({
  browser,
  request,
}) => {
  // This Chromium's autoplay policy lets the page start with sound after the fan's gesture.
  const page = await watch(browser, await fanWith(request, { type: 'GA' }));
  await unmuteAndReload(page, false);
});

test('Safari: the first load is muted, and after the fan unmutes a reload is muted again', async ({
  browser,
  request,
}) => {
  const page = await watch(browser, await fanWith(request, { type: 'GA' }), { userAgent: SAFARI });
  await unmuteAndReload(page, true);
});
