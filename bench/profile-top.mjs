/**
 * Where a CPU profile's time went: the functions with the most self time, and the same summed per
 * package or source file, from a `.cpuprofile` that `--cpu-prof` wrote (BENCH_PROFILE_DIR).
 * Percentages are of the busy time (idle samples left out).
 *
 *   node bench/profile-top.mjs <file.cpuprofile> [rows] [last seconds]
 *
 * With `last seconds`, only the samples of the profile's last seconds (the last phase of a bench).
 */
import { readFileSync } from 'node:fs';

const [file, rowsArg, lastArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node bench/profile-top.mjs <file.cpuprofile> [rows]');
  process.exit(2);
}
const rows = Number(rowsArg ?? 30);
const profile = JSON.parse(readFileSync(file, 'utf8'));

/** Microseconds per node id: the sampling interval each sample stands for. */
const selfUs = new Map();
const { samples, timeDeltas } = profile;
const idle = new Set(profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id));
const from = lastArg ? profile.endTime - Number(lastArg) * 1e6 : 0;
let at = profile.startTime;
for (let i = 0; i < samples.length; i++) {
  at += timeDeltas[i] ?? 0;
  if (at < from || idle.has(samples[i])) continue;
  selfUs.set(samples[i], (selfUs.get(samples[i]) ?? 0) + (timeDeltas[i] ?? 0));
}
const totalUs = [...selfUs.values()].reduce((a, b) => a + b, 0);

/** node_modules/<pkg> or the repository-relative source path; '(native)' for V8's own frames. */
function where(url) {
  if (!url) return '(native)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  const src = url.indexOf('/apps/');
  if (src >= 0) return url.slice(src + 1);
  return url.replace(/^file:\/\//, '');
}

const byFn = new Map();
const byPlace = new Map();
for (const node of profile.nodes) {
  const us = selfUs.get(node.id) ?? 0;
  if (!us) continue;
  const cf = node.callFrame;
  const place = where(cf.url);
  const fn = `${cf.functionName || '(anonymous)'}  ${place}:${cf.lineNumber + 1}`;
  byFn.set(fn, (byFn.get(fn) ?? 0) + us);
  byPlace.set(place, (byPlace.get(place) ?? 0) + us);
}

// Total time (self and callees) of the server's own functions: which request path spends it.
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const inclusive = new Map();
function walk(id, onStack) {
  const node = byId.get(id);
  let us = selfUs.get(id) ?? 0;
  const cf = node.callFrame;
  const mine = cf.url.includes('/apps/server/src/');
  const key = `${cf.functionName || '(anonymous)'}  ${where(cf.url)}:${cf.lineNumber + 1}`;
  const fresh = mine && !onStack.has(key);
  if (fresh) onStack.add(key);
  for (const child of node.children ?? []) us += walk(child, onStack);
  if (fresh) {
    onStack.delete(key);
    inclusive.set(key, (inclusive.get(key) ?? 0) + us);
  }
  return us;
}
walk(profile.nodes[0].id, new Set());

const pct = (us) => `${((100 * us) / totalUs).toFixed(1).padStart(5)} %`;
const top = (map) => [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, rows);
console.log(`${file}: ${(totalUs / 1e6).toFixed(1)} s busy\n\nself time per function:`);
for (const [name, us] of top(byFn)) console.log(`${pct(us)}  ${name}`);
console.log('\nself time per package or file:');
for (const [name, us] of top(byPlace)) console.log(`${pct(us)}  ${name}`);
console.log("\ntotal time (with callees) of the server's own functions:");
for (const [name, us] of top(inclusive)) console.log(`${pct(us)}  ${name}`);
