// `npm test`: lint, type checks, unit and server tests (on PGlite, then on the PostgreSQL server and
// Redis when they answer), then the e2e suite in real Chromium. Ends with one "N passed, N failed" line.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { root, run, runCaptured, webBuildIsStale } from './lib.mjs';

const reports = path.join(root, 'test-results');
mkdirSync(reports, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
/** Each step's wall time, printed at the end: where CI's minutes go (docs/benchmarks.md, test suite). */
const timings = [];
const started = Date.now();
const cores = Math.max(2, os.availableParallelism());

function answers(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host, timeout: 1000 });
    socket.on('connect', () => socket.end() && resolve(true));
    socket.on('timeout', () => socket.destroy() && resolve(false));
    socket.on('error', () => resolve(false));
  });
}

async function commandExists(cmd) {
  return (await run('bash', ['-c', `command -v ${cmd} >/dev/null`], { stdio: 'ignore' })) === 0;
}

function timed(name, since) {
  const seconds = (Date.now() - since) / 1000;
  timings.push([name, seconds]);
  return seconds;
}

async function step(name, cmd, args, opts) {
  console.log(`\n=== ${name}`);
  const since = Date.now();
  const code = await run(cmd, args, opts);
  console.log(`=== ${name}: ${code === 0 ? 'ok' : `exit ${code}`} in ${timed(name, since).toFixed(1)} s`);
  if (code !== 0) failures.push(name);
  return code;
}

/**
 * Independent steps `limit` at a time, each one's output held and printed whole when it ends. tsc,
 * biome and the checks are single-threaded: one after another they left a core idle for minutes.
 */
async function concurrently(steps, limit) {
  const queue = [...steps];
  async function worker() {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [name, cmd, args, opts] = next;
      printHeld(await heldStep(name, cmd, args, opts));
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, steps.length) }, worker));
}

/** A step whose output is held, to be printed whole (printHeld) when the caller chooses. */
async function heldStep(name, cmd, args, opts, note = '') {
  const since = Date.now();
  const { code, output } = await runCaptured(cmd, args, opts);
  const seconds = timed(name, since);
  if (code !== 0) failures.push(name);
  return {
    code,
    text: `\n=== ${name}: ${code === 0 ? 'ok' : `exit ${code}`} in ${seconds.toFixed(1)} s${note}\n${output.trimEnd()}`,
  };
}

function printHeld(held) {
  console.log(held.text.trimEnd());
}

function addVitest(file) {
  try {
    const r = JSON.parse(readFileSync(file, 'utf8'));
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    totals.skipped += r.numPendingTests + r.numTodoTests;
  } catch {
    totals.failed += 1;
  }
}

function vitestArgs(projects, file, extra = []) {
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), ...extra];
  // vitest's default is one worker fewer than the cores (one on a 2-core runner). One more than the
  // cores: many server files mostly wait (real encoders in real time, processes started and killed),
  // and two workers left the two cores 40 to 60 % idle for the first minutes of the embedded run;
  // three took it from 225 s to 185 s on this 2-core runner (28 Nov, two green runs).
  args.push(`--maxWorkers=${cores + 1}`);
  args.push('--reporter=default', '--reporter=json', `--outputFile.json=${file}`);
  return args;
}

async function vitest(name, projects, file) {
  await step(name, 'npx', vitestArgs(projects, file));
  addVitest(file);
}

// Checks, type checks and what the later phases need (the demo media that the server and e2e tests
// play, the web build the e2e server serves), longest first so that the last to start are short.
await concurrently(
  [
    // scripts/generate-media.mjs is a fingerprint check when the cache is current.
    ['demo media', process.execPath, ['scripts/generate-media.mjs']],
    ['type check apps/server', 'npx', ['tsc', '-p', 'apps/server']],
    ['type check apps/web', 'npx', ['tsc', '-p', 'apps/web']],
    ['type check bench', 'npx', ['tsc', '-p', 'bench']],
    ['type check e2e', 'npx', ['tsc', '-p', 'e2e']],
    ...(webBuildIsStale() ? [['web build', 'npm', ['run', 'build', '--silent']]] : []),
    ['lint (biome)', 'npx', ['biome', 'check', '.']],
    ['type check packages/contract', 'npx', ['tsc', '-p', 'packages/contract']],
    [
      'spec coverage (docs/spec-coverage.md is current)',
      process.execPath,
      ['scripts/spec-coverage.mjs', '--check'],
    ],
  ],
  cores,
);

