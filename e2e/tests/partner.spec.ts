import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { uniqueFan } from '../support/outbox.ts';

/** The page's window, as far as these journeys use it (the e2e project has no DOM types). */
type PageWindow = {
  open: (...args: unknown[]) => unknown;
  __opens: unknown[][];
  postMessage: (data: unknown, targetOrigin: string) => void;
  location: { origin: string };
};

/**
 * The e2e server runs with the default email login; these journeys give the client a configuration
 * whose auth_system names the partner platform, its account page being Encore's development partner
 * sign-in page (it signs tokens with the development key the server verifies).
 */
async function partnerSite(context: BrowserContext): Promise<Page> {
  await context.route('**/config.json', async (route) => {
    const response = await route.fetch();
    const json = (await response.json()) as Record<string, unknown>;
    const origin = new URL(route.request().url()).origin;
    await route.fulfill({
      response,
      json: { ...json, auth_system: 'weverse', partner_account_url: `${origin}/dev/partner-account/` },
    });
  });
  await context.addInitScript(() => {
    localStorage.setItem('agreeCookies', 'true');
    // Records window.open's arguments (the popup's size) and still opens the window.
    const w = globalThis as unknown as PageWindow;
    const open = w.open.bind(w);
    w.__opens = [];
    w.open = (...args: unknown[]) => {
      w.__opens.push(args);
      return open(...args);
    };
  });
  return context.newPage();
}

async function signInWithPartner(page: Page, account: string) {
  await page.goto('/?go=login');
  const modal = page.getByTestId('partner-login-modal');
  await expect(modal).toBeVisible();
  await expect(page.getByTestId('login-modal')).toHaveCount(0);
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    modal.getByTestId('partner-login-continue').click(),
  ]);
  await expect(modal.getByTestId('partner-login-waiting')).toBeVisible();
  await popup.getByLabel('Account name').fill(account);
  // The page closes itself right after posting: wait for that from before the click.
  await Promise.all([
    popup.waitForEvent('close'),
    popup.getByRole('button', { name: 'Sign in and return' }).click(),
  ]);
}

test('a fan signs in with the partner platform popup, chooses a username, and signs straight in next time (PPL-01..09, PPL-14)', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await partnerSite(context);
  const account = uniqueFan('wv').username;
  await signInWithPartner(page, account);
  const opens = await page.evaluate(() => (globalThis as unknown as PageWindow).__opens);
  expect(opens).toHaveLength(1);
  expect(String(opens[0]?.[0])).toMatch(/\/dev\/partner-account\/$/);
  expect(String(opens[0]?.[2])).toContain('width=360,height=640');

  // A new partner account: the username modal (201 temp_code).
  const register = page.getByTestId('partner-register-modal');
  await expect(register).toBeVisible();
  const field = register.getByTestId('partner-register-username');
  await field.fill('demofan');
  await register.getByTestId('partner-register-submit').click();
  await expect(register.getByText('This username is already taken. Please choose another.')).toBeVisible();
  await expect(register.getByTestId('partner-register-submit')).toBeDisabled();
  const username = uniqueFan('wvfan').username;
  await field.fill(username);
  await expect(register.getByText('This username is already taken. Please choose another.')).toHaveCount(0);
  await register.getByTestId('partner-register-submit').click();
  await expect(register).toBeHidden();
  await expect(page.getByTestId('user-menu-username')).toHaveText(username);

  // The partner token is kept as wvToken (three dot-separated parts).
  const wvToken = await page.evaluate(
    () => JSON.parse(localStorage.getItem('wvToken') ?? 'null') as string | null,
  );
  expect(wvToken?.split('.')).toHaveLength(3);

  // Next time the same partner account is logged in at once (200).
  await page.getByTestId('user-menu-button').click();
  await page.getByTestId('user-menu-sign-out').click();
  await expect(page.getByTestId('user-menu-username')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('wvToken'))).toBeNull();
  await signInWithPartner(page, account);
  await expect(page.getByTestId('partner-login-modal')).toBeHidden();
  await expect(page.getByTestId('partner-register-modal')).toHaveCount(0);
  await expect(page.getByTestId('user-menu-username')).toHaveText(username);
});

test('partner login messages: other origins are ignored; empty data, a bad token and a refused token warn (PPL-11..13)', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await partnerSite(context);
  await page.goto('/?go=login');
  await expect(page.getByTestId('partner-login-modal')).toBeVisible();
  // The development partner page lives on Encore's origin, so this page can post as the partner would.
  const post = (data: unknown) =>
    page.evaluate((d) => {
      const w = globalThis as unknown as PageWindow;
      w.postMessage(d, w.location.origin);
    }, data);

  await post('');
  await expect(page.locator('[data-message-key="partner-error-empty"]')).toBeVisible();
  await post('not-a-token');
  const bad = page.locator('[data-message-key="partner-error-bad-token"]');
  await expect(bad).toHaveText(/Login error - Weverse bad token\. Please try again later\./);
  await post('aaa.bbb.ccc');
  const refused = page.locator('[data-message-key="error-weverse-sign-in"]');
  await expect(refused).toBeVisible();
  // Sticky: still there well after the 8 s of a timed warning, until closed.
  await expect(page.locator('[data-message-key="partner-error-empty"]')).toBeHidden({ timeout: 12_000 });
  await expect(bad).toBeVisible();
  await expect(refused).toBeVisible();
  await expect(page.getByTestId('user-menu-username')).toHaveCount(0);
});

test('a partner sign-up refused for another reason than a taken name warns for 8 s and closes the modal (PPL-10)', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await partnerSite(context);
  await signInWithPartner(page, uniqueFan('wv').username);
  const register = page.getByTestId('partner-register-modal');
  await expect(register).toBeVisible();
  // Well-formed for the form, refused by the server's profanity check (406).
  await register.getByTestId('partner-register-username').fill('fuckface');
  await register.getByTestId('partner-register-submit').click();
  await expect(register).toBeHidden();
  const warning = page.locator('[data-message-key="error-weverse-register-error"]');
  await expect(warning).toBeVisible();
  await expect(warning).toBeHidden({ timeout: 12_000 });
  await expect(page.getByTestId('user-menu-username')).toHaveCount(0);
});
