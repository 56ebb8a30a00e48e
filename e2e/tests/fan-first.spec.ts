import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';
import { DESKTOP, fanWithTicket, openViewer, PHONE, TABLET } from '../support/viewer.ts';

/**
 * Issue 14, "what fans meet first": the phone layout, the legal and not-found pages, the cookie
 * banner, and axe-core at each of these states.
 */
test.describe.configure({ timeout: 120_000 });

const SLUG = 'encore-live';

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function box(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not on screen');
  return b;
}

async function expectInFirstScreen(page: Page, locator: Locator) {
  const b = await box(locator);
  const { height } = page.viewportSize() ?? { height: 0 };
  expect(b.y + b.height, 'bottom edge within the first screen').toBeLessThanOrEqual(height);
}

for (const [name, device] of [
  ['phone', PHONE],
  ['tablet', TABLET],
] as const) {
  test(`a ticket holder on a ${name}: the live show leads, Enter show is in the first screen (issue 14)`, async ({
    browser,
    request,
  }) => {
    const fan = await fanWithTicket(request, SLUG);
    const page = await openViewer(browser, request, fan, SLUG, device);
    await page.goto('/');
    const hero = page.getByTestId('hero');
    await expect(hero).toHaveAttribute('data-stage', 'live');
    await expect(hero).not.toContainText('When doors open');
    const enter = page.getByTestId('ticket-enter');
    await expect(enter).toHaveAttribute('data-enabled', 'true');
    await expectInFirstScreen(page, enter);
    await expectNoSeriousA11yViolations(page, `landing, ticket holder, ${name}`);
  });
}

test('the cookie banner covers neither the show title nor its ticket button; Learn more opens the Privacy Policy', async ({
  browser,
}) => {
  for (const size of [PHONE, { viewport: { width: 820, height: 1180 } }, DESKTOP]) {
    const context = await browser.newContext(size);
    const page = await context.newPage();
    await page.goto('/');
    const banner = page.getByTestId('cookie-message');
    await expect(banner).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('show-event-name')).toBeVisible();
    const title = page.getByTestId('show-event-name');
    const ticket = page.getByTestId('show-ticketing').locator('[data-testid^="ticket-"]').first();
    await title.scrollIntoViewIfNeeded();
    expect(overlaps(await box(banner), await box(title)), 'banner over the title').toBe(false);
    await ticket.scrollIntoViewIfNeeded();
    expect(overlaps(await box(banner), await box(ticket)), 'banner over the ticket button').toBe(false);
    await context.close();
  }

  const page = await (await browser.newContext(PHONE)).newPage();
  await page.goto('/');
  await expect(page.getByTestId('cookie-message')).toBeVisible({ timeout: 30_000 });
  await expectNoSeriousA11yViolations(page, 'landing, signed out, cookie banner, phone');
  await page.getByTestId('cookie-message').getByRole('link').click();
  await expect(page).toHaveURL(/\/privacy\/en$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
  await expect(page).toHaveTitle('Privacy Policy | Encore');
  await expectNoSeriousA11yViolations(page, 'privacy policy');
});

test('Privacy Policy and Terms exist in en, ja, ko and zh-cn; an unknown path is a 404 with a not-found page', async ({
  page,
}) => {
  const titles = {
    privacy: {
      en: 'Privacy Policy',
      ja: 'プライバシーポリシー',
      ko: '개인정보 처리방침',
      'zh-cn': '隐私政策',
    },
    terms: { en: 'Terms of Service', ja: '利用規約', ko: '이용약관', 'zh-cn': '服务条款' },
  };
  for (const [kind, byLocale] of Object.entries(titles)) {
    for (const [locale, title] of Object.entries(byLocale)) {
      const res = await page.goto(`/${kind}/${locale}`);
      expect(res?.status(), `${kind}/${locale}`).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      // Real content: a dozen sections, the support address, not the landing page.
      expect(await page.locator('.legal__section').count()).toBeGreaterThanOrEqual(10);
      await expect(page.getByTestId('landing-page')).toHaveCount(0);
    }
  }
  await page.goto('/terms/ko');
  await expectNoSeriousA11yViolations(page, 'terms, ko');

  const missing = await page.goto('/this/page/does-not-exist');
  expect(missing?.status()).toBe(404);
  await expect(page.getByTestId('not-found')).toBeVisible();
  await expect(page.getByTestId('landing-page')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'not found');
  await page.getByTestId('not-found-home').click();
  await expect(page.getByTestId('landing-page')).toBeVisible();

  const robots = await page.request.get('/robots.txt');
  expect(robots.headers()['content-type']).toContain('text/plain');
  expect(await robots.text()).toContain('User-agent: *');
});

test('the viewer on a phone: the chat gets the height, no empty box before Pair light stick, no serious axe finding', async ({
  browser,
  request,
}) => {
  const fan = await fanWithTicket(request, SLUG);
  const page = await openViewer(browser, request, fan, SLUG, PHONE);
  await expect(page.getByTestId('chat-list')).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveTitle('Encore Live: World Tour Final · The Encores | Encore');
  // The list is most of what is under the video (it was 4 or 5 rows under the blocks above it).
  const list = await box(page.getByTestId('chat-list'));
  expect(list.height).toBeGreaterThan(330);
  await expect(page.getByTestId('current-stream')).toBeHidden();
  // Unpaired, the light-stick row is just its button: no bordered box with an empty stick in it.
  const bar = page.getByTestId('lightstick-bar');
  await expect(bar).toHaveCSS('border-top-color', 'rgba(0, 0, 0, 0)');
  await expect(page.getByTestId('lightstick-colour')).toBeHidden();
  // Typing: the light-stick row and the view strip step aside.
  await page.getByTestId('chat-input').click();
  await expect(page.getByTestId('chat-input')).toBeFocused();
  await expect(page.getByTestId('viewer-bar')).toBeHidden();
  await expect(bar).toBeHidden();
  await page.getByTestId('chat-input').blur();
  await expectNoSeriousA11yViolations(page, 'viewer, phone');
});

for (const [name, device] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test(`multiview on a ${name}: the heading and close button leave every angle's label clear; the controls stay away`, async ({
    browser,
    request,
  }) => {
    const fan = await fanWithTicket(request, SLUG, { type: 'Directors', mview: 6 });
    const page = await openViewer(browser, request, fan, SLUG, device);
    await page.getByTestId('multiview-button').click();
    const overlay = page.getByTestId('multiview-overlay');
    await expect(overlay).toBeVisible();
    await expect(overlay).toHaveAttribute('aria-modal', 'true');
    const labels = overlay.locator('.mv-box__label');
    await expect(labels).toHaveCount(6);
    const heading = await box(overlay.locator('#mv-title'));
    const close = await box(page.getByTestId('multiview-close'));
    await expect(page.getByTestId('player')).toHaveAttribute('data-controls', 'hidden');
    for (let i = 0; i < 6; i++) {
      const label = await box(labels.nth(i));
      expect(overlaps(label, heading), `MULTIVIEW over label ${i + 1}`).toBe(false);
      expect(overlaps(label, close), `close over label ${i + 1}`).toBe(false);
    }
    // Focus is in the dialog, and stays there.
    await expect(overlay.locator(':focus')).toHaveCount(1);
    for (let i = 0; i < 10; i++) await page.keyboard.press('Tab');
    await expect(overlay.locator(':focus')).toHaveCount(1);
    await expectNoSeriousA11yViolations(page, `multiview overlay, ${name}`);
    await page.keyboard.press('Escape');
    await expect(overlay).toHaveCount(0);
  });
}
