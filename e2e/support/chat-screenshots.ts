// Screenshots of a busy chat at desktop and phone sizes, for looking at after chat UI work:
//   node e2e/support/chat-screenshots.ts [baseURL] [outDir]
// Seeds a crowd through the API (fresh fans with imported codes, the verified demo host, stickers),
// then shows the demo fan's view of the demo show with an overlay text on the video.
import { chromium, request as playwrightRequest } from '@playwright/test';
import {
  channelIdOf,
  demoAccount,
  joinByApi,
  postAlert,
  signedInPage,
  ticketedFan,
  tossByApi,
} from './chat.ts';
import { chromiumLaunchOptions } from './chromium.ts';

const base = process.argv[2] ?? 'http://127.0.0.1:8080';
const out = process.argv[3] ?? '.screenshots';
const slug = 'encore-live';
const paidEvent = 'ENCORE_LIVE';

const request = await playwrightRequest.newContext({ baseURL: base });
const channelId = await channelIdOf(request, slug);
const lines = [
  'WE ARE SO READY',
  'hello from Seoul 🇰🇷',
  'the opening number was unreal',
  'camera 3 is the best angle honestly',
  'who else is watching from Tokyo?',
  'ENCORE ENCORE ENCORE',
  'that high note!!!',
  'first time watching live with you all, this is amazing',
  'light sticks up 💜',
  'I have been waiting for this tour for two whole years and it is even better than I imagined',
  'lol the dance break',
  'sound is perfect on my end',
];
// One late line per size, so the wait below finds this run's line, not one from a run before.
const lateLine: Record<string, string> = {
  desktop: 'just joined, what did I miss?',
  phone: 'made it just in time!',
};
const crowd = await Promise.all(Array.from({ length: 4 }, () => ticketedFan(request, slug)));
for (const [i, fan] of crowd.entries()) {
  const hang = await joinByApi(request, fan, channelId);
  await tossByApi(request, fan, hang, paidEvent, lines.slice(i * 3, i * 3 + 6));
}
const host = await demoAccount(request, 'host@encore.test');
const fan = await demoAccount(request, 'fan@encore.test');

const browser = await chromium.launch(chromiumLaunchOptions);
for (const [size, viewport] of Object.entries({
  desktop: { width: 1440, height: 900 },
  phone: { width: 390, height: 844 },
})) {
  const page = await signedInPage(browser, request, fan, viewport, base, { video: true });
  await page.goto(`/event/${slug}`);
  await page.getByTestId('chat-input').waitFor();
  await page.getByTestId('chat-input').fill('so glad to be here tonight');
  await page.getByTestId('chat-send').click();
  // A sticker of the fan's own pack, sent through the sticker tab (back on the chat tab after).
  await page.getByTestId('chat-tab-stickers').click();
  await page
    .locator('[data-testid="sticker-card"][data-sticker-id="stk-heart"]')
    .getByTestId('sticker-send')
    .click();
  await page.locator('[data-testid="chat-sticker"][data-sticker-id="stk-heart"]').last().waitFor();
  const late = crowd[0];
  if (late) {
    const hang = await joinByApi(request, late, channelId);
    await tossByApi(request, late, hang, paidEvent, [lateLine[size] ?? '', 'the ADMIN is here']);
  }
  await postAlert(request, host, slug, {
    type: 'ud',
    msg: 'Thank you for being here, %u!',
    placement: 'top-left',
    d: 60,
  });
  await page.getByTestId('overlay-text').waitFor();
  // Others' messages join the list every 650 ms: wait for the late fan's line rather than a time.
  await page
    .getByTestId('chat-message')
    .filter({ hasText: lateLine[size] ?? '' })
    .last()
    .waitFor();
  // The overlay fades in: shoot it once its animation is over, not half transparent.
  const settled = (el: { getAnimations(): { finished: Promise<unknown> }[] }) =>
    Promise.all(el.getAnimations().map((a) => a.finished));
  await page.getByTestId('overlay-text').evaluate(settled);
  // Wider screens pin the fan's sticker above the list on the next 3 s tick.
  if (size === 'desktop') await page.getByTestId('pinned-sticker').first().evaluate(settled);
  await page.screenshot({ path: `${out}/chat-busy-${size}.png` });
  await page.getByTestId('chat-tab-stickers').click();
  await page.getByTestId('sticker-pack').first().waitFor();
  await page.screenshot({ path: `${out}/chat-stickers-${size}.png` });
  await page.context().close();
}
const room = await signedInPage(browser, request, host, undefined, base);
await room.goto(`/control/${slug}`);
await room.getByTestId('control-room').waitFor();
await room.screenshot({ path: `${out}/control-room-desktop.png`, fullPage: true });
await room.context().close();
await browser.close();
await request.dispose();
