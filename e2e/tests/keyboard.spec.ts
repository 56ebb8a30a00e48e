import type { Page } from '@playwright/test';
import { PASSWORD, scheduleShow } from '../support/api.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { channelIdOf, joinByApi, ticketedFan, tossByApi } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';
import { DESKTOP, fanWithTicket, openViewer } from '../support/viewer.ts';

/**
 * Issue 14: a fan with only a keyboard signs in, enters the show, switches angle in multiview and in
 * the camera menu, chats and closes every dialog; focus never falls to the page body.
 */
test.describe.configure({ timeout: 150_000 });

const SLUG = 'encore-live';

// Evaluated in the page (the e2e project has no DOM types).
const focusedTestId = (page: Page) =>
  page.evaluate<string | undefined>(
    "document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName",
  );

/** Presses Tab until the element with this test id has focus (as a keyboard user would). */
async function tabTo(page: Page, testId: string, max = 60) {
  for (let i = 0; i < max; i++) {
    if ((await focusedTestId(page)) === testId) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`${testId} is not reachable with Tab (${max} presses)`);
}

async function expectFocusNotOnBody(page: Page) {
  await expect.poll(() => page.evaluate<boolean>('document.activeElement !== document.body')).toBe(true);
}

test('sign in, enter, switch angle, chat and close every dialog with the keyboard alone', async ({
  browser,
  request,
}) => {
  const fan = await fanWithTicket(request, SLUG);
  const context = await browser.newContext(DESKTOP);
  // The media is refused: this journey checks focus, not pictures.
  await context.route(/\/media\//, (route) => route.abort());
  await context.addInitScript(() => {
    localStorage.setItem('skew', '0');
    localStorage.setItem('agreeCookies', 'true');
  });
  const page = await context.newPage();
  await page.goto(`/?show=${SLUG}`);
  await expect(page.getByTestId('show-ticketing')).toBeVisible({ timeout: 30_000 });

  // The first Tab stop is the skip link, which takes focus past the navigation.
  await page.keyboard.press('Tab');
  expect(await focusedTestId(page)).toBe('skip-link');
  await page.keyboard.press('Enter');
  await expect.poll(() => page.evaluate<string | undefined>('document.activeElement?.id')).toBe('main');

  // A dialog opened from the keyboard closes with Escape and gives focus back to its opener.
  await page.keyboard.press('Shift+Tab');
  await tabTo(page, 'nav-sign-up');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('register-modal')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('register-modal')).toHaveCount(0);
  expect(await focusedTestId(page)).toBe('nav-sign-up');

  // Sign in: the form takes focus; after it, focus is on the page, not lost on the body.
  await tabTo(page, 'nav-sign-in');
  await page.keyboard.press('Enter');
  const login = page.getByTestId('login-modal');
  await expect(login).toBeVisible();
  await expect(login.getByTestId('login-email')).toBeFocused();
  await page.keyboard.type(fan.email);
  await tabTo(page, 'login-password');
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(login).toHaveCount(0);
  await expectFocusNotOnBody(page);

  // Enter the show.
  await expect(page.getByTestId('ticket-enter')).toHaveAttribute('data-enabled', 'true');
  await tabTo(page, 'ticket-enter');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('viewer')).toBeVisible({ timeout: 30_000 });
  // Issue 26: focus is on the stage after entering, not on the page body.
  await expect.poll(() => focusedTestId(page)).toBe('primary-viewer');

  // Multiview: the overlay takes focus, the arrows reach CAM 3, Enter picks it; focus comes back.
  await tabTo(page, 'multiview-button');
  await page.keyboard.press('Enter');
  const overlay = page.getByTestId('multiview-overlay');
  await expect(overlay).toBeVisible();
  await expect(overlay.locator('[data-pip="1"]')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(overlay.locator('[data-pip="3"]')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(overlay).toHaveCount(0);
  await expect(page.getByTestId('viewer')).toHaveAttribute('data-pip', '3');
  await expectFocusNotOnBody(page);

  // The camera menu: arrows open it on the chosen angle and move; Enter picks; focus is back on it.
  await tabTo(page, 'pip-selector-button');
  await page.keyboard.press('ArrowDown');
  const menu = page.getByTestId('pip-selector-menu');
  await expect(menu.locator('[data-pip="3"]')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.locator('[data-pip="4"]')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('viewer')).toHaveAttribute('data-pip', '4');
  await expect(menu).toHaveCount(0);
  expect(await focusedTestId(page)).toBe('pip-selector-button');

  // Chat: type and send; the tabs move with the arrows.
  await tabTo(page, 'chat-input');
  await page.keyboard.type('hello from the keyboard');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('chat-list')).toContainText('hello from the keyboard');
  await page.getByTestId('chat-tab-chat').focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('chat-tab-stickers')).toBeFocused();
  await expect(page.getByTestId('chat-tab-stickers')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Home');
  await expect(page.getByTestId('chat-tab-chat')).toHaveAttribute('aria-selected', 'true');
  await expectNoSeriousA11yViolations(page, 'viewer after the keyboard journey');
});

