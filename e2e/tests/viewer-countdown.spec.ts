import { scheduleShow } from '../support/api.ts';
import { signedInPage, ticketedFan } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';

/** Inside the viewer, before the show starts: how long until it does (issue 26). */

test('the viewer counts down to the show’s start in the fan’s language and drops the countdown once the show is live', async ({
  browser,
  request,
}) => {
  // Doors open, the start a few seconds ahead.
  const soon = await scheduleShow(request, -60_000, {}, undefined, {
    event_start_time: new Date(Date.now() + 30_000).toISOString(),
  });
  const fan = await ticketedFan(request, soon.slug);
  const page = await signedInPage(browser, request, fan);
  await page.goto(`/event/${soon.slug}`);
  const countdown = page.getByTestId('viewer-starts-in');
  await expect(countdown).toHaveText(/^Starts in 00:[0-3]\d$/, { timeout: 30_000 });
  await expect(countdown).toHaveAttribute('role', 'timer');
  // At the start the show is live: the countdown is gone.
  await expect(countdown).toBeHidden({ timeout: 45_000 });
  await page.context().close();

  // A start further ahead, for a Korean fan: hours and minutes in Korean.
  const later = await scheduleShow(request, -60_000, {}, undefined, {
    event_start_time: new Date(Date.now() + 75 * 60_000).toISOString(),
  });
  const other = await ticketedFan(request, later.slug);
  const ko = await signedInPage(browser, request, other);
  await ko.addInitScript(() => localStorage.setItem('locale', JSON.stringify('ko')));
  await ko.goto(`/event/${later.slug}`);
  await expect(ko.getByTestId('viewer-starts-in')).toHaveText(/^1:1[45]:\d{2} 후 시작$/, { timeout: 30_000 });
  await ko.context().close();
});