// The initial JavaScript budgets (DESIGN.md section 8: landing entry 120 kB, viewer 250 kB gzip) on
// the build the first phase made current: a second or so, and an addition to the landing entry that
// puts it over fails here rather than in a later benchmark.
await step('JS budgets', process.execPath, ['bench/bundle-size.mjs', '--check']);
// The promised browsers (issue 26: Chrome 70, Safari 13.1): every built chunk parses at ES2019 with
// modules and holds no regex look-behind, the update-page check at ES5. About a second.
await step('ES level of the built chunks', process.execPath, ['scripts/check-es-level.mjs']);

// Debian's prometheus package (about 15 s when missing): the server tests check ops/prometheus with
// promtool, lint a real /metrics scrape, and run a real Prometheus on the shipped configuration
// against a node (platform/alert-rules.test.ts, platform/prometheus.test.ts).
await step('Prometheus tooling', 'bash', ['scripts/ensure-system-packages.sh', 'promtool:prometheus']);

await vitest(
  'unit and server tests (embedded PGlite)',
  ['contract', 'web', 'server'],
  path.join(reports, 'vitest-pglite.json'),
);

/**
 * The server tests on the PostgreSQL server and Redis, then the fault suite's short form: output held
 * and returned. Not beside the e2e journeys: tried on 27 Nov, the two server-test workers and the
 * fault suite's cluster starved three Chromium journeys (load average 24) and a dozen journeys timed
 * out (docs/benchmarks.md, the test suite's time).
 */
