import { scheduleShow } from '../support/api.ts';
import { channelIdOf, enterChat, signedInPage, ticketedFan } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';

/** Cheering together (viewing sections 2 and 4: CHR rows, MV-24, CHAT-32). */
test.describe.configure({ timeout: 120_000 });

test('two fans cheer; each count is sent after 10 s and the global tally rises to both for both', async ({
  browser,
  request,
}) => {
  // A show of its own, so that nobody else's cheers move its total; wall stats polled every second.
  const show = await scheduleShow(request, -60_000, { tabs: ['react', 'chat'], wall_stats_interval: 1000 });
  const [mina, joon] = await Promise.all([ticketedFan(request, show.slug), ticketedFan(request, show.slug)]);
  const a = await signedInPage(browser, request, mina);
  const b = await signedInPage(browser, request, joon);
  const sentA = a.waitForRequest((r) => r.url().includes('/wall_reaction/') && r.method() === 'POST', {
    timeout: 30_000,
  });
  await Promise.all([a.goto(`/event/${show.slug}`), b.goto(`/event/${show.slug}`)]);
  for (const page of [a, b]) {
    await expect(page.getByTestId('react-tab')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('global-tally-count')).toHaveText('0');
  }

  // A tap raises the fan's own totals and the global count at once (CHR-03, CHR-06 decided).
  for (let i = 0; i < 3; i++) await a.getByTestId('cheer-button').click();
  for (let i = 0; i < 2; i++) await b.getByTestId('cheer-button').click();
  await expect(a.getByTestId('cheer-count')).toHaveText('3');
  await expect(a.getByTestId('cheer-totals')).toHaveAttribute('data-unsent', '3');
  // Issue 14: the unsent count is bookkeeping, never shown ("Not sent yet").
  await expect(a.getByTestId('react-tab')).not.toContainText('Not sent yet');
  await expect(a.getByTestId('cheer-global')).toHaveText('3');
  await expect(a.getByTestId('global-tally-count')).toHaveText('3');
  await expect(b.getByTestId('global-tally-count')).toHaveText('2');

  // The count goes out as a wall_reaction (CHR-11, CHR-12), and the session count starts again (CHR-04).
  const request1 = await sentA;
  expect(request1.postDataJSON()).toMatchObject({
    toss_type: 'wall_reaction',
    toss_text: '',
    toss_data: { lt_stk: 3 },
  });
  expect(request1.url()).toMatch(/\/thor\/hangs\/\d+\/[^/]+\/wall_reaction\/$/);
  await expect(a.getByTestId('cheer-totals')).toHaveAttribute('data-unsent', '0');
  await expect(a.getByTestId('cheer-count')).toHaveText('3');

  // Both counts reach the wall; each fan's tally shows everyone's 5 from the polled wall stats (CHR-05).
  for (const page of [a, b]) {
    await expect(page.getByTestId('global-tally')).toHaveAttribute('data-total', '5', { timeout: 30_000 });
    await expect(page.getByTestId('global-tally-count')).toHaveText('5');
    await expect(page.getByTestId('cheer-global')).toHaveText('5');
  }
  const stats = await request.get(`/wall_stats/${await channelIdOf(request, show.slug)}.json`);
  expect((await stats.json()).toss_data.total_cumulative_lt_stk).toBe(5);
});

test('clicking the global tally switches to the fan wall and back; phones have no tally', async ({
  browser,
  request,
}) => {
  const fan = await ticketedFan(request, 'encore-live');
  const page = await signedInPage(browser, request, fan);
  await enterChat(page, 'encore-live');
  const stage = page.getByTestId('primary-viewer');
  const tally = page.getByTestId('global-tally');
  await expect(stage).not.toHaveAttribute('data-stream', 'fanwall-stream');
  await expect(tally).toHaveAttribute('aria-pressed', 'false');
  await tally.click();
  await expect(stage).toHaveAttribute('data-stream', 'fanwall-stream');
  await expect(page.getByTestId('viewer')).toHaveAttribute('data-mode', 'fanwall');
  await expect(tally).toHaveAttribute('aria-pressed', 'true');
  await tally.click();
  await expect(page.getByTestId('viewer')).toHaveAttribute('data-mode', 'multiview');
  await expect(stage).not.toHaveAttribute('data-stream', 'fanwall-stream');

  // Desktop only (CHR-20): a phone's top navigation has none.
  const phone = await signedInPage(browser, request, fan, { width: 390, height: 844 });
  await phone.goto('/event/encore-live');
  await expect(phone.getByTestId('viewer')).toHaveAttribute('data-device', 'phone', { timeout: 30_000 });
  await expect(phone.getByTestId('top-nav')).toBeVisible();
  await expect(phone.getByTestId('global-tally')).toHaveCount(0);
});

test("the show's cheer art: the button's icon, another while pressed, the stage behind it; an icon that fails to load leaves the drawn heart", async ({
  browser,
  request,
}) => {
  const art = {
    sprites: ['/thor/pg/sticker-images/heart.svg'],
    button_icon: '/cheer/button.svg',
    button_icon_active: '/cheer/button-active.svg',
    background_image: '/cheer/background.svg',
  };
  const show = await scheduleShow(request, -60_000, { tabs: ['react', 'chat'], cheer: art });
  const page = await signedInPage(browser, request, await ticketedFan(request, show.slug));
  await page.goto(`/event/${show.slug}`);
  const button = page.getByTestId('cheer-button');
  const icon = page.getByTestId('cheer-button-icon');
  await expect(icon).toHaveAttribute('src', art.button_icon, { timeout: 30_000 });
  await expect
    .poll(() => icon.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
    .toBe(64);
  await expect(page.getByTestId('cheer-stage')).toHaveCSS('background-image', /\/cheer\/background\.svg/);

  // Pressed: the active icon; released: the icon again (CHR-18).
  await button.hover();
  await page.mouse.down();
  await expect(button).toHaveAttribute('data-pressed', 'true');
  await expect(icon).toHaveAttribute('src', art.button_icon_active);
  await page.mouse.up();
  await expect(icon).toHaveAttribute('src', art.button_icon);
  await expect(page.getByTestId('cheer-count')).toHaveText('1');
  await page.context().close();

  // A show whose icon does not load keeps Encore's drawn button.
  const broken = await scheduleShow(request, -60_000, {
    tabs: ['react', 'chat'],
    cheer: { ...art, button_icon: '/cheer/missing.svg', button_icon_active: '' },
  });
  const other = await signedInPage(browser, request, await ticketedFan(request, broken.slug));
  await other.goto(`/event/${broken.slug}`);
  await expect(other.getByTestId('cheer-button')).toBeVisible({ timeout: 30_000 });
  await expect(other.getByTestId('cheer-button-icon')).toHaveCount(0);
  await expect(other.getByTestId('cheer-button').locator('svg')).toBeVisible();
  await other.context().close();
});
