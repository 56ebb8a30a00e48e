import type { Locator, Page } from '@playwright/test';
import { scheduleShow } from '../support/api.ts';
import { ticketedFan } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';
import { openViewer, PHONE, TABLET } from '../support/viewer.ts';

// Issue 4, viewing section 2: the viewer page's layout measured in Chromium (boxes, not pictures).
// The layout needs no playback: the media is refused, so these journeys wait for the page structure.
test.describe.configure({ timeout: 90_000 });

type Box = { x: number; y: number; width: number; height: number };

async function box(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not laid out');
  return b;
}

const right = (b: Box) => b.x + b.width;
const bottom = (b: Box) => b.y + b.height;
const chat = (page: Page) => page.getByRole('complementary', { name: 'Chat' });
const stage = (page: Page) => page.getByTestId('primary-viewer');

/** The stage keeps 16:9 (LAY-03), within a pixel of rounding. */
async function expectSixteenByNine(page: Page) {
  const s = await box(stage(page));
  expect(Math.abs(s.width * (9 / 16) - s.height)).toBeLessThanOrEqual(1);
  return s;
}

test('desktop: the video, the chat column beside it, the bottom area with the details under the video; a short window narrows and centres the video; the logo leads home', async ({
  browser,
  request,
}) => {
  const fan = await ticketedFan(request, 'encore-live');
  const page = await openViewer(browser, request, fan, 'encore-live');
  const viewer = page.getByTestId('viewer');
  await expect(viewer).toHaveAttribute('data-device', 'desktop');
  await expect(viewer).toHaveClass(/\bviewer--desktop\b/);
  await expect(viewer).not.toHaveClass(/viewer--no-chat|viewer--inline|viewer--typing/);
  await expect(chat(page)).toBeVisible();
  // The bottom area holds the event's details, on desktop only (LAY-01).
  await expect(page.getByTestId('viewer-bar-info')).toBeVisible();

  const v = await box(viewer);
  const s = await expectSixteenByNine(page);
  const c = await box(chat(page));
  const bar = await box(page.getByTestId('viewer-bar'));
  // The chat column is the right edge, the viewer's full height; the video fills the rest of the width.
  expect(Math.abs(right(c) - 1440)).toBeLessThanOrEqual(1);
  expect(Math.abs(c.height - v.height)).toBeLessThanOrEqual(1);
  expect(c.width).toBeGreaterThan(250);
  expect(Math.abs(s.x - v.x)).toBeLessThanOrEqual(1);
  expect(Math.abs(right(s) - c.x)).toBeLessThanOrEqual(1);
  // The bottom area sits under the video, left of the chat, and is on screen.
  expect(bar.y).toBeGreaterThanOrEqual(bottom(s) - 1);
  expect(right(bar)).toBeLessThanOrEqual(c.x + 1);
  expect(bar.y).toBeLessThan(900);
  // No iframe wrapper: the demo show has no source for it (LAY-10).
  await expect(page.getByTestId('viewer-embed')).toHaveCount(0);

  // A short, wide window: the 16:9 video is narrowed to leave the bottom area room, and centred.
  await page.setViewportSize({ width: 1440, height: 500 });
  await expect.poll(async () => (await box(stage(page))).width).toBeLessThan(s.width - 200);
  const short = await expectSixteenByNine(page);
  const column = { x: v.x, width: c.x - v.x };
  expect(Math.abs(short.x + short.width / 2 - (column.x + column.width / 2))).toBeLessThanOrEqual(1);
  const shortBar = await box(page.getByTestId('viewer-bar'));
  expect(shortBar.y).toBeGreaterThanOrEqual(bottom(short) - 1);
  expect(shortBar.y + 80).toBeLessThan(500);
  await expect(viewer).toHaveAttribute('data-device', 'desktop');

  // The logo of the event's top navigation leads to / (LAY-06).
  const logo = page.getByTestId('nav-logo');
  await expect(logo).toHaveAttribute('href', '/');
  await logo.click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByTestId('viewer')).toHaveCount(0);
});

