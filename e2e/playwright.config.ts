import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './support/chromium.ts';

const port = Number(process.env.E2E_PORT ?? 8181);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: './tests',
  // Its own folder per port, so that parallel runs on one machine never clear each other's results.
  outputDir: process.env.E2E_PORT ? `../test-results/e2e-${port}` : '../test-results/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 45_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium', viewport: { width: 1440, height: 900 } } }],
  webServer: {
    command: 'node e2e/support/server.mjs',
    cwd: '..',
    url: `${baseURL}/healthz`,
    env: { PORT: String(port), PUBLIC_URL: baseURL },
    reuseExistingServer: false,
    timeout: 120_000,
  },
});
