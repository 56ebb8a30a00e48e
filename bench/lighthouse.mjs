/**
 * Lighthouse benchmark (issue 14): the landing page and the viewer, mobile, simulated throttling
 * (Lighthouse's default mobile profile: Moto G Power, slow 4G, 4x CPU slowdown), in Debian's Chromium.
 *
 *   npm run build && node bench/lighthouse.mjs [runs]      (default 1 run per page; the median is kept)
 *
 * Starts the real server on 127.0.0.1:8284 (fresh data directory, demo data, demo media). The viewer
 * needs a signed-in fan with a ticket: the demo fan's session is put in the browser's storage through a
 * Playwright persistent context, whose default context Lighthouse then audits (storage not reset).
 * Goal: performance 90+ on both, LCP under 2.5 s. docs/benchmarks.md records the figures.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { chromiumLaunchOptions } from '../e2e/support/chromium.ts';
import { login } from './viewer-helpers.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const PORT = Number(process.env.LH_PORT ?? 8284);
const DEBUG_PORT = PORT + 1;
const BASE = `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.argv[2] ?? 1);

const dataDir = mkdtempSync(path.join(tmpdir(), 'encore-lh-'));
const profileDir = mkdtempSync(path.join(tmpdir(), 'encore-lh-profile-'));
const server = spawn(process.execPath, [path.join(ROOT, 'apps/server/src/main.ts')], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    PORT: String(PORT),
    PUBLIC_URL: BASE,
    DATA_DIR: dataDir,
    MEDIA_DIR: process.env.MEDIA_DIR ?? path.join(ROOT, 'media-cache'),
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
  },
});
let context;
const cleanUp = async () => {
  await context?.close().catch(() => {});
  server.kill('SIGTERM');
  rmSync(profileDir, { recursive: true, force: true });
  setTimeout(() => rmSync(dataDir, { recursive: true, force: true }), 500);
};
process.on('SIGINT', () => void cleanUp().then(() => process.exit(130)));

async function waitUp() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${BASE}/healthz`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

try {
  await waitUp();
  const fan = await login(BASE, 'fan@encore.test');
  const slug = (await (await fetch(`${BASE}/config.json`)).json()).shows[0].slug;
  context = await chromium.launchPersistentContext(profileDir, {
    ...chromiumLaunchOptions,
    args: [...chromiumLaunchOptions.args, `--remote-debugging-port=${DEBUG_PORT}`],
  });
  const seed = await context.newPage();
  await seed.goto(`${BASE}/robots.txt`);
  await seed.evaluate(
    ([key, user]) => {
      localStorage.setItem('agreeCookies', 'true');
      localStorage.setItem('skew', '0');
      localStorage.setItem('authToken', JSON.stringify(key));
      localStorage.setItem('user', JSON.stringify(user));
    },
    [fan.key, fan.user],
  );

  const pages = [
    { name: 'landing (signed-in fan)', url: `${BASE}/` },
    { name: 'viewer (/event/<slug>)', url: `${BASE}/event/${slug}` },
  ];
  const rows = [];
  for (const p of pages) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const result = await lighthouse(
        p.url,
        { port: DEBUG_PORT, output: 'json', logLevel: 'error', disableStorageReset: true },
        {
          extends: 'lighthouse:default',
          settings: { onlyCategories: ['performance', 'accessibility', 'seo', 'best-practices'] },
        },
      );
      const { categories, audits } = result.lhr;
      // LH_OUT=<dir> keeps each run's full report (the LCP element, long tasks, unused JS...).
      if (process.env.LH_OUT) {
        mkdirSync(process.env.LH_OUT, { recursive: true });
        const file = `${p.name.split(' ')[0]}-${i + 1}.json`;
        writeFileSync(path.join(process.env.LH_OUT, file), JSON.stringify(result.lhr));
      }
      runs.push({
        perf: Math.round(categories.performance.score * 100),
        a11y: Math.round(categories.accessibility.score * 100),
        bp: Math.round(categories['best-practices'].score * 100),
        seo: Math.round(categories.seo.score * 100),
        fcp: audits['first-contentful-paint'].numericValue,
        lcp: audits['largest-contentful-paint'].numericValue,
        tbt: audits['total-blocking-time'].numericValue,
        cls: audits['cumulative-layout-shift'].numericValue,
      });
    }
    const m = (k) => median(runs.map((r) => r[k]));
    rows.push(
      `| ${p.name} | ${RUNS} | ${m('perf')} | ${(m('fcp') / 1000).toFixed(2)} s | ${(m('lcp') / 1000).toFixed(2)} s | ${Math.round(m('tbt'))} ms | ${m('cls').toFixed(3)} | ${m('a11y')} | ${m('bp')} | ${m('seo')} |`,
    );
  }
  console.log('| page | runs | performance | FCP | LCP | TBT | CLS | accessibility | best practices | SEO |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) console.log(r);
} finally {
  await cleanUp();
}
