import type { Page } from '@playwright/test';
import { importCode, scheduleShow, verifiedFan } from '../support/api.ts';
import { expect, test } from '../support/fixtures.ts';
import { device, signIn } from '../support/landing.ts';

test.describe.configure({ timeout: 150_000 });

async function redeem(page: Page, code: string, email: string) {
  await page.getByTestId('ticket-validate').click();
  const modal = page.getByTestId('ticket-validate-modal');
  await expect(modal).toBeVisible();
  // Encore's own form comes first (issue 14); the shop's booking code is validated in the shop's.
  await modal.getByTestId('ticket-other-vendor-ticketshop').click();
  await modal.getByTestId('ticket-validate-email').fill(email);
  await modal.getByTestId('ticket-validate-code').fill(` ${code.toLowerCase()} `);
  await modal.getByTestId('ticket-validate-submit').click();
  return modal;
}

async function enter(page: Page, slug: string) {
  await page.goto(`/?show=${slug}`);
  const button = page.getByTestId('ticket-enter');
  await expect(button).toHaveAttribute('data-enabled', 'true', { timeout: 60_000 });
  await button.click();
  await expect(page).toHaveURL(new RegExp(`/event/${slug}$`));
  await expect(page.getByTestId('event-lobby')).toBeVisible();
  await expect(page.getByTestId('event-connection')).toHaveAttribute('data-status', 'open');
}

test('a fan redeems a booking code, waits for doors, enters; another account cannot use the code; a third device logs the first out', async ({
  browser,
  request,
}) => {
  // Doors open 45 s from now: signing in and redeeming on a loaded runner must finish before.
  const show = await scheduleShow(request, 45_000);
  const fan = await verifiedFan(request);
  const code = await importCode(request, show.slug, fan.email);

  // Without a ticket: the no-invite state with Buy and Validate.
  const first = await device(browser, { video: false });
  await signIn(first, show.slug, fan.email);
  await expect(first.getByTestId('ticket-no-invite')).toBeVisible();
  const modal = await redeem(first, code, fan.email);
  await expect(modal.getByTestId('ticket-validate-success')).toBeVisible();
  await expect(first.getByTestId('ticket-holder')).toBeVisible();
  await expect(first.getByTestId('ticket-entitlements')).toBeVisible();

  // Doors are not open yet: the countdown runs and Enter waits.
  await expect(first.getByTestId('countdown')).toBeVisible();
  await expect(first.getByTestId('ticket-enter')).not.toHaveAttribute('data-enabled', 'true');
  await enter(first, show.slug);

  // Another account with the same code and purchase email: 409, already redeemed.
  const rival = await verifiedFan(request);
  const other = await device(browser, { video: false });
  await signIn(other, show.slug, rival.email);
  const rivalModal = await redeem(other, code, fan.email);
  await expect(rivalModal.getByTestId('ticket-validate-error').locator('[data-status="409"]')).toBeVisible();
  await other.context().close();

  // A second device of the same ticket: chat goes off in the first while both are in.
  const second = await device(browser, { video: false });
  await signIn(second, show.slug, fan.email);
  await enter(second, show.slug);
  await expect(first.getByTestId('chat-disabled-devices')).toBeVisible();

  // A third device: the oldest (the first) is logged out of the event in real time.
  const third = await device(browser, { video: false });
  await signIn(third, show.slug, fan.email);
  await enter(third, show.slug);
  // The realtime logout reaches a page of three on a loaded 2-core runner: it can take seconds.
  await expect(first.getByTestId('notice-too-many-devices')).toBeVisible({ timeout: 30_000 });
  await expect(second.getByTestId('event-lobby')).toBeVisible();
  await expect(third.getByTestId('event-lobby')).toBeVisible();
});

test('before doors the event route refuses entry; without a ticket it says so', async ({
  browser,
  request,
}) => {
  const show = await scheduleShow(request, 10 * 60_000);
  const fan = await verifiedFan(request);
  const page = await device(browser);
  await signIn(page, show.slug, fan.email);
  await page.goto(`/event/${show.slug}`);
  await expect(page.getByTestId('event-notice')).toHaveAttribute('data-kind', /no-ticket|not-open/);
  await page.goto('/event/encore-live');
  await expect(page.getByTestId('event-notice')).toHaveAttribute('data-kind', 'no-ticket');
});

test('the landing page shows the teaser from the media cache, and it plays', async ({ browser }) => {
  const page = await device(browser);
  await page.goto('/');
  // The video is made when the fan scrolls near it (issue 14).
  await page.getByTestId('teaser-video').scrollIntoViewIfNeeded();
  const teaser = page.getByTestId('teaser-player');
  await expect(teaser).toBeVisible();
  await expect(teaser).toHaveAttribute('src', '/media/teaser.mp4#t=1');
  await teaser.scrollIntoViewIfNeeded();
  // The e2e project has no DOM types: the element is driven through its properties.
  type VideoLike = { play(): Promise<void>; currentTime: number };
  await teaser.evaluate((v) => (v as unknown as VideoLike).play());
  await expect
    .poll(() => teaser.evaluate((v) => (v as unknown as VideoLike).currentTime), { timeout: 20_000 })
    .toBeGreaterThan(0.5);
});

