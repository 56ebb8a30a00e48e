// `npm run fuzz [-- --runs N] [-- --seed S]`: the nightly-style run of the route fuzzing of issue 12
// (apps/server/src/platform/route-fuzz.test.ts). Every route gets N generated hostile requests
// (default 400; FUZZ_RUNS works too) from a random seed (printed, so a failure can be replayed with
// --seed). Prints the requests sent and the 5xx count; exits non-zero on any 5xx or partial write.
// The hostile values include issue 29's replacement patterns ($` $' $&) and URL schemes and
// network-path references (javascript:, data:, file:, gopher:, //host, /\host) that no URL field takes.
// With TEST_DATABASE_URL (and TEST_REDIS_URL) set it runs on PostgreSQL, otherwise on PGlite.
import { parseArgs } from 'node:util';
import { run } from './lib.mjs';

const { values } = parseArgs({
  options: { runs: { type: 'string' }, seed: { type: 'string' } },
  allowPositionals: false,
});
const runs = Number(values.runs ?? process.env.FUZZ_RUNS ?? 400);
const seed = Number(values.seed ?? process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(seed)) {
  console.error('usage: npm run fuzz -- [--runs <per route, default 400>] [--seed <integer>]');
  process.exit(2);
}
console.log(`route fuzz: ${runs} requests per route, seed ${seed}`);
const code = await run(
  'npx',
  ['vitest', 'run', '--project', 'server', 'apps/server/src/platform/route-fuzz.test.ts'],
  { env: { FUZZ_RUNS: String(runs), FUZZ_SEED: String(seed) } },
);
process.exit(code);
