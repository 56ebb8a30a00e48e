import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { fanWith, login, showWithSources, waitPlaying, watch } from '../support/watching.ts';

// Issue 12, security headers: the built app runs under its Content-Security-Policy (no inline script,
// blob: media and workers for hls.js and Shaka) with not one violation, on the landing page (its
// teaser playing) and in the viewer playing HLS and encrypted DASH.
test.describe.configure({ timeout: 150_000 });

type Violation = { directive: string; blocked: string; source: string };

/** Every CSP violation the pages of this context report, from the DOM event and from the console. */
async function recordViolations(context: BrowserContext): Promise<Violation[]> {
  const seen: Violation[] = [];
  await context.exposeBinding('__reportCsp', (_source, v: Violation) => {
    seen.push(v);
  });
  await context.addInitScript(() => {
    type CspEvent = { violatedDirective: string; blockedURI: string; sourceFile: string };
    const g = globalThis as unknown as {
      addEventListener(type: string, fn: (e: CspEvent) => void): void;
      __reportCsp(v: Violation): void;
    };
    g.addEventListener('securitypolicyviolation', (e) =>
      g.__reportCsp({ directive: e.violatedDirective, blocked: e.blockedURI, source: e.sourceFile }),
    );
  });
  context.on('console', (msg) => {
    const text = msg.text();
    if (/Content Security Policy/i.test(text))
      seen.push({ directive: 'console', blocked: text, source: msg.type() });
  });
  return seen;
}

const dashShow = (request: APIRequestContext) =>
  showWithSources(request, (name) => ({
    hls: { url: `/media/${name}/index.m3u8` },
    dash: { url: `/media/${name}/dash/live.mpd` },
  }));

async function played(page: Page) {
  await waitPlaying(page);
  const t0 = await page
    .getByTestId('player-video')
    .evaluate((v) => (v as unknown as { currentTime: number }).currentTime);
  await expect
    .poll(
      () =>
        page
          .getByTestId('player-video')
          .evaluate((v) => (v as unknown as { currentTime: number }).currentTime),
      {
        timeout: 20_000,
      },
    )
    .toBeGreaterThan(t0 + 1);
}

test('the landing page loads and plays its teaser under the CSP with no violation', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const violations = await recordViolations(context);
  const page = await context.newPage();
  const res = await page.goto('/');
  const csp = res?.headers()['content-security-policy'] ?? '';
  expect(csp).toMatch(/script-src 'self'/);
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  // Issue 29: the page's scripts run by this answer's nonce and what they load by 'strict-dynamic'
  // (the hosts after it are only the fallback of browsers without it, which Chromium ignores).
  const nonce = /script-src 'self' 'nonce-([^']+)' 'strict-dynamic'( https:\/\/[^ ;]+)*(;|$)/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  expect(
    await page.locator(`script[src^="/assets/"]`).evaluate((s) => (s as unknown as { nonce: string }).nonce),
  ).toBe(nonce);
  expect(res?.headers()['x-content-type-options']).toBe('nosniff');
  // The app's own scripts ran: React drew the page, the footer came after its second.
  await expect(page.getByTestId('site-footer')).toBeVisible();
  // The video is made when the fan scrolls near it (issue 14).
  await page.getByTestId('teaser-video').scrollIntoViewIfNeeded();
  const teaser = page.getByTestId('teaser-player');
  await expect(teaser).toBeVisible();
  await teaser.scrollIntoViewIfNeeded();
  type VideoLike = { play(): Promise<void>; currentTime: number; muted: boolean };
  await teaser.evaluate((v) => {
    (v as unknown as VideoLike).muted = true;
    return (v as unknown as VideoLike).play();
  });
  await expect
    .poll(() => teaser.evaluate((v) => (v as unknown as VideoLike).currentTime), { timeout: 20_000 })
    .toBeGreaterThan(0.5);
  // The login modal (a lazily loaded chunk) opens too.
  await page.goto('/?go=login');
  await expect(page.getByTestId('login-modal')).toBeVisible();
  expect(violations).toEqual([]);
});

test('the viewer plays HLS (hls.js, blob: media and workers) under the CSP with no violation', async ({
  browser,
  request,
}) => {
  let violations: Violation[] = [];
  const page = await watch(browser, await login(request, 'fan@encore.test', 'encore-demo'), {
    setup: async (context) => {
      violations = await recordViolations(context);
    },
  });
  await played(page);
  expect(violations).toEqual([]);
  const viewer = await request.get('/event/encore-live');
  expect(viewer.headers()['content-security-policy']).toMatch(/media-src 'self' blob:/);
});

test('the viewer plays encrypted DASH (Shaka, ClearKey) under the CSP with no violation', async ({
  browser,
  request,
}) => {
  const slug = await dashShow(request);
  const session = await fanWith(request, { type: 'Directors' }, slug);
  let violations: Violation[] = [];
  const page = await watch(browser, session, {
    slug,
    setup: async (context) => {
      violations = await recordViolations(context);
    },
  });
  await played(page);
  expect(violations).toEqual([]);
  const viewer = await request.get(`/event/${slug}`);
  expect(viewer.headers()['content-security-policy']).toMatch(/worker-src 'self' blob:/);
});
