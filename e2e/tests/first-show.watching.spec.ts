import { importCode, scheduleShow, verifiedFan } from '../support/api.ts';
import { expect, test } from '../support/fixtures.ts';
import { device, signIn } from '../support/landing.ts';

// LAND-30, the product's whole promise in one journey: a fan whose ticket comes from an external shop
// signs in, proves it, picks the nickname the chat shows, waits for doors, and watches the live show
// from more than one camera angle. The file name puts it in the `watching` project (it plays video).
test.describe.configure({ timeout: 180_000 });

test('a ticket holder from an external shop signs in, sets a chat nickname, enters at doors and watches several angles', async ({
  browser,
  request,
}) => {
  // A copy of the demo show (its streams and chat) whose doors open 40 s from now.
  const show = await scheduleShow(request, 40_000);
  const fan = await verifiedFan(request);
  const code = await importCode(request, show.slug, fan.email);

  const page = await device(browser);
  await signIn(page, show.slug, fan.email);
  await expect(page.getByTestId('ticket-no-invite')).toBeVisible();

  // Prove the shop's booking code.
  await page.getByTestId('ticket-validate').click();
  const validate = page.getByTestId('ticket-validate-modal');
  // Encore's own tickets are checked first (issue 14); the shop's booking code is the other way.
  await validate.getByTestId('ticket-other-vendor-ticketshop').click();
  await validate.getByTestId('ticket-validate-email').fill(fan.email);
  await validate.getByTestId('ticket-validate-code').fill(code);
  await validate.getByTestId('ticket-validate-submit').click();
  await expect(validate.getByTestId('ticket-validate-success')).toBeVisible();
  await expect(page.getByTestId('ticket-holder')).toBeVisible();

  // The chat nickname is the username (UPDATE_USER).
  const nickname = `${fan.username.slice(0, 14)}live`;
  await page.getByTestId('user-menu-button').click();
  await page.getByTestId('user-menu-change-username').click();
  await page.getByTestId('update-user-username').fill(nickname);
  await page.getByTestId('update-user-submit').click();
  await expect(page.getByTestId('user-menu-button')).toContainText(nickname);

  // Doors open: Enter turns on by itself, and leads into the show.
  const enter = page.getByTestId('ticket-enter');
  await expect(enter).toHaveAttribute('data-enabled', 'true', { timeout: 75_000 });
  await enter.click();
  await expect(page).toHaveURL(new RegExp(`/event/${show.slug}$`));
  await expect(page.getByTestId('viewer')).toBeVisible({ timeout: 30_000 });

  // Live video plays.
  const video = page.getByTestId('player-video');
  const playing = () =>
    video.evaluate((el) => {
      const v = el as unknown as { paused: boolean; readyState: number; currentTime: number };
      return !v.paused && v.readyState >= 3 && v.currentTime > 0;
    });
  await expect.poll(playing, { timeout: 45_000 }).toBe(true);
  await page.getByTestId('player').hover();
  await expect(page.getByTestId('player-live')).toBeVisible();

  // Several camera angles: the pip selector lists them and a choice changes the picture's stream.
  await page.getByTestId('pip-selector-button').click();
  const menu = page.getByTestId('pip-selector-menu');
  expect(await menu.getByRole('menuitemradio').count()).toBeGreaterThan(1);
  await menu.locator('[data-pip="2"]').click();
  await expect(page.getByTestId('primary-viewer')).toHaveAttribute('data-stream', 'mix-stream2');
  await expect(page.getByTestId('current-stream')).toContainText('CAM 2');
  await expect.poll(playing, { timeout: 45_000 }).toBe(true);
  await page.getByTestId('pip-selector-button').click();
  await menu.locator('[data-pip="4"]').click();
  await expect(page.getByTestId('primary-viewer')).toHaveAttribute('data-stream', 'mix-stream4');
  await expect.poll(playing, { timeout: 45_000 }).toBe(true);

  // The chat shows the fan under the nickname.
  const input = page.getByTestId('chat-input');
  await expect(input).toBeEnabled({ timeout: 30_000 });
  await input.fill('first show, front row');
  await page.getByTestId('chat-send').click();
  const mine = page.getByTestId('chat-message').filter({ hasText: 'first show, front row' });
  await expect(mine).toHaveAttribute('data-own', 'true');
  await expect(mine.getByTestId('chat-username')).toHaveText(nickname);
});
