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
  // Two: journeys mostly wait on the app's own timers, but on the CI machine of 27 Nov (the same bare
  // route 1.6x slower than the machine before, 35 to 40 % of its time in the kernel) three Chromium
  // workers ran its two cores at a load of 25 and a dozen journeys timed out (scripts/test.mjs).
  workers: 2,
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
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  // The watching journeys measure playback itself (an angle switch keeps the moment within 0.5 s). One
  // page playing 720p costs Chromium about half a core in software, so on a 2-core machine they run
  // on their own, one at a time, after the other journeys: scripts/test.mjs runs the two projects in
  // turn, `--project watching --workers 1` last.
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
