import type { APIRequestContext, Browser } from '@playwright/test';
import { scheduleShow } from '../support/api.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { demoAccount, type SignedIn, signedInContext, ticketedFan } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';

/**
 * Issue 28: the waiting room. At a tiny admission rate (one fan per 20 s) two fans arrive; the second
 * sees "you are number 2" and its estimated wait in its own language, and enters by itself when its
 * turn comes, with nothing clicked. Desktop in English, phone in Japanese.
 */
test.describe.configure({ timeout: 150_000 });

const RATE = 0.05;

async function roomAtTinyRate(request: APIRequestContext) {
  const show = await scheduleShow(request, -5000);
  const host = await demoAccount(request, 'host@encore.test');
  const res = await request.put(`/thor/host/shows/${show.slug}/waiting-room`, {
    data: { rate_per_second: RATE, max_active: 1000, policy: 'arrival', paused: false, prequeue_minutes: 0 },
    headers: { authorization: `Token ${host.token}` },
  });
  expect(res.status(), await res.text()).toBe(200);
  return { ...show, host };
}

async function fanPage(
  browser: Browser,
  request: APIRequestContext,
  fan: SignedIn,
  viewport: { width: number; height: number },
  locale: string,
) {
  const context = await signedInContext(browser, request, fan, { viewport }, false);
  await context.addInitScript((lng) => localStorage.setItem('locale', JSON.stringify(lng)), locale);
  return context.newPage();
}

const cases = [
  {
    name: 'desktop, English',
    viewport: { width: 1440, height: 900 },
    locale: 'en',
    number: /You are number\s*2\s*in line/,
    wait: /about (\d+ min )?\d+ s/,
  },
  {
    name: 'phone, Japanese',
    viewport: { width: 390, height: 844 },
    locale: 'ja',
    number: /あなたの順番は\s*2\s*番目です/,
    wait: /約(\d+分)?\d+秒/,
  },
];

for (const c of cases) {
  test(`two fans at a tiny rate: the second is number 2, sees the wait and enters by itself (${c.name})`, async ({
    browser,
    request,
  }, info) => {
    const show = await roomAtTinyRate(request);
    const first = await ticketedFan(request, show.slug);
    const second = await ticketedFan(request, show.slug);
    // The first fan takes place 1 (a 429 with its place); the second arrives in a browser.
    const queued = await request.post(`/thor/shows/${show.slug}/enter/`, {
      data: {},
      headers: { authorization: `Token ${first.token}` },
    });
    expect(queued.status(), await queued.text()).toBe(429);
    expect(((await queued.json()) as { queue: { place: number } }).queue.place).toBe(1);

    const page = await fanPage(browser, request, second, c.viewport, c.locale);
    await page.goto(`/event/${show.slug}`);
    const room = page.getByTestId('waiting-room');
    await expect(room).toBeVisible();
    await expect(page.getByTestId('queue-place')).toHaveText(c.number);
    await expect(page.getByTestId('queue-wait')).toHaveText(c.wait);
    await page.screenshot({ path: info.outputPath(`waiting-${c.locale}-${c.viewport.width}.png`) });
    await expectNoSeriousA11yViolations(page, `waiting room, ${c.name}`);

    // Its turn comes (the first fan's 20 s, then its own): the page enters without a click.
    await expect(page.getByTestId('event-page')).toHaveAttribute('data-state', 'in', { timeout: 90_000 });
    await expect(room).toHaveCount(0);
    await page.context().close();
  });
}

test('the control room shows the line and pauses admission', async ({ browser, request }, info) => {
  const show = await roomAtTinyRate(request);
  for (let i = 0; i < 3; i++) {
    const fan = await ticketedFan(request, show.slug);
    await request.post(`/thor/shows/${show.slug}/enter/`, {
      data: {},
      headers: { authorization: `Token ${fan.token}` },
    });
  }
  const context = await signedInContext(
    browser,
    request,
    show.host,
    { viewport: { width: 1440, height: 900 } },
    false,
  );
  const page = await context.newPage();
  await page.goto(`/host/${show.slug}/run`);
  const card = page.getByTestId('wr-card');
  await expect(card.getByTestId('wr-queue')).not.toHaveText('0');
  await expect(card.getByTestId('wr-rate')).toHaveText('0.05');
  await card.getByTestId('wr-pause').click();
  await expect(card.getByTestId('wr-rate')).toHaveText('Paused');
  await expect(card.getByTestId('wr-wait')).toHaveText('—');
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: info.outputPath('control-room-1440.png'), fullPage: false });
  await expectNoSeriousA11yViolations(page, 'control room, waiting room paused');
  await page.setViewportSize({ width: 390, height: 844 });
  // On a phone the Run screen shows one part at a time: the figures hold the card.
  await page.getByTestId('run-section-figures').click();
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: info.outputPath('control-room-390.png') });
  await card.getByTestId('wr-pause').click();
  await expect(card.getByTestId('wr-rate')).toHaveText('0.05');
  await context.close();
});
