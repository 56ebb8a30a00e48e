import type { Page } from '@playwright/test';
import { scheduleShow } from '../support/api.ts';
import {
  channelIdOf,
  chatRow,
  demoAccount,
  enterChat,
  giveTicket,
  hangIdOf,
  joinByApi,
  say,
  signedInPage,
  ticketedFan,
  tossByApi,
} from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';

/**
 * The chat room's life around the list: the persisted hang session, leaving, the realtime link and
 * its notices, what a message shows, and the list's show-more state (viewing sections 2-4, 8).
 */
test.describe.configure({ timeout: 120_000 });

const PHONE = { width: 390, height: 844 };
const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const storedSession = (page: Page) => page.evaluate(() => localStorage.getItem('hangSession'));

test('the hang session survives a reload and is cleared on leaving; leaving releases the room', async ({
  browser,
  request,
}) => {
  const [show, second] = await Promise.all([scheduleShow(request, -60_000), scheduleShow(request, -60_000)]);
  const [mina, joon] = await Promise.all([ticketedFan(request, show.slug), ticketedFan(request, show.slug)]);
  await giveTicket(request, mina, second.slug);
  const a = await signedInPage(browser, request, mina);
  const b = await signedInPage(browser, request, joon);
  const framesSent: string[] = [];
  a.on('websocket', (ws) =>
    ws.on('framesent', (frame) => {
      if (typeof frame.payload === 'string') framesSent.push(frame.payload);
    }),
  );
  const joins: { session_id: string }[] = [];
  a.on('request', (r) => {
    if (r.url().includes('/thor/hangs/join_hang/')) joins.push(r.postDataJSON());
  });
  await Promise.all([enterChat(a, show.slug), enterChat(b, show.slug)]);

  // CHAT-08: the first join asks for a new session; the answer's session id is kept as hangSession.
  expect(joins[0]?.session_id).toBe('new');
  const session = await storedSession(a);
  expect(session).toMatch(/\S/);
  await expect(b.getByTestId('chat-active')).toHaveText('2 here');

  // A reload re-joins the same session instead of opening a second one.
  await a.reload();
  await expect(a.getByTestId('chat-input')).toBeEnabled({ timeout: 30_000 });
  expect(joins.at(-1)?.session_id).toBe(session);
  expect(await storedSession(a)).toBe(session);
  await expect(b.getByTestId('chat-active')).toHaveText('2 here');
  const hangChannel = framesSent
    .map((f) => JSON.parse(f) as { type: string; channels?: { channel: string }[] })
    .flatMap((f) => (f.type === 'subscribe' ? (f.channels ?? []) : []))
    .map((c) => c.channel)
    .find((c) => c.startsWith('hang-'));
  expect(hangChannel).toBeTruthy();

  // CHAT-18: leaving the show inside the app leaves the hang with that session and clears
  // hangSession; the room counts one fan fewer.
  const leave = a.waitForRequest((r) => r.url().includes('/thor/hangs/leave_hang') && r.method() === 'PUT');
  await a.getByTestId('nav-logo').click();
  expect((await leave).postDataJSON()).toEqual({ hang_id: expect.any(Number), session_id: session });
  await expect.poll(() => storedSession(a)).toBeNull();
  await expect(b.getByTestId('chat-active')).toHaveText('1 here');

  // CHAT-22: the chat released its channel. The page's one realtime client keeps the channels still
  // held and subscribes to them again on its next connection: entering another show in the same page
  // subscribes to that show's room only.
  const subscribedFrom = framesSent.length;
  const subscribedSince = () =>
    framesSent
      .slice(subscribedFrom)
      .map((f) => JSON.parse(f) as { type: string; channels?: { channel: string }[] })
      .flatMap((f) => (f.type === 'subscribe' ? (f.channels ?? []).map((c) => c.channel) : []));
  await a.evaluate(`(() => {
    history.pushState({}, '', '/event/${second.slug}');
    dispatchEvent(new PopStateEvent('popstate'));
  })()`);
  await expect(a.getByTestId('chat-input')).toBeEnabled({ timeout: 30_000 });
  await expect.poll(() => subscribedSince().filter((c) => c.startsWith('hang-')).length).toBe(1);
  expect(subscribedSince()).not.toContain(hangChannel);
  await a.getByTestId('nav-logo').click();
  await expect.poll(() => storedSession(a)).toBeNull();

  // CHAT-18: without a session there is nothing to leave. The join is made to fail (no real server
  // failure can be had on demand here): going home then sends no leave.
  await a.route('**/thor/hangs/join_hang/', (route) => route.abort('connectionfailed'));
  await a.goto(`/event/${show.slug}`);
  await expect(a.getByTestId('chat-column')).toBeVisible({ timeout: 30_000 });
  await expect(a.getByTestId('chat-column').getByRole('button', { name: 'Try again' })).toBeVisible();
  let leftAgain = false;
  a.on('request', (r) => {
    if (r.url().includes('/thor/hangs/leave_hang')) leftAgain = true;
  });
  await a.getByTestId('nav-logo').click();
  await expect(a.getByTestId('chat-column')).toHaveCount(0);
  // The leave would go out in the same task as the unmount: a request made after it proves none did.
  await a.evaluate(() => fetch('/healthz'));
  expect(leftAgain).toBe(false);
  expect(await storedSession(a)).toBeNull();
});

