// Screenshots of the main pages at desktop and phone sizes, for looking at after UI work:
//   node e2e/support/screenshots.mjs [baseURL] [outDir]
// Logs in the demo accounts through the API (no UI clicks), so pages show real data.
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium.ts';
import { login as demoLogin, sizes } from './screenshot-kit.mjs';

const base = process.argv[2] ?? 'http://127.0.0.1:8080';
const out = process.argv[3] ?? '.screenshots';
const browser = await chromium.launch(chromiumLaunchOptions);
const login = (email) => demoLogin(base, email);

async function shot(name, size, path, { user, before } = {}) {
  const context = await browser.newContext({
    viewport: sizes[size],
    isMobile: size === 'phone',
    hasTouch: size === 'phone',
  });
  const page = await context.newPage();
  await page.goto(`${base}/`);
  await page.evaluate(
    ([u]) => {
      localStorage.setItem('agreeCookies', 'true');
      if (u) {
        localStorage.setItem('authToken', JSON.stringify(u.key));
        localStorage.setItem('user', JSON.stringify(u.user));
      }
    },
    [user],
  );
  await page.goto(`${base}${path}`);
  await page.waitForLoadState('networkidle').catch(() => {});
  if (before) await before(page);
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `${out}/${name}-${size}.png`, fullPage: process.env.FULL === '1' });
  await context.close();
}

const fan = await login('fan@encore.test');
const guest = await login('guest@encore.test');
const pages = (process.env.PAGES ?? 'landing-out,landing-guest,landing-fan,event-fan').split(',');
for (const size of Object.keys(sizes)) {
  if (pages.includes('landing-out')) await shot('landing-out', size, '/');
  if (pages.includes('landing-guest')) await shot('landing-guest', size, '/', { user: guest });
  if (pages.includes('landing-fan')) await shot('landing-fan', size, '/', { user: fan });
  if (pages.includes('event-fan')) {
    const slug = (await (await fetch(`${base}/config.json`)).json()).shows[0].slug;
    await shot('event-fan', size, `/event/${slug}`, { user: fan });
  }
}
await browser.close();
console.log(`screenshots in ${out}`);
