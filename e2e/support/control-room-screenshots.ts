// Screenshots of every control-room screen at desktop and phone sizes, with an accessibility check:
//   node e2e/support/control-room-screenshots.ts [baseURL] [outDir]
// Seeds fans who entered and chat in the demo show (figures to show), a refused cue state, then
// shoots the host area's screens and runs axe-core on each: it prints every serious or critical
// violation and exits 1 when there is one.
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Page, request as playwrightRequest } from '@playwright/test';
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

const request = await playwrightRequest.newContext({ baseURL: base });
const channelId = await channelIdOf(request, slug);
const crowd = await Promise.all(Array.from({ length: 3 }, () => ticketedFan(request, slug)));
for (const fan of crowd) {
  const headers = { authorization: `Token ${fan.token}` };
  await request.post(`/thor/shows/${slug}/enter/`, { headers });
  const hang = await joinByApi(request, fan, channelId);
  await tossByApi(request, fan, hang, 'ENCORE_LIVE', ['hello!', 'what a night']);
}
const host = await demoAccount(request, 'host@encore.test');
await postAlert(request, host, slug, { type: 'ud', msg: 'Welcome %u!', placement: 'top-left', d: 120 });
await postAlert(request, host, slug, { type: 'chat', display_code: 0, f: crowd[0]?.username });

const browser = await chromium.launch(chromiumLaunchOptions);
const sizes = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } };
const screens: [string, string, (page: Page) => Promise<void>][] = [
  ['shows', '/host', async (p) => void (await p.getByTestId('host-show-list').waitFor())],
  [
    'run',
    `/host/${slug}/run`,
    async (p) => {
      await p.getByTestId('fig-viewers').filter({ hasText: /\d/ }).waitFor({ timeout: 20_000 });
      // The preview plays without a ticket, and the charts have a few samples to draw.
      await p.waitForFunction('(document.querySelector("video")?.currentTime ?? 0) > 0', undefined, {
        timeout: 30_000,
      });
      await p.waitForTimeout(6000);
    },
  ],
  ['setup', `/host/${slug}/setup`, async (p) => void (await p.getByTestId('host-editor').waitFor())],
  [
    'codes',
    `/host/${slug}/codes`,
    async (p) => void (await p.getByTestId('codes-table').locator('tbody tr').first().waitFor()),
  ],
  [
    'moderate',
    `/host/${slug}/moderate`,
    async (p) => void (await p.getByTestId('host-moderate').waitFor({ state: 'attached' })),
  ],
  [
    'new-invalid',
    '/host/new',
    async (p) => {
      await p.getByTestId('editor-save').click();
      await p.getByTestId('editor-problems').waitFor();
    },
  ],
  [
    'not-found',
    '/host/no-such-show/run',
    async (p) => void (await p.getByTestId('host-not-found').waitFor()),
  ],
];
let serious = 0;
for (const [size, viewport] of Object.entries(sizes)) {
  const page = await signedInPage(browser, request, host, viewport, base, { video: true });
  for (const [name, path, ready] of screens) {
    await page.goto(`${base}${path}`);
    await ready(page);
    await page.waitForTimeout(300);
    await page.screenshot({
      path: `${out}/control-${name}-${size}.png`,
      fullPage: name !== 'run' || size === 'phone',
    });
    const result = await new AxeBuilder({ page }).analyze();
    for (const v of result.violations.filter((x) => x.impact === 'serious' || x.impact === 'critical')) {
      serious += 1;
      console.log(`${name} ${size}: ${v.impact} ${v.id} (${v.nodes.length}) ${v.nodes[0]?.target.join(' ')}`);
    }
  }
  await page.context().close();
}
await browser.close();
console.log(`axe: ${serious} serious or critical violation(s)`);
process.exit(serious > 0 ? 1 : 0);