test('a lost realtime link shows the chat server connection failed notice until it is back', async ({
  browser,
  request,
}) => {
  const show = await scheduleShow(request, -60_000);
  const [mina, joon] = await Promise.all([ticketedFan(request, show.slug), ticketedFan(request, show.slug)]);
  const a = await signedInPage(browser, request, mina);
  const b = await signedInPage(browser, request, joon);
  // The link is cut in the browser, between the page and the server: the shared server stays up for
  // every other page. While `down`, each reconnect attempt is refused at once.
  let down = false;
  const links: { close: () => Promise<void> }[] = [];
  await a.context().routeWebSocket(/\/realtime$/, (ws) => {
    if (down) {
      void ws.close({ code: 4000, reason: 'link down' });
      return;
    }
    ws.connectToServer();
    links.push({ close: () => ws.close({ code: 4000, reason: 'link down' }) });
  });
  await Promise.all([enterChat(a, show.slug), enterChat(b, show.slug)]);
  await expect(a.getByTestId('chat-connection-failed')).toBeHidden();

  down = true;
  await Promise.all(links.map((l) => l.close()));
  const notice = a.getByTestId('chat-connection-failed');
  await expect(notice).toBeVisible();
  await expect(notice).toHaveText('Chat server connection failed. Reconnecting…');

  down = false;
  await expect(notice).toBeHidden({ timeout: 20_000 });
  // Back on the room's channel: messages flow again.
  await say(b, 'are you back');
  await expect(chatRow(a, 'are you back')).toBeVisible();
});

test('a send the server refuses shows chat send error', async ({ browser, request }) => {
  const show = await scheduleShow(request, -60_000);
  const mina = await ticketedFan(request, show.slug);
  const a = await signedInPage(browser, request, mina);
  await enterChat(a, show.slug);
  await say(a, 'this one is fine');
  await expect(chatRow(a, 'this one is fine')).toBeVisible();
  await expect(a.getByTestId('chat-send-error')).toBeHidden();

  // The fan's session ends elsewhere (their other device leaves with it): the server refuses the next
  // toss with 412 NOT_ALLOWED, a failure other than OVER_CAPACITY (CHAT-31).
  const session = await storedSession(a);
  const hangId = await hangIdOf(request, mina, await channelIdOf(request, show.slug));
  const left = await request.put('/thor/hangs/leave_hang', {
    data: { hang_id: hangId, session_id: session },
    headers: { authorization: `Token ${mina.token}` },
  });
  expect(left.status(), await left.text()).toBe(200);
  const refused = a.waitForResponse((r) => r.url().includes('/toss/'));
  await say(a, 'is this still going out');
  expect((await refused).status()).toBe(412);
  await expect(a.getByTestId('chat-send-error')).toHaveText('chat send error');
  await expect(chatRow(a, 'is this still going out')).toContainText('Not sent.');
  // The input stays usable: it is no lockout.
  await expect(a.getByTestId('chat-input')).toBeEnabled();
});

