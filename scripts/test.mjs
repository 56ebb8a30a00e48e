// `npm test`: lint, type checks, unit and server tests (on PGlite, then on the PostgreSQL server and
// Redis when they answer), then the e2e suite in real Chromium. Ends with one "N passed, N failed" line.
import { mkdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { buildWebIfStale, root, run } from './lib.mjs';

const reports = path.join(root, 'test-results');
mkdirSync(reports, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

function answers(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host, timeout: 1000 });
    socket.on('connect', () => socket.end() && resolve(true));
    socket.on('timeout', () => socket.destroy() && resolve(false));
    socket.on('error', () => resolve(false));
  });
}

async function step(name, cmd, args, opts) {
  console.log(`\n=== ${name}`);
  const code = await run(cmd, args, opts);
  if (code !== 0) failures.push(name);
  return code;
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

async function vitest(name, projects, file, env = {}) {
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p])];
  args.push('--reporter=default', '--reporter=json', `--outputFile.json=${file}`);
  await step(name, 'npx', args, { env });
  addVitest(file);
}

await step('lint (biome)', 'npx', ['biome', 'check', '.']);
await step('spec coverage (docs/spec-coverage.md is current)', process.execPath, [
  'scripts/spec-coverage.mjs',
  '--check',
]);
for (const project of ['packages/contract', 'apps/server', 'apps/web', 'e2e', 'bench']) {
  await step(`type check ${project}`, 'npx', ['tsc', '-p', project]);
}

await vitest(
  'unit and server tests (embedded PGlite)',
  ['contract', 'web', 'server'],
  path.join(reports, 'vitest-pglite.json'),
);

const pgUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const pgAnswers = await answers(Number(new URL(pgUrl).port || 5432), new URL(pgUrl).hostname);
if (pgAnswers) {
  const redisAnswers = await answers(6379);
  const env = {
    TEST_DATABASE_URL: pgUrl,
    ...(redisAnswers ? { TEST_REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' } : {}),
  };
  if (!redisAnswers)
    console.log(
      '\nSKIP: Redis: nothing answers at 127.0.0.1:6379; the PostgreSQL run uses in-process limits.',
    );
  await vitest(
    `server tests (PostgreSQL${redisAnswers ? ' + Redis' : ''})`,
    ['server'],
    path.join(reports, 'vitest-postgres.json'),
    env,
  );
} else {
  console.log(`\nSKIP: server tests on PostgreSQL: nothing answers at ${new URL(pgUrl).host}.`);
}

console.log('\n=== e2e (Chromium)');
if ((await run('bash', ['scripts/ensure-system-packages.sh', '/usr/bin/chromium:chromium'])) !== 0)
  failures.push('install chromium');
if ((await buildWebIfStale()) !== 0) failures.push('web build');
// The journeys play the demo show: its media must exist (a no-op when the cache is current).
if ((await run(process.execPath, ['scripts/generate-media.mjs'])) !== 0) failures.push('demo media');
// Two runs: the journeys on two workers, then the watching journeys alone (e2e/playwright.config.ts).
for (const [project, workers] of [
  ['journeys', '2'],
  ['watching', '1'],
]) {
  const e2eJson = path.join(reports, `e2e-${project}.json`);
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

console.log('');
if (failures.length > 0) console.log(`Failed steps: ${failures.join(', ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length > 0 || totals.failed > 0 ? 1 : 0);
