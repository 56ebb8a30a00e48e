import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { captionsAboveBar } from './captions-step.ts';
import { playerMenusByKeyboard } from './player-menus-step.ts';

/**
 * The main fan journey in Firefox ESR (issue 26), beside the Chromium suite: Debian's firefox-esr
 * driven by puppeteer-core over WebDriver BiDi (Playwright drives only its own patched Firefox). Landing,
 * sign-in through the login modal, Enter on the live show's ticket, and the video playing (its time
 * advancing), the player's menus by keyboard, and captions above the shown bar. Short on purpose: `npm test` runs it after the Chromium journeys on CI's two cores.
 *
 *   node e2e/engines/run-journeys.ts firefox     (FIREFOX_BIN; the web build must be current)
 */

const FIREFOX = process.env.FIREFOX_BIN ?? '/usr/bin/firefox-esr';
const FAN = { email: 'fan@encore.test', password: 'encore-demo' };
const STEP_TIMEOUT = 45_000;

const byTestId = (id: string) => `[data-testid="${id}"]`;

async function step(name: string, run: () => Promise<void>): Promise<void> {
  const since = Date.now();
  await run();
  console.log(`  ok  ${name} (${((Date.now() - since) / 1000).toFixed(1)} s)`);
}

/** Seconds of video played, read from the player's <video>. */
const videoTime = (page: Page) =>
  page.$eval(byTestId('player-video'), (v) => (v as unknown as { currentTime: number }).currentTime);

async function journey(page: Page, baseUrl: string): Promise<void> {
  await step('landing: the show and its sign-in', async () => {
    await page.goto(`${baseUrl}/`);
    await page.waitForSelector(byTestId('show-event-name'), { visible: true });
    await page.waitForSelector(byTestId('nav-sign-in'), { visible: true });
  });
  await step('sign-in through the login modal', async () => {
    // The first-visit cookie notice is answered as a fan would, so nothing lies over the buttons.
    const cookies = await page.$(`${byTestId('cookie-message')} button`);
    await cookies?.click();
    await page.locator(byTestId('nav-sign-in')).click();
    await page.locator(`${byTestId('login-modal')} ${byTestId('login-email')}`).fill(FAN.email);
    await page.locator(`${byTestId('login-modal')} ${byTestId('login-password')}`).fill(FAN.password);
    await page.locator(`${byTestId('login-modal')} ${byTestId('login-submit')}`).click();
    await page.waitForSelector(byTestId('login-modal'), { hidden: true });
  });
  await step('enter the live show from its ticket', async () => {
    await page.waitForSelector(`${byTestId('ticket-enter')}[data-enabled="true"]`, { visible: true });
    await page.locator(byTestId('ticket-enter')).click();
    await page.waitForSelector(byTestId('viewer'), { visible: true });
  });
  await step('play: the video advances', async () => {
    const video = await page.waitForSelector(byTestId('player-video'));
    type VideoLike = { currentTime: number; paused: boolean };
    await page.waitForFunction(
      (v: unknown) => !(v as VideoLike).paused && (v as VideoLike).currentTime > 0,
      { timeout: STEP_TIMEOUT },
      video,
    );
    const t0 = await videoTime(page);
    await page.waitForFunction(
      (v: unknown, start: number) => (v as VideoLike).currentTime > start + 2,
      { timeout: STEP_TIMEOUT },
      video,
      t0,
    );
    if (await page.$("::-p-text(didn't load)")) throw new Error(`the viewer shows "This page didn't load"`);
  });
  await step(
    'the quality and captions menus: every option shown, arrow keys, Escape back to the button',
    () => playerMenusByKeyboard(page, { 'quality-menu': 4, 'captions-menu': 5 }),
  );
  await step('captions above the shown control bar, back down when it hides', async () => {
    // JOURNEY_SHOTS: a folder for a screenshot of the caption over the bar, to look at.
    const dir = process.env.JOURNEY_SHOTS;
    const cue = await captionsAboveBar(page, dir ? `${dir}/firefox-captions-bar.png` : undefined);
    console.log(
      `      cue "${cue.text}" ends at ${cue.cueBottom?.toFixed(0)} px, the bar starts at ${cue.barTop.toFixed(0)} px`,
    );
  });
}

/** Runs the journey against the server at `baseUrl`; throws at the first step that fails. */
export async function firefoxJourney(baseUrl: string): Promise<void> {
  let browser: Browser | undefined;
  const errors: string[] = [];
  try {
    browser = await puppeteer.launch({
      browser: 'firefox',
      executablePath: FIREFOX,
      headless: true,
      protocol: 'webDriverBiDi',
      // Muted autoplay as in a fan's Firefox (the player starts muted, PLY-08).
      extraPrefsFirefox: { 'media.autoplay.default': 0 },
    });
    console.log(`Firefox journey: ${await browser.version()} at ${baseUrl}`);
    const page = await browser.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT);
    await page.setViewport({ width: 1440, height: 900 });
    page.on('pageerror', (e) => errors.push(e instanceof Error ? e.message : String(e)));
    await journey(page, baseUrl);
    if (errors.length > 0) throw new Error(`uncaught errors in the page: ${errors.join('; ')}`);
  } finally {
    await browser?.close().catch(() => undefined);
  }
}