async function serviceTests() {
  const held = [];
  const pgUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const pgAnswers = await answers(Number(new URL(pgUrl).port || 5432), new URL(pgUrl).hostname);
  if (pgAnswers) {
    const redisAnswers = await answers(6379);
    const env = {
      TEST_DATABASE_URL: pgUrl,
      ...(redisAnswers ? { TEST_REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' } : {}),
    };
    if (!redisAnswers)
      held.push({
        text: '\nSKIP: Redis: nothing answers at 127.0.0.1:6379; the PostgreSQL run uses in-process limits.',
      });
    const file = path.join(reports, 'vitest-postgres.json');
    const args = vitestArgs(['server'], file, [
      // The live DASH and mosaic pipelines (real nginx-rtmp and ffmpeg in real time, 20 s each) test
      // media, the same on either database: their rows (ingest_streams) are covered on PostgreSQL by
      // ingest.test.ts and ingest-push.test.ts.
      '--exclude',
      '**/ingest-dash.test.ts',
      '--exclude',
      '**/ingest-mosaic.test.ts',
      // RFC 8216 strictness of the live playlists (17 s of real encoders): no rows of its own.
      '--exclude',
      '**/ingest-playlists.test.ts',
    ]);
    const name = `server tests (PostgreSQL${redisAnswers ? ' + Redis' : ''})`;
    held.push(await heldStep(name, 'npx', args, { env }, ''));
    addVitest(file);
  } else {
    held.push({ text: `\nSKIP: server tests on PostgreSQL: nothing answers at ${new URL(pgUrl).host}.` });
  }

  // The fault suite's short form (scripts/faults.mjs): three nodes behind HAProxy on a PostgreSQL and
  // a Redis of its own, a node killed, then Redis and PostgreSQL restarted under watching, chatting fans.
  if (existsSync('/usr/lib/postgresql/15/bin/initdb') && (await commandExists('redis-server'))) {
    const faultsJson = path.join(reports, 'faults.json');
    held.push(
      await heldStep(
        'faults (short: kill -9 a node, restart Redis, restart PostgreSQL)',
        process.execPath,
        ['scripts/faults.mjs', '--short'],
        { env: { FAULTS_JSON: faultsJson } },
      ),
    );
    try {
      const { results, failed } = JSON.parse(readFileSync(faultsJson, 'utf8'));
      for (const r of results) totals[r.ok ? 'passed' : 'failed'] += 1;
      // A run that broke off before its checks (the cluster did not start) is one failure too.
      if (failed && results.every((r) => r.ok)) totals.failed += 1;
    } catch {
      totals.failed += 1;
    }
  } else {
    held.push({ text: '\nSKIP: faults: PostgreSQL 15 binaries or redis-server are not installed.' });
  }
  return held;
}

async function e2e(project, workers) {
  const e2eJson = path.join(reports, `e2e-${project}.json`);
  const since = Date.now();
  const e2eCode = await run(
    'npx',
    [
      'playwright',
      'test',
      '--config',
      'e2e/playwright.config.ts',
      '--project',
      project,
      '--workers',
      workers,
      '--reporter=list,json',
    ],
    { env: { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eJson } },
  );
  timed(`e2e ${project}`, since);
  try {
    const stats = JSON.parse(readFileSync(e2eJson, 'utf8')).stats;
    totals.passed += stats.expected + stats.flaky;
    totals.failed += stats.unexpected;
    totals.skipped += stats.skipped;
  } catch {
    totals.failed += 1;
  }
  if (e2eCode !== 0) failures.push(`e2e ${project}`);
}

for (const h of await serviceTests()) printHeld(h);

console.log('\n=== e2e (Chromium)');
if ((await run('bash', ['scripts/ensure-system-packages.sh', '/usr/bin/chromium:chromium'])) !== 0)
  failures.push('install chromium');
// Two runs: the journeys on three workers, then the watching journeys on two, by themselves, as they
// measure playback (e2e/playwright.config.ts). A journey mostly waits (doors, retries every 3 s, 10 s
// cheer batches, realtime round trips); what starved a 2-core runner was the traces' screencast, now
// off (docs/benchmarks.md, the test suite's time).
await e2e('journeys', '3');
await e2e('watching', '2');

// The main fan journey in the engines Playwright cannot drive (issue 26), on one server of their own:
// Debian's Firefox ESR through puppeteer-core over WebDriver BiDi, then WebKit (Safari's engine) as
// Debian's WebKitGTK through WebKitWebDriver (classic WebDriver only) on a virtual X display, as
// WebKitGTK has no headless mode. Landing, sign-in, enter, play: about two minutes on a loaded runner.
console.log('\n=== e2e (Firefox ESR, WebKitGTK)');
const enginePackages = [
  '/usr/bin/firefox-esr:firefox-esr',
  'WebKitWebDriver:webkit2gtk-driver',
  'xvfb-run:xvfb',
  // MSE's H.264 and AAC decoders and the MP4 demuxer (recommended by WebKitGTK, which the script
  // installs without recommends).
  '/usr/lib/x86_64-linux-gnu/gstreamer-1.0/libgstlibav.so:gstreamer1.0-libav',
  '/usr/lib/x86_64-linux-gnu/gstreamer-1.0/libgstisomp4.so:gstreamer1.0-plugins-good',
];
if ((await run('bash', ['scripts/ensure-system-packages.sh', ...enginePackages])) !== 0) {
  failures.push('install firefox-esr, webkit2gtk-driver, xvfb');
} else {
  // Its exit code is the number of journeys that failed (of two).
  const code = await step('e2e Firefox ESR and WebKitGTK journeys', process.execPath, [
    'e2e/engines/run-journeys.ts',
  ]);
  const failedJourneys = Math.min(2, Math.max(0, code));
  totals.passed += 2 - failedJourneys;
  totals.failed += failedJourneys;
}

console.log('\nWhere the time went (wall seconds; the first phase runs its steps side by side):');
for (const [name, seconds] of timings) console.log(`  ${seconds.toFixed(1).padStart(7)}  ${name}`);
console.log(`  ${((Date.now() - started) / 1000).toFixed(1).padStart(7)}  total`);
console.log('');
if (failures.length > 0) console.log(`Failed steps: ${failures.join(', ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length > 0 || totals.failed > 0 ? 1 : 0);