test('the chat is one Tab stop however many messages it holds; their actions are reached with the arrows', async ({
  browser,
  request,
}) => {
  const show = await scheduleShow(request, -60_000);
  const [fan, other] = await Promise.all([ticketedFan(request, show.slug), ticketedFan(request, show.slug)]);
  const hang = await joinByApi(request, other, await channelIdOf(request, show.slug));
  const texts = Array.from({ length: 11 }, (_, i) => `line ${i + 1} from another fan`);
  expect(new Set(await tossByApi(request, other, hang, show.name, texts, 4))).toEqual(new Set([200]));
  const page = await openViewer(browser, request, fan, show.slug);
  await expect(page.getByTestId('chat-message')).toHaveCount(11, { timeout: 30_000 });
  await expect(page.getByTestId('chat-message-menu')).toHaveCount(11);
  // Opened straight at its address, the viewer too puts focus on the stage.
  await expect.poll(() => focusedTestId(page)).toBe('primary-viewer');

  // From the stage to the chat box: no stop on a message's own controls (29 stops before, with 11
  // messages), and the list is one stop.
  const stops: string[] = [];
  for (let i = 0; i < 40 && stops.at(-1) !== 'chat-input'; i++) {
    await page.keyboard.press('Tab');
    stops.push((await focusedTestId(page)) ?? '');
  }
  expect(stops.at(-1)).toBe('chat-input');
  expect(stops.filter((s) => s === 'chat-message-menu')).toEqual([]);
  expect(stops.filter((s) => s === 'chat-list')).toHaveLength(1);

  // In the list, Up reaches the newest message's actions, then the one before; Enter opens its menu
  // with Report focused; Escape closes it back onto its button, and again back onto the list.
  await page.keyboard.press('Shift+Tab');
  expect(await focusedTestId(page)).toBe('chat-list');
  await page.keyboard.press('ArrowUp');
  const newest = page.getByTestId('chat-message').last();
  await expect(newest.getByTestId('chat-message-menu')).toBeFocused();
  await page.keyboard.press('ArrowUp');
  const before = page.getByTestId('chat-message').nth(9);
  await expect(before.getByTestId('chat-message-menu')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(before.getByTestId('chat-report')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(before.getByTestId('chat-report')).toHaveCount(0);
  await expect(before.getByTestId('chat-message-menu')).toBeFocused();
  await page.keyboard.press('Escape');
  expect(await focusedTestId(page)).toBe('chat-list');
  await page.keyboard.press('Tab');
  expect(await focusedTestId(page)).toBe('chat-input');
  await expectNoSeriousA11yViolations(page, 'viewer with a chat of 11 messages');
  await page.context().close();
});