test("validating a code: the form first, in its vendor's words; another vendor's code is named and carried over; success offers Enter show", async ({
  browser,
  request,
}) => {
  const show = await scheduleShow(request, -60_000);
  const fan = await verifiedFan(request);
  const shopCode = await importCode(request, show.slug, fan.email, { type: 'GA' }, 'ticketshop');
  const page = await device(browser, { video: false });
  const vendorImages: number[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/vendors/')) vendorImages.push(r.status());
  });
  await signIn(page, show.slug, fan.email);
  await expect(page.getByTestId('ticket-no-invite')).toBeVisible();
  await page.getByTestId('ticket-validate').click();
  const modal = page.getByTestId('ticket-validate-modal');

  // Issue 26: the dialog opens on a form, Encore's own, titled for Encore, with no red word first.
  await expect(modal.getByTestId('ticket-validate-form')).toBeVisible();
  await expect(modal.getByTestId('ticket-vendor')).toHaveAttribute('data-vendor', 'encore');
  await expect(modal.getByRole('heading', { level: 2 })).toHaveText('Validate your Encore Access Pass');
  await expect(modal.getByTestId('ticket-validate-error')).toHaveCount(0);
  // The shop's logo is an image that loads (it was a 404).
  const shopLogo = modal.getByTestId('ticket-other-vendor-ticketshop').locator('img');
  await expect(shopLogo).toBeVisible();
  type Img = { complete: boolean; naturalWidth: number };
  await expect
    .poll(() =>
      shopLogo.evaluate((img) => (img as unknown as Img).complete && (img as unknown as Img).naturalWidth),
    )
    .toBeGreaterThan(0);

  // Issue 25: the shop's code in Encore's form is refused, naming the shop; nothing is redeemed.
  await modal.getByTestId('ticket-validate-code').fill(shopCode);
  await modal.getByTestId('ticket-validate-email').fill(fan.email);
  await modal.getByTestId('ticket-validate-submit').click();
  const error = modal.getByTestId('ticket-validate-error');
  await expect(error).toContainText('This booking number was issued by TicketShop.');
  await expect(error.locator('[data-status="406"]')).toBeVisible();
  // The shop's form, with what was typed carried over.
  await modal.getByTestId('ticket-validate-switch-vendor').click();
  await expect(modal.getByTestId('ticket-vendor')).toHaveAttribute('data-vendor', 'ticketshop');
  await expect(modal.getByRole('heading', { level: 2 })).toHaveText('Validate your TicketShop Access Pass');
  await expect(modal.getByTestId('ticket-validate-code')).toHaveValue(shopCode);
  await expect(modal.getByTestId('ticket-validate-error')).toHaveCount(0);
  await modal.getByTestId('ticket-validate-submit').click();

  // Success offers the way in.
  await expect(modal.getByTestId('ticket-validate-success')).toBeVisible();
  const enterShow = modal.getByTestId('ticket-success-enter');
  await expect(enterShow).toHaveAttribute('data-enabled', 'true');
  await enterShow.click();
  await expect(page).toHaveURL(new RegExp(`/event/${show.slug}$`));
  await expect(page.getByTestId('event-lobby')).toBeVisible();
  expect(vendorImages.length).toBeGreaterThan(0);
  expect(vendorImages.every((status) => status === 200 || status === 304)).toBe(true);
});

test('two tabs of one fan: chat is off while both are in, once; back when the second closes, or when it crashes (its slot freed by the heartbeat)', async ({
  browser,
  request,
}) => {
  test.setTimeout(360_000);
  const show = await scheduleShow(request, -60_000);
  const fan = await verifiedFan(request);
  const code = await importCode(request, show.slug, fan.email);
  const first = await device(browser, { video: false });
  await signIn(first, show.slug, fan.email);
  const modal = await redeem(first, code, fan.email);
  await expect(modal.getByTestId('ticket-validate-success')).toBeVisible();
  await enter(first, show.slug);
  const input = first.getByTestId('chat-input');
  await expect(input).toBeEnabled({ timeout: 30_000 });

  // A second tab of the same browser: chat goes off in the first, told once.
  const second = await first.context().newPage();
  await enter(second, show.slug);
  await expect(first.getByTestId('chat-disabled-devices')).toBeVisible({ timeout: 30_000 });
  await expect(
    first.getByText('Chat is off while another device uses your ticket.', { exact: false }),
  ).toHaveCount(1);
  await expect(input).toBeDisabled();

  // The second tab closes: chat comes back in the first, without a reload (issue 25).
  await second.close({ runBeforeUnload: true });
  await expect(first.getByTestId('chat-disabled-devices')).toHaveCount(0, { timeout: 90_000 });
  await expect(input).toBeEnabled();

  // A third tab that crashes (no goodbye reaches the server): its slot frees after the heartbeat
  // window (DEVICE_LIVE_MS: a minute by default, 15 s on the e2e server).
  const crashing = await first.context().newPage();
  await enter(crashing, show.slug);
  await expect(input).toBeDisabled({ timeout: 30_000 });
  // The renderer dies: no pagehide, no DELETE, only the socket's end.
  const cdp = await crashing.context().newCDPSession(crashing);
  const crashed = crashing.waitForEvent('crash');
  // The command never answers (its page is gone): the page's crash event says it happened.
  void cdp.send('Page.crash').catch(() => undefined);
  await crashed;
  await expect(first.getByTestId('chat-disabled-devices')).toHaveCount(0, { timeout: 120_000 });
  await expect(input).toBeEnabled();
});
