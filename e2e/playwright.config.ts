import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './support/chromium.ts';

const port = Number(process.env.E2E_PORT ?? 8181);
const baseURL = `http://127.0.0.1:${port}`;
const chromium = { browserName: 'chromium' as const, viewport: { width: 1440, height: 900 } };

export default defineConfig({
  testDir: './tests',
  // Its own folder per port, so that parallel runs on one machine never clear each other's results.
  outputDir: process.env.E2E_PORT ? `../test-results/e2e-${port}` : '../test-results/e2e',
  fullyParallel: true,
  // Three: journeys mostly wait on the app's own timers. Three starved a 2-core runner only while every
  // trace recorded a screencast (see `trace` below); without it 67 journeys used 74 % of two cores.
  workers: 3,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // Generous for a starved machine: a passing journey takes the same time either way.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL,
    // Headless Chromium here composites in software: any endless decorative animation (the live dot's
    // pulse over the landing page's stage lights) redraws the whole page, about 0.7 of a core per page.
    // The journeys check behaviour, so they run as a fan who asked for reduced motion would.
    reducedMotion: 'reduce',
    // A failed test keeps its trace (actions, network) but not the trace's screenshots:
    // those are a screencast, every page composited and JPEG-encoded all the time the test runs, which
    // cost 35 % of the journeys' CPU on a 2-core runner (docs/benchmarks.md, the test suite's time).
    // The failure's own screenshot below stays. Nor DOM snapshots and sources (an action's page as it
    // was): recording them for every action and poll of every passing journey cost 28 % of a journeys
    // sample's CPU (219 -> 157 CPU s, 111 -> 80 s wall, 16 journeys, 28 Nov); a failed journey keeps
    // its actions, console and network log, its screenshot and error-context.md's page snapshot.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false, sources: false },
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  // The watching journeys measure playback itself (an angle switch keeps the moment within 0.5 s), so
  // they run after the other journeys, on their own: scripts/test.mjs runs the two projects in turn,
  // `--project watching --workers 2` last. They mostly wait on real time (live edges, pushed encoders,
  // a night re-aired): alone on one worker they kept two cores 33 % busy, on two 59 %.
  projects: [
    { name: 'journeys', testIgnore: /watching\.spec\.ts/, use: chromium },
    { name: 'watching', testMatch: /watching\.spec\.ts/, use: chromium },
  ],
  // `E2E_SOURCE=ingest` (npm run test:e2e:ingest): the demo show is fed by live ingest, not the loop.
  globalSetup: './global-setup.ts',
  webServer: {
    command: 'node e2e/support/server.mjs',
    cwd: '..',
    url: `${baseURL}/healthz`,
    env: { PORT: String(port), PUBLIC_URL: baseURL },
    reuseExistingServer: false,
    timeout: 120_000,
  },
});