test('phone: video, view strip, then the chat under them; no details; a focused text field hides the strip; held sideways the video plays inline beside the chat', async ({
  browser,
  request,
}) => {
  // A show whose iframe source is set but empty: no wrapper (LAY-10).
  const show = await scheduleShow(request, -60_000, { iframe_src: '' });
  const fan = await ticketedFan(request, show.slug);
  const page = await openViewer(browser, request, fan, show.slug, PHONE);
  const viewer = page.getByTestId('viewer');
  await expect(viewer).toHaveAttribute('data-device', 'phone');
  await expect(viewer).toHaveClass(/\bviewer--phone\b/);
  await expect(viewer).toHaveClass(/\bviewer--os-ios\b/);
  await expect(chat(page)).toBeVisible();
  await expect(page.getByTestId('viewer-bar')).toBeVisible();
  // The bottom area with the details is desktop only (LAY-01).
  await expect(page.getByTestId('viewer-bar-info')).toHaveCount(0);
  await expect(page.getByTestId('viewer-embed')).toHaveCount(0);

  const s = await expectSixteenByNine(page);
  const bar = await box(page.getByTestId('viewer-bar'));
  const c = await box(chat(page));
  expect(Math.abs(s.width - 390)).toBeLessThanOrEqual(1);
  // Stacked (LAY-02): the strip under the video, the chat under the strip, full width, down to the bottom.
  expect(bar.y).toBeGreaterThanOrEqual(bottom(s) - 1);
  expect(c.y).toBeGreaterThanOrEqual(bottom(bar) - 1);
  expect(Math.abs(c.x)).toBeLessThanOrEqual(1);
  expect(Math.abs(c.width - 390)).toBeLessThanOrEqual(1);
  expect(Math.abs(bottom(c) - 844)).toBeLessThanOrEqual(1);

  // iOS: the chat field is 16 px, so that focusing it does not zoom the page (LAY-04, iOS variant).
  const input = page.getByTestId('chat-input');
  await expect(input).toBeEnabled({ timeout: 20_000 });
  await expect(input).toHaveCSS('font-size', '16px');

  // Text field focused (LAY-04): the view strip steps aside for the keyboard, and comes back.
  await input.focus();
  await expect(viewer).toHaveClass(/\bviewer--typing\b/);
  await expect(page.getByTestId('viewer-bar')).toBeHidden();
  await input.blur();
  await expect(viewer).not.toHaveClass(/\bviewer--typing\b/);
  await expect(page.getByTestId('viewer-bar')).toBeVisible();

  // Held sideways (inline, LAY-04): the video at the window's height, the chat beside it.
  await page.setViewportSize({ width: 844, height: 390 });
  await expect(viewer).toHaveClass(/\bviewer--inline\b/);
  const inline = await expectSixteenByNine(page);
  const side = await box(chat(page));
  expect(side.x).toBeGreaterThanOrEqual(right(inline) - 1);
  expect(Math.abs(right(side) - 844)).toBeLessThanOrEqual(1);
  expect(bottom(inline)).toBeLessThanOrEqual(391);
  expect(inline.height).toBeGreaterThan(390 - 100);
  expect(side.y).toBeLessThanOrEqual(inline.y + 1);
});

test('tablet: the chat sits under the video and the view strip; no details', async ({ browser, request }) => {
  const fan = await ticketedFan(request, 'encore-live');
  const page = await openViewer(browser, request, fan, 'encore-live', TABLET);
  const viewer = page.getByTestId('viewer');
  await expect(viewer).toHaveAttribute('data-device', 'tablet');
  await expect(viewer).toHaveClass(/\bviewer--tablet\b/);
  await expect(viewer).toHaveClass(/\bviewer--os-android\b/);
  await expect(viewer).not.toHaveClass(/\bviewer--inline\b/);
  await expect(chat(page)).toBeVisible();
  await expect(page.getByTestId('viewer-bar-info')).toHaveCount(0);

  const s = await expectSixteenByNine(page);
  const bar = await box(page.getByTestId('viewer-bar'));
  const c = await box(chat(page));
  expect(Math.abs(s.width - 820)).toBeLessThanOrEqual(1);
  expect(bar.y).toBeGreaterThanOrEqual(bottom(s) - 1);
  expect(c.y).toBeGreaterThanOrEqual(bottom(bar) - 1);
  expect(Math.abs(c.width - 820)).toBeLessThanOrEqual(1);
  expect(Math.abs(bottom(c) - 1180)).toBeLessThanOrEqual(1);
});

test('a show without chat: no chat column, the video centred in the whole width; its iframe wrapper shows the configured page', async ({
  browser,
  request,
}) => {
  const show = await scheduleShow(request, -60_000, { tabs: [], iframe_src: '/healthz' });
  const fan = await ticketedFan(request, show.slug);
  const page = await openViewer(browser, request, fan, show.slug);
  const viewer = page.getByTestId('viewer');
  await expect(viewer).toHaveClass(/\bviewer--no-chat\b/);
  await expect(page.getByTestId('viewer-bar')).toBeVisible();
  await expect(chat(page)).toHaveCount(0);

  const v = await box(viewer);
  const s = await expectSixteenByNine(page);
  expect(Math.abs(s.x + s.width / 2 - (v.x + v.width / 2))).toBeLessThanOrEqual(1);
  // Wider than the 1080 px left beside a chat column: the whole width is the video's to use.
  expect(s.width).toBeGreaterThan(1440 - 360 + 50);

  // The iframe wrapper (LAY-10): rendered because the source is non-empty, sandboxed, under the strip.
  const frame = page.getByTestId('viewer-embed').locator('iframe');
  await expect(frame).toHaveAttribute('src', '/healthz');
  await expect(frame).toHaveAttribute('title', 'Show extra');
  await expect(frame).toHaveAttribute('sandbox', /allow-scripts/);
  const f = await box(page.getByTestId('viewer-embed'));
  expect(f.y).toBeGreaterThanOrEqual(bottom(await box(page.getByTestId('viewer-bar'))) - 1);
  // The frame asks for its page; Encore's own answers refuse to be framed (frame-ancestors 'none',
  // issue 12), so a show embeds other sites' pages, never Encore's: the request is what is checked.
  await expect
    .poll(() =>
      page.evaluate(() =>
        (
          globalThis as unknown as { performance: { getEntriesByType: (t: string) => { name: string }[] } }
        ).performance
          .getEntriesByType('resource')
          .some((e) => e.name.endsWith('/healthz')),
      ),
    )
    .toBe(true);
});
