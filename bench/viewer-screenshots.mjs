// Screenshots of the viewer at desktop and phone sizes, plain and with the multiview overlay open:
//   node_modules/.bin/node bench/viewer-screenshots.mjs [baseURL] [outDir]
import { launch, login, openAs, waitPlaying } from './viewer-helpers.mjs';

const base = process.argv[2] ?? 'http://127.0.0.1:8080';
const out = process.argv[3] ?? '.screenshots';
const browser = await launch();
const fan = await login(base, 'fan@encore.test');
const slug = process.env.SLUG ?? 'encore-live';

for (const size of ['desktop', 'phone']) {
  const { context, page } = await openAs(browser, base, fan, `/event/${slug}`, size);
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') console.log(`[${size}] ${m.type()}: ${m.text()}`);
  });
  await waitPlaying(page);
  await page.mouse.move(400, 300);
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${out}/viewer-${size}.png` });
  await page.getByTestId('multiview-button').click();
  await page.getByTestId('multiview-box').first().waitFor();
  await waitPlaying(page);
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${out}/viewer-overlay-${size}.png` });
  await context.close();
}
await browser.close();
