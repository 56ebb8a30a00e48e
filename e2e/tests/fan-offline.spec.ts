import { scheduleShow } from '../support/api.ts';
import { chatRow, enterChat, say, signedInPage, ticketedFan } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';

// Issue 26: the fan's own outage is told apart from the show's, and no chat line is silently lost.
// Offline, the viewer said nothing (or, before issue 24, "We'll be right back", blaming the show),
// "Connection: Connected" stayed, and a line sent then ended as "Not sent." with no way to send it.
test.describe.configure({ timeout: 120_000 });

test('offline: the viewer says the connection dropped, and a line sent then is delivered on reconnect', async ({
  browser,
  request,
}) => {
  const show = await scheduleShow(request, -60_000);
  const [mina, joon] = await Promise.all([ticketedFan(request, show.slug), ticketedFan(request, show.slug)]);
  const a = await signedInPage(browser, request, mina);
  const b = await signedInPage(browser, request, joon);
  await Promise.all([enterChat(a, show.slug), enterChat(b, show.slug)]);
  await expect(a.getByTestId('event-connection-dropped')).toHaveCount(0);

  await a.context().setOffline(true);
  await expect(a.getByTestId('event-connection-dropped')).toContainText('Your connection dropped');
  await expect(a.getByTestId('event-connection')).toHaveAttribute('data-status', 'reconnecting');
  await say(a, 'sent from the tunnel');
  const line = chatRow(a, 'sent from the tunnel');
  await expect(line.getByTestId('chat-failed-note')).toContainText('your connection dropped');
  await expect(line.getByTestId('chat-resend')).toBeVisible();
  // The show's slate is not the fan's outage.
  await expect(a.getByTestId('player-standby')).toHaveCount(0);

  await a.context().setOffline(false);
  await expect(chatRow(b, 'sent from the tunnel')).toHaveCount(1);
  await expect(line.getByTestId('chat-failed-note')).toHaveCount(0);
  await expect(a.getByTestId('event-connection-dropped')).toHaveCount(0);
});

test('a line whose send failed is kept and goes on a tap of Send again', async ({ browser, request }) => {
  const show = await scheduleShow(request, -60_000);
  const [mina, joon] = await Promise.all([ticketedFan(request, show.slug), ticketedFan(request, show.slug)]);
  const a = await signedInPage(browser, request, mina);
  const b = await signedInPage(browser, request, joon);
  await Promise.all([enterChat(a, show.slug), enterChat(b, show.slug)]);

  // The request dies on the way (a link that is up but carries nothing): no 'online' will come.
  const tosses = /\/toss\/$/;
  await a.route(tosses, (route) => route.abort('connectionreset'));
  await say(a, 'lost on the way');
  const line = chatRow(a, 'lost on the way');
  await expect(line.getByTestId('chat-failed-note')).toBeVisible();
  await a.unroute(tosses);
  await line.getByTestId('chat-resend').click();
  await expect(chatRow(b, 'lost on the way')).toHaveCount(1);
  await expect(line.getByTestId('chat-failed-note')).toHaveCount(0);
  await expect(chatRow(a, 'lost on the way')).toHaveCount(1);
});
