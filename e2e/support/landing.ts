import type { Browser, Page } from '@playwright/test';
import { PASSWORD } from './api.ts';
import { expect } from './fixtures.ts';

/**
 * A browser of its own (a device), with the entry skew fixed at 0 so the test knows when doors open.
 * `video: false` refuses the media: a journey about tickets and devices spends no CPU on decoding.
 */
export async function device(browser: Browser, { video = true }: { video?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  if (!video) await context.route(/\/media\//, (route) => route.abort());
  await context.addInitScript(() => localStorage.setItem('skew', '0'));
  return context.newPage();
}

/** Signs in through the landing page's login modal, with a show chosen (?show=). */
export async function signIn(page: Page, slug: string, email: string) {
  await page.goto(`/?show=${slug}&go=login`);
  const modal = page.getByTestId('login-modal');
  await expect(modal).toBeVisible();
  await modal.getByTestId('login-email').fill(email);
  await modal.getByTestId('login-password').fill(PASSWORD);
  await modal.getByTestId('login-submit').click();
  await expect(modal).toBeHidden();
}
