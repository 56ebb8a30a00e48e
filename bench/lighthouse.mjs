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
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import * as constants from 'lighthouse/core/config/constants.js';
import { chromiumLaunchOptions } from '../e2e/support/chromium.ts';
import { login } from './viewer-helpers.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const PORT = Number(process.env.LH_PORT ?? 8284);
const DEBUG_PORT = PORT + 1;
const BASE = `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.argv[2] ?? 1);

// LH_NICE=<n> (e.g. -10) runs this script, the server and Chromium (they inherit it) at that
// scheduling priority: on a machine shared with other work, the page's own CPU time is then what the
// trace records, rather than the time other processes held the cores (root needed below 0).
if (process.env.LH_NICE) os.setPriority(Number(process.env.LH_NICE));

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
  for (let i = 0; i < 360; i++) {
    try {
      if ((await fetch(`${BASE}/healthz`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
}

/** Lighthouse's mobile throttling (slow 4G, 4x CPU): only the CPU slowdown is ever changed. */
const MOBILE_SLOW_4G = constants.throttling.mobileSlow4G;
const DEFAULT_MULTIPLIER = MOBILE_SLOW_4G.cpuSlowdownMultiplier;

/**
 * The CPU slowdown that makes this host simulate Lighthouse's target phone, from the BenchmarkIndex
 * Lighthouse measured at the start of the run: the mapping of Lighthouse's throttling docs
 * (docs/throttling.md, "CPU throttling", and its calculator): 1533 -> 4x, 1300 -> 3x, 800 -> 2x,
 * 150 -> 1x, linear between. Never above the default.
 */
function cpuMultiplier(index) {
  if (index >= 1300) return Math.min(DEFAULT_MULTIPLIER, 3 + (index - 1300) / 233);
  if (index >= 800) return 2 + (index - 800) / 500;
  return Math.max(1, 1 + (index - 150) / 650);
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
  // Each run is gathered once (the trace and network log of one page load) and audited twice: with
  // Lighthouse's default mobile CPU slowdown (4x), and with the slowdown calibrated to this host by
  // Lighthouse's own method. The 4x default assumes a host of BenchmarkIndex about 1500 (a fast
  // desktop) so that 4x slower is the target phone; Lighthouse warns below 1000 ("the tested device
  // appears to have a slower CPU than Lighthouse expects") and its throttling docs map the index to
  // the multiplier that still simulates the same phone (cpuMultiplier below). On this shared 2-core
  // machine the index is 250 to 850 while others work: the host is already about as slow as the
  // phone, and 4x on top simulates a device 2 to 6 times slower than Lighthouse's.
  const config = (multiplier) => ({
    extends: 'lighthouse:default',
    settings: {
      onlyCategories: ['performance', 'accessibility', 'seo', 'best-practices'],
      ...(multiplier ? { throttling: { ...MOBILE_SLOW_4G, cpuSlowdownMultiplier: multiplier } } : {}),
    },
  });
  const flags = { port: DEBUG_PORT, output: 'json', logLevel: 'error', disableStorageReset: true };
  const summary = (lhr, multiplier) => ({
    multiplier,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    perf: Math.round(lhr.categories.performance.score * 100),
    a11y: Math.round(lhr.categories.accessibility.score * 100),
    bp: Math.round(lhr.categories['best-practices'].score * 100),
    seo: Math.round(lhr.categories.seo.score * 100),
    fcp: lhr.audits['first-contentful-paint'].numericValue,
    lcp: lhr.audits['largest-contentful-paint'].numericValue,
    tbt: lhr.audits['total-blocking-time'].numericValue,
    cls: lhr.audits['cumulative-layout-shift'].numericValue,
  });
  const rows = { default: [], calibrated: [] };
  for (const p of pages) {
    const runs = { default: [], calibrated: [] };
    for (let i = 0; i < RUNS; i++) {
      const artifacts = mkdtempSync(path.join(tmpdir(), 'encore-lh-artifacts-'));
      try {
        await lighthouse(p.url, { ...flags, gatherMode: artifacts }, config());
        const plain = (await lighthouse(p.url, { ...flags, auditMode: artifacts }, config())).lhr;
        const file = path.join(artifacts, 'artifacts.json');
        const saved = JSON.parse(readFileSync(file, 'utf8'));
        const multiplier = cpuMultiplier(saved.BenchmarkIndex);
        saved.settings.throttling.cpuSlowdownMultiplier = multiplier;
        writeFileSync(file, JSON.stringify(saved));
        const calibrated = (await lighthouse(p.url, { ...flags, auditMode: artifacts }, config(multiplier)))
          .lhr;
        // LH_OUT=<dir> keeps each run's full reports (the LCP element, long tasks, unused JS...).
        if (process.env.LH_OUT) {
          mkdirSync(process.env.LH_OUT, { recursive: true });
          const base = path.join(process.env.LH_OUT, `${p.name.split(' ')[0]}-${i + 1}`);
          writeFileSync(`${base}.json`, JSON.stringify(plain));
          writeFileSync(`${base}-calibrated.json`, JSON.stringify(calibrated));
        }
        // A run whose trace failed (NO_NAVSTART, NO_FCP...) has no figures: reported, left out.
        if (plain.runtimeError) {
          console.error(`${p.name} run ${i + 1}: ${plain.runtimeError.code}, left out`);
          continue;
        }
        runs.default.push(summary(plain, DEFAULT_MULTIPLIER));
        runs.calibrated.push(summary(calibrated, multiplier));
      } finally {
        rmSync(artifacts, { recursive: true, force: true });
      }
    }
    for (const kind of ['default', 'calibrated']) {
      // Every run of the page failed (PAGE_HUNG on a loaded machine): a row that says so, not a crash.
      if (runs[kind].length === 0) {
        rows[kind].push(`| ${p.name} | 0 of ${RUNS} | no figure (every run failed) | | | | | | | | | |`);
        continue;
      }
      const m = (k) => median(runs[kind].map((r) => r[k]));
      const each = runs[kind].map((r) => r.perf).join(', ');
      rows[kind].push(
        `| ${p.name} | ${runs[kind].length} | **${m('perf')}** (${each}) | ${(m('fcp') / 1000).toFixed(2)} s | ${(m('lcp') / 1000).toFixed(2)} s | ${Math.round(m('tbt'))} ms | ${m('cls').toFixed(3)} | ${m('a11y')} | ${m('bp')} | ${m('seo')} | ${Math.round(m('benchmarkIndex'))} | ${m('multiplier').toFixed(2)}x |`,
      );
    }
  }
  for (const kind of ['default', 'calibrated']) {
    console.log(
      kind === 'default'
        ? '\nLighthouse default mobile CPU slowdown (4x):\n'
        : "\nCPU slowdown calibrated to this host's BenchmarkIndex (Lighthouse's throttling docs):\n",
    );
    console.log(
      '| page | runs | performance (median; each run) | FCP | LCP | TBT | CLS | accessibility | best practices | SEO | BenchmarkIndex | CPU slowdown |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
    for (const r of rows[kind]) console.log(r);
  }
} finally {
  await cleanUp();
}