test('a message shows its time, the verified mark of a verified sender, and http images over https', async ({
  browser,
  request,
}) => {
  const show = await scheduleShow(request, -60_000);
  const mina = await ticketedFan(request, show.slug);
  // The demo host's first chat moniker is 'verified' (the demo seed); a fresh fan has none.
  const host = await demoAccount(request, 'host@encore.test');
  const channel = await channelIdOf(request, show.slug);
  const hostHang = await joinByApi(request, host, channel);
  expect(await tossByApi(request, host, hostHang, show.name, ['welcome, everyone'])).toEqual([200]);

  const a = await signedInPage(browser, request, mina);
  // The server never sends an http profile image (it has none to send): the history's sender is
  // given one on the way in, the only way to see what the client does with it (CHAT-37).
  const httpImage = new URL('/thor/pg/sticker-images/star.svg', 'http://cdn.encore.test').toString();
  await a.route('**/thor/hangs/join_hang/', async (route) => {
    const response = await route.fetch();
    const json = (await response.json()) as { tosses: { sender: Record<string, unknown> }[] };
    for (const toss of json.tosses) toss.sender.profile_image_75x75 = httpImage;
    await route.fulfill({ response, json });
  });
  await enterChat(a, show.slug);

  const welcome = chatRow(a, 'welcome, everyone');
  await expect(welcome.getByTestId('chat-username')).toHaveText(host.username);
  await expect(welcome.getByTestId('chat-verified')).toBeVisible();
  await expect(welcome.getByTestId('chat-avatar')).toHaveAttribute(
    'src',
    'https://cdn.encore.test/thor/pg/sticker-images/star.svg',
  );

  // Live messages too: the host's carries the mark, the fan's own does not.
  await say(a, 'hello host');
  expect(await tossByApi(request, host, hostHang, show.name, ['thanks for coming'])).toEqual([200]);
  await expect(chatRow(a, 'thanks for coming').getByTestId('chat-verified')).toBeVisible();
  const own = chatRow(a, 'hello host');
  await expect(own).toHaveAttribute('data-own', 'true');
  await expect(own.getByTestId('chat-verified')).toHaveCount(0);

  // The time: hours and minutes of send_time on the fan's own clock (issue 14); the tooltip names its
  // zone with KST beside (issue 26), or KST alone on Korea's clock.
  const time = own.getByTestId('chat-time');
  await expect(time).toHaveText(/^\d{2}:\d{2}$/);
  const sentAt = (await time.getAttribute('datetime')) ?? '';
  const local = await a.evaluate(
    (iso) => new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' }).format(new Date(iso)),
    sentAt,
  );
  await expect(time).toHaveText(local);
  const kst = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Asia/Seoul',
  });
  const kstTime = `${kst.format(new Date(sentAt))} KST`;
  await expect(time).toHaveAttribute(
    'title',
    local === kst.format(new Date(sentAt)) ? kstTime : new RegExp(`^${local} \\S+ \\(${kstTime}\\)$`),
  );
});

test('empty text is not sent; at phone size the input clears and the keyboard goes away after sending', async ({
  browser,
  request,
}) => {
  const show = await scheduleShow(request, -60_000);
  const [mina, joon] = await Promise.all([ticketedFan(request, show.slug), ticketedFan(request, show.slug)]);
  const phone = await signedInPage(browser, request, mina, PHONE, undefined, {
    device: { isMobile: true, hasTouch: true },
  });
  const desk = await signedInPage(browser, request, joon);
  const tosses: string[] = [];
  for (const page of [phone, desk])
    page.on('request', (r) => {
      if (r.url().includes('/toss/')) tosses.push(r.url());
    });
  await Promise.all([enterChat(phone, show.slug), enterChat(desk, show.slug)]);

  // CHAT-39: spaces only are no message: SEND stays off and Enter sends nothing.
  const input = desk.getByTestId('chat-input');
  await input.fill('   ');
  await expect(desk.getByTestId('chat-send')).toBeDisabled();
  await input.press('Enter');
  await say(desk, 'a real message');
  await expect(chatRow(desk, 'a real message')).toBeVisible();
  await expect.poll(() => tosses.length).toBe(1);
  await expect(desk.getByTestId('chat-message')).toHaveCount(1);
  // On a desktop the input keeps its focus for the next message (sent with Enter).
  await input.fill('typing on');
  await input.press('Enter');
  await expect(input).toHaveValue('');
  await expect(input).toBeFocused();

  // CHAT-44: on a phone the input clears and loses focus, so the keyboard closes.
  const phoneInput = phone.getByTestId('chat-input');
  await phoneInput.tap();
  await phoneInput.fill('from my phone');
  await expect(phoneInput).toBeFocused();
  await phoneInput.press('Enter');
  await expect(chatRow(phone, 'from my phone')).toBeVisible();
  await expect(phoneInput).toHaveValue('');
  await expect(phoneInput).not.toBeFocused();
  await expect(chatRow(desk, 'from my phone')).toBeVisible();
});

