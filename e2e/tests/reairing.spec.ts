import { scheduleShow } from '../support/api.ts';
import { chatRow, enterChat, say, signedInPage, ticketedFan } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';

// Issue 11: a show whose main window is over opens again for each re-airing: the fan enters, sees it
// marked as a re-airing and chats live; between windows the notice says when the next doors open, with
// the show's re-airing messages.
test.describe.configure({ timeout: 120_000 });

const HOUR = 3600_000;
const aired = (reairingInMs: number) => {
  const now = Date.now();
  return {
    event_enter_time: new Date(now - 6 * HOUR).toISOString(),
    event_start_time: new Date(now - 5 * HOUR).toISOString(),
    event_end_time: new Date(now - 3 * HOUR).toISOString(),
    reairings: [{ event_start_time: new Date(now + reairingInMs).toISOString() }],
    reairings_msg: { en: 'The full concert airs again for every time zone.' },
    reairings_virtual_doors_msg: { en: 'Virtual doors open 30 minutes before.' },
  };
};

test('a fan enters a re-airing and chats live; between windows the notice says when doors open again', async ({
  browser,
  request,
}) => {
  // Doors of the re-airing opened 20 minutes ago (it starts in 10).
  const open = await scheduleShow(request, 0, {}, undefined, aired(10 * 60_000));
  const fan = await ticketedFan(request, open.slug);
  const page = await signedInPage(browser, request, fan);
  await enterChat(page, open.slug);
  await expect(page.getByTestId('event-reairing-tag')).toBeVisible();
  await say(page, 'here again for the re-airing');
  await expect(chatRow(page, 'here again for the re-airing')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('reairing-viewer.png') });

  // A re-airing two hours away: not open yet, and the fan is told when.
  const later = await scheduleShow(request, 0, {}, undefined, aired(2 * HOUR));
  const other = await ticketedFan(request, later.slug);
  const waiting = await signedInPage(browser, request, other);
  await waiting.goto(`/event/${later.slug}`);
  const notice = waiting.getByTestId('event-notice');
  await expect(notice).toBeVisible({ timeout: 30_000 });
  const reairing = notice.getByTestId('event-reairing');
  await expect(reairing).toContainText('doors open');
  // The fan's own time with its zone, KST beside it (issue 26).
  await expect(reairing).toContainText(/\d{2}:\d{2} \S+ \(.*\d{2}:\d{2} KST\)|\d{2}:\d{2} KST/);
  await expect(reairing).toContainText('The full concert airs again for every time zone.');
  await expect(reairing).toContainText('Virtual doors open 30 minutes before.');
  await waiting.screenshot({ path: test.info().outputPath('reairing-notice.png') });
  await waiting.setViewportSize({ width: 390, height: 844 });
  await expect(reairing).toBeInViewport();
  await waiting.screenshot({ path: test.info().outputPath('reairing-notice-phone.png') });
});
