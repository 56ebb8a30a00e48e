import { doorsMinutesBefore } from '@encore/contract';
import { expect, test } from '../support/fixtures.ts';
import { device } from '../support/landing.ts';

/** The business constants the landing page shows (viewing section 9, accounts sections 1 and 9: CONST rows). */

test('the landing notice: supported systems, browsers, speeds, the ticket sale date and the doors, all in KST', async ({
  browser,
  request,
}) => {
  const page = await device(browser);
  await page.goto('/');
  const requirements = page.getByTestId('system-requirements');
  await expect(requirements).toBeVisible({ timeout: 30_000 });
  // CONST-04, CONST-05, CONST-06.
  await expect(requirements.getByTestId('requirements-os')).toContainText(
    'Mac OS 10.12+, Windows 7+, iOS 13.6+, Android 8+',
  );
  await expect(requirements.getByTestId('requirements-browser')).toContainText(
    'Chrome 70+, Safari 13.1.2, Firefox 39+, Edge 42+',
  );
  await expect(requirements.getByTestId('requirements-bandwidth')).toContainText(
    'At least 20 Mbps (30 Mbps for 4K)',
  );
  // CONST-07 and CONST-08: the sale date in KST, and the notice that every time is KST.
  await expect(page.getByTestId('tickets-on-sale')).toHaveText(
    'Tickets on sale from Wed, Sep 16, 2020 · 13:00 KST.',
  );
  await expect(page.getByTestId('times-in-kst')).toHaveText(
    'All times are shown in Korea Standard Time (KST).',
  );
  await expect(page.getByTestId('show-start-time')).toContainText(/\d{2}:\d{2} KST/);
  await expect(page.getByTestId('show-doors-time')).toContainText(/\d{2}:\d{2} KST/);
  // CONST-01 decided, CONST-03: the doors notice says the current show's own minutes (30 by default).
  const config = (await (await request.get('/config.json')).json()) as {
    shows: Parameters<typeof doorsMinutesBefore>[0][];
  };
  const first = config.shows[0];
  if (!first) throw new Error('no listed show');
  await expect(page.getByTestId('livestream-access')).toContainText(
    `Doors open ${doorsMinutesBefore(first)} minutes before the show starts.`,
  );

  // In Korean the same notice, still in KST (i18n).
  await page.getByTestId('language-switcher').selectOption('ko');
  await expect(page.getByTestId('tickets-on-sale')).toContainText('티켓 판매 시작');
  await expect(page.getByTestId('tickets-on-sale')).toContainText('13:00 KST');
  await page.context().close();
});
