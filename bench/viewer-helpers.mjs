// Helpers shared by the viewer benchmarks and screenshots: a logged-in page on the demo show.
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/support/chromium.ts';

export const sizes = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } };

export function launch() {
  return chromium.launch({
    ...chromiumLaunchOptions,
    args: [...chromiumLaunchOptions.args, '--autoplay-policy=no-user-gesture-required'],
  });
}

export async function login(base, email, password = process.env.DEMO_PASSWORD ?? 'encore-demo') {
  const res = await fetch(`${base}/thor/auth/email_login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status}`);
  return res.json();
}

/** A page of a fresh context with the fan's session in storage (no UI clicks), on `path`. */
export async function openAs(browser, base, user, path, size = 'desktop') {
  const context = await browser.newContext({
    viewport: sizes[size],
    isMobile: size === 'phone',
    hasTouch: size === 'phone',
  });
  const page = await context.newPage();
  await page.goto(`${base}/`);
  await page.evaluate((u) => {
    localStorage.setItem('agreeCookies', 'true');
    localStorage.setItem('authToken', JSON.stringify(u.key));
    localStorage.setItem('user', JSON.stringify(u.user));
  }, user);
  await page.goto(`${base}${path}`);
  return { context, page };
}

/** Waits until the viewer's video plays (its time advances). */
export async function waitPlaying(page, timeout = 30_000) {
  await page.waitForFunction(
    () => {
      const v = document.querySelector('[data-testid="player-video"]');
      return v && !v.paused && v.currentTime > 0 && v.readyState >= 3;
    },
    undefined,
    { timeout },
  );
}
