import { type ChildProcess, spawn } from 'node:child_process';
import { newSession, type WebDriverSession } from './webdriver-client.ts';

/**
 * The main fan journey in WebKit, Safari's engine (issue 26): Debian's WebKitGTK MiniBrowser driven by
 * its WebKitWebDriver, on a virtual X display (xvfb-run: WebKitGTK has no headless mode). Landing,
 * sign-in through the login modal, Enter on the live show's ticket, the video playing.
 *
 *   node e2e/engines/run-journeys.ts webkit     (WEBKIT_DRIVER_PORT; the web build must be current)
 */

const DRIVER_PORT = Number(process.env.WEBKIT_DRIVER_PORT ?? 4445);
const FAN = { email: 'fan@encore.test', password: 'encore-demo' };
const STEP_TIMEOUT = 45_000;

const byTestId = (id: string) => `[data-testid="${id}"]`;
const VISIBLE =
  'const el = document.querySelector(arguments[0]); return !!el && el.getClientRects().length > 0;';
const GONE =
  'const el = document.querySelector(arguments[0]); return !el || el.getClientRects().length === 0;';

async function step(name: string, run: () => Promise<void>): Promise<void> {
  const since = Date.now();
  await run();
  console.log(`  ok  ${name} (${((Date.now() - since) / 1000).toFixed(1)} s)`);
}

async function startDriver(): Promise<{ url: string; stop(): void }> {
  const child: ChildProcess = spawn(
    'xvfb-run',
    ['-a', '-s', '-screen 0 1440x900x24', 'WebKitWebDriver', `--port=${DRIVER_PORT}`],
    // Its output is GStreamer's and ALSA's complaints about the missing sound card; failures come back
    // as WebDriver answers.
    { stdio: 'ignore', detached: true },
  );
  const url = `http://127.0.0.1:${DRIVER_PORT}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    const up = await fetch(`${url}/status`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (child.exitCode !== null || Date.now() > deadline) throw new Error('WebKitWebDriver did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  // Its own process group: xvfb-run, Xvfb, the driver and its browsers end together.
  return { url, stop: () => child.pid && process.kill(-child.pid, 'SIGTERM') };
}

async function journey(wd: WebDriverSession, baseUrl: string): Promise<void> {
  await step('landing: the show and its sign-in', async () => {
    await wd.go(`${baseUrl}/`);
    await wd.until('the show on the landing page', VISIBLE, STEP_TIMEOUT, byTestId('show-event-name'));
    await wd.until('the sign-in button', VISIBLE, STEP_TIMEOUT, byTestId('nav-sign-in'));
  });
  await step('sign-in through the login modal', async () => {
    if (await wd.run<boolean>(VISIBLE, `${byTestId('cookie-message')} button`))
      await wd.click(`${byTestId('cookie-message')} button`);
    await wd.click(byTestId('nav-sign-in'));
    await wd.until('the login modal', VISIBLE, STEP_TIMEOUT, byTestId('login-email'));
    await wd.type(byTestId('login-email'), FAN.email);
    await wd.type(byTestId('login-password'), FAN.password);
    await wd.click(byTestId('login-submit'));
    await wd.until('the login modal to close', GONE, STEP_TIMEOUT, byTestId('login-modal'));
  });
  await step('enter the live show from its ticket', async () => {
    const enter = `${byTestId('ticket-enter')}[data-enabled="true"]`;
    await wd.until('Enter on the ticket', VISIBLE, STEP_TIMEOUT, enter);
    await wd.click(enter);
    await wd.until('the viewer', VISIBLE, STEP_TIMEOUT, byTestId('viewer'));
  });
  await step('play: the video advances', async () => {
    const video = byTestId('player-video');
    const playing =
      'const v = document.querySelector(arguments[0]); return !!v && !v.paused && v.currentTime > 0;';
    await wd.until('the video to play', playing, STEP_TIMEOUT, video);
    const t0 = await wd.run<number>('return document.querySelector(arguments[0]).currentTime;', video);
    const advanced = 'return document.querySelector(arguments[0]).currentTime > arguments[1] + 2;';
    await wd.until('the video to advance 2 s', advanced, STEP_TIMEOUT, video, t0);
    if (await wd.run<boolean>('return /didn.t load/.test(document.body.innerText);'))
      throw new Error(`the viewer shows "This page didn't load"`);
  });
  await step('captions: the CSS moves them above the bar, the per-cue lift stays off', async () => {
    // caption-lift.ts lifts cues only where this box is unknown (Firefox): here both would add up.
    const css = "return CSS.supports('selector(::-webkit-media-text-track-container)');";
    if (!(await wd.run<boolean>(css)))
      throw new Error('WebKit does not know ::-webkit-media-text-track-container');
  });
}

/** Runs the journey against the server at `baseUrl`; throws at the first step that fails. */
export async function webkitJourney(baseUrl: string): Promise<void> {
  let driver: { url: string; stop(): void } | undefined;
  let wd: WebDriverSession | undefined;
  try {
    driver = await startDriver();
    wd = await newSession(driver.url, { 'webkitgtk:browserOptions': { args: ['--automation'] } });
    await wd.run('window.resizeTo(1440, 900);');
    console.log(`WebKit journey: ${await wd.run<string>('return navigator.userAgent;')} at ${baseUrl}`);
    await journey(wd, baseUrl);
  } finally {
    await wd?.close();
    driver?.stop();
  }
}
