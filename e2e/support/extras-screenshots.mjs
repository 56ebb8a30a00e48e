// Screenshots of the light-stick pairing window, the merch tab's two variants and the social-post
// widget, at desktop and phone sizes: node e2e/support/extras-screenshots.mjs [baseURL] [outDir]
// Uses a throwaway server (it rewrites the demo show's merch configuration to show the embedded shop).
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium.ts';
import { login as demoLogin, sizes } from './screenshot-kit.mjs';

const base = process.argv[2] ?? 'http://127.0.0.1:8080';
const out = process.argv[3] ?? '.screenshots';
const browser = await chromium.launch(chromiumLaunchOptions);
const login = (email) => demoLogin(base, email);

async function setMerch(host, merch) {
  const auth = { authorization: `Token ${host.key}` };
  // The host's read carries the version an edit must be based on (issue 25).
  const current = await (await fetch(`${base}/thor/host/shows/encore-live`, { headers: auth })).json();
  const { status: _s, doors_open_at: _d, broadcast_state: _b, ...show } = current;
  const res = await fetch(`${base}/thor/host/shows/encore-live`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Token ${host.key}` },
    body: JSON.stringify({ ...show, event_config: { ...show.event_config, merch } }),
  });
  if (!res.ok) throw new Error(`PUT show: ${res.status} ${await res.text()}`);
  await new Promise((r) => setTimeout(r, 2500));
  return show.event_config.merch;
}

async function shot(name, size, user, act) {
  const context = await browser.newContext({
    viewport: sizes[size],
    isMobile: size === 'phone',
    hasTouch: size === 'phone',
    reducedMotion: 'reduce',
  });
  await context.route(/\/media\//, (r) => r.abort());
  await context.route(/shopifycdn/, (r) => r.abort());
  await context.addInitScript(
    ([u]) => {
      localStorage.setItem('agreeCookies', 'true');
      localStorage.setItem('skew', '0');
      localStorage.setItem('authToken', JSON.stringify(u.key));
      localStorage.setItem('user', JSON.stringify(u.user));
    },
    [user],
  );
  const page = await context.newPage();
  await page.goto(`${base}/event/encore-live`);
  await page.getByTestId('lightstick-bar').waitFor({ timeout: 30_000 });
  await act(page);
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${out}/${name}-${size}.png` });
  await context.close();
}

const fan = await login('fan@encore.test');
const host = await login('host@encore.test');
for (const size of Object.keys(sizes)) {
  await shot('lightstick-window', size, fan, (p) => p.getByTestId('lightstick-open').click());
  await shot('merch-generic', size, fan, (p) => p.getByTestId('chat-tab-merch').click());
  await shot('social-post', size, fan, (p) => p.getByTestId('social-toggle').click());
}
const products = (await (await fetch(`${base}/shop/products.json`)).json()).products.map((p) => p.id);
const before = await setMerch(host, { items: [], product_ids: products });
for (const size of Object.keys(sizes)) {
  await shot('merch-shop', size, fan, async (p) => {
    await p.getByTestId('chat-tab-merch').click();
    await p.getByTestId('merch-shop-unavailable').waitFor();
  });
}
await setMerch(host, before);
await browser.close();
console.log(`screenshots in ${out}`);
