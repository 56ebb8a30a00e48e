import type { BrowserContext } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';

// Issue 26: a browser below the build's level (ES2019 with modules: Chrome 70, Safari 13.1) saw the boot
// spinner forever. public/browser-check.js, an ES5 script that runs before the app, shows an update
// page in the fan's language instead, and the app does not start. Simulated here by removing a
// function every engine at the level has (Array.prototype.flat) before any script runs.

async function belowTheLevel(context: BrowserContext, locale?: string) {
  await context.addInitScript((saved) => {
    delete (Array.prototype as unknown as Record<string, unknown>).flat;
    if (saved) localStorage.setItem('locale', JSON.stringify(saved));
  }, locale ?? null);
}

for (const size of [
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
]) {
  test(`a browser below the level gets the update page in the fan's language (${size.name})`, async ({
    browser,
  }, testInfo) => {
    const context = await browser.newContext({ viewport: size.viewport, locale: 'en-US' });
    await belowTheLevel(context);
    const page = await context.newPage();
    const configRequests: string[] = [];
    page.on('request', (r) => r.url().includes('/config.json') && configRequests.push(r.url()));
    await page.goto('/event/encore-live');
    const notice = page.getByTestId('unsupported-browser');
    await expect(notice.getByRole('heading', { name: 'Please update your browser' })).toBeVisible();
    await expect(notice).toContainText('Chrome 70+, Safari 13.1+');
    await expect(page).toHaveTitle(/Please update your browser/);
    await page.screenshot({ path: testInfo.outputPath(`unsupported-en-${size.name}.png`) });
    // The app did not start: no configuration read, no spinner left, nothing of React drawn.
    expect(configRequests).toEqual([]);
    await expect(page.locator('.boot')).toHaveCount(0);

    // A fan who chose Korean on Encore reads it in Korean; a Japanese browser without a choice, Japanese.
    const ko = await browser.newContext({ viewport: size.viewport, locale: 'en-US' });
    await belowTheLevel(ko, 'ko');
    const koPage = await ko.newPage();
    await koPage.goto('/');
    await expect(koPage.getByRole('heading', { name: '브라우저를 업데이트해 주세요' })).toBeVisible();
    await expect(koPage.locator('html')).toHaveAttribute('lang', 'ko');
    await koPage.screenshot({ path: testInfo.outputPath(`unsupported-ko-${size.name}.png`) });
    const ja = await browser.newContext({ viewport: size.viewport, locale: 'ja-JP' });
    await belowTheLevel(ja);
    const jaPage = await ja.newPage();
    await jaPage.goto('/');
    await expect(jaPage.getByRole('heading', { name: 'ブラウザを更新してください' })).toBeVisible();
  });
}

test('a browser at the level never sees the update page', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByTestId('site-footer')).toBeVisible();
  await expect(page.getByTestId('unsupported-browser')).toHaveCount(0);
  await expect(page.locator('html')).not.toHaveAttribute('data-unsupported');
});