test('scrolled up, new messages set show-more, which jumps back to the latest', async ({
  browser,
  request,
}) => {
  const show = await scheduleShow(request, -60_000);
  const [mina, joon] = await Promise.all([ticketedFan(request, show.slug), ticketedFan(request, show.slug)]);
  const joonHang = await joinByApi(request, joon, await channelIdOf(request, show.slug));
  const history = Array.from({ length: 40 }, (_, i) => `earlier message ${i + 1}`);
  expect(new Set(await tossByApi(request, joon, joonHang, show.name, history, 5))).toEqual(new Set([200]));
  const a = await signedInPage(browser, request, mina);
  await enterChat(a, show.slug);
  const list = a.getByTestId('chat-list');
  const earliest = a.getByTestId('chat-message').filter({ hasText: /earlier message 1$/ });
  await expect(chatRow(a, 'earlier message 40')).toBeInViewport();

  // At the bottom, a new message is followed.
  await tossByApi(request, joon, joonHang, show.name, ['while watching']);
  await expect(chatRow(a, 'while watching')).toBeInViewport();
  await expect(a.getByTestId('chat-show-more')).toHaveCount(0);

  // Scrolled up to read: the list stays put and the show-more state is set.
  await list.evaluate((el) => {
    el.scrollTop = 0;
  });
  await expect(earliest).toBeInViewport();
  await tossByApi(request, joon, joonHang, show.name, ['news while you read']);
  await expect(a.getByTestId('chat-show-more')).toBeVisible();
  await expect(list).toHaveAttribute('data-show-more', 'true');
  await expect(earliest).toBeInViewport();
  await expect(chatRow(a, 'news while you read')).not.toBeInViewport();

  await a.getByTestId('chat-show-more').click();
  await expect(chatRow(a, 'news while you read')).toBeInViewport();
  await expect(a.getByTestId('chat-show-more')).toHaveCount(0);
  await expect(list).toHaveAttribute('data-show-more', 'false');
});

test('on iOS the chat panel takes the keyboard height from the visual viewport (Chromium, emulated)', async ({
  browser,
  request,
}) => {
  const show = await scheduleShow(request, -60_000);
  const mina = await ticketedFan(request, show.slug);
  const ios = await signedInPage(browser, request, mina, PHONE, undefined, {
    device: { isMobile: true, hasTouch: true, userAgent: IPHONE_UA },
  });
  await enterChat(ios, show.slug);
  const column = ios.getByTestId('chat-column');
  await expect(column).not.toHaveAttribute('data-keyboard');

  // iOS overlays the keyboard and shrinks the visual viewport; Chromium cannot open an iOS keyboard,
  // so the visual viewport is made to report one 320 px high and fires its resize event.
  const resize = (covered: number) =>
    ios.evaluate(`(() => {
      const viewport = window.visualViewport;
      Object.defineProperty(viewport, 'height', { configurable: true, get: () => window.innerHeight - ${covered} });
      viewport.dispatchEvent(new Event('resize'));
    })()`);
  const inset = () => column.evaluate((el) => el.style.getPropertyValue('--chat-keyboard-inset'));

  await resize(320);
  await expect.poll(inset).toBe('320px');
  await expect(column).toHaveAttribute('data-keyboard', '');
  await resize(0);
  await expect.poll(inset).toBe('0px');
  await expect(column).not.toHaveAttribute('data-keyboard');
});
