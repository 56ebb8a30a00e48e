import { demoAccount, enterChat, signedInPage, ticketedFan } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';

/**
 * Issue 29: a host revokes the ticket of a fan who is watching. The server ends the fan's show and
 * chat subscriptions with `unsubscribed`; the page says the ticket is no longer valid instead of
 * going quiet, and offers to validate another booking number.
 */
test.describe.configure({ timeout: 120_000 });

test('a ticket revoked while the fan watches: the viewer gives way to "Ticket no longer valid"', async ({
  browser,
  request,
}) => {
  const fan = await ticketedFan(request, 'encore-live');
  const page = await signedInPage(browser, request, fan);
  await enterChat(page, 'encore-live');

  const host = await demoAccount(request, 'host@encore.test');
  const res = await request.post('/thor/host/shows/encore-live/tickets/revoke', {
    data: { username: fan.username },
    headers: { authorization: `Token ${host.token}` },
  });
  expect(res.status(), await res.text()).toBe(200);

  const notice = page.getByTestId('event-notice');
  await expect(notice).toHaveAttribute('data-kind', 'ticket-revoked', { timeout: 15_000 });
  await expect(notice.getByRole('heading')).toHaveText('Ticket no longer valid');
  await expect(page.getByTestId('event-validate')).toBeVisible();
  await expect(page.getByTestId('chat-column')).toHaveCount(0);
  await page.context().close();
});
