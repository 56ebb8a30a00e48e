import { expect, test } from '../support/fixtures.ts';
import { DESKTOP, fanWithTicket, openViewer, PHONE } from '../support/viewer.ts';

// Issue 4, viewing sections 2 and 3: the 4K notices of the demo show, which need no playback (the
// media is refused). What a choice in the overlay records needs the picture: watching.spec.ts.
test.describe.configure({ timeout: 90_000 });

const SLUG = 'encore-live';

test('a 4K ticket on a phone: the inline 4K notice instead of the modal; its dismiss keeps streamingNotice4k', async ({
  browser,
  request,
}) => {
  const fan = await fanWithTicket(request, SLUG, { type: 'Directors', '4K': true });
  const page = await openViewer(browser, request, fan, SLUG, PHONE);
  await expect(page.getByTestId('viewer')).toHaveAttribute('data-device', 'phone');
  expect(await page.evaluate(() => localStorage.getItem('streamingNotice4k'))).toBeNull();

  await page.getByTestId('uhd-button').click();
  await expect(page.getByTestId('viewer')).toHaveAttribute('data-mode', 'uhd');
  const inline = page.getByTestId('uhd-notice-inline');
  await expect(inline).toBeVisible();
  await expect(inline).toContainText('30 Mbps');
  await expect(page.getByTestId('uhd-notice-modal')).toHaveCount(0);
  await inline.getByTestId('uhd-notice-dismiss').click();
  await expect(inline).toBeHidden();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('streamingNotice4k'))).toBe('true');

  // Kept: after a reload the 4K view comes without a notice.
  await page.reload();
  await page.getByTestId('uhd-button').click();
  await expect(page.getByTestId('viewer')).toHaveAttribute('data-mode', 'uhd');
  await expect(page.getByTestId('uhd-notice-inline')).toHaveCount(0);
  await expect(page.getByTestId('uhd-notice-modal')).toHaveCount(0);
});

test('a 4K ticket on desktop: the modal notice, not the inline one; its button keeps streamingNotice4k', async ({
  browser,
  request,
}) => {
  const fan = await fanWithTicket(request, SLUG, { type: 'Directors', '4K': true });
  const page = await openViewer(browser, request, fan, SLUG, DESKTOP);
  await page.getByTestId('uhd-button').click();
  const modal = page.getByTestId('uhd-notice-modal');
  await expect(modal).toBeVisible();
  await expect(page.getByTestId('uhd-notice-inline')).toHaveCount(0);
  await modal.getByRole('button', { name: 'OK, got it' }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByTestId('uhd-notice-inline')).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('streamingNotice4k'))).toBe('true');
});
