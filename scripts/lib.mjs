import { spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

/** Runs a command with inherited output; resolves with its exit code. `onChild` gets the process. */
export function run(cmd, args, opts = {}) {
  const { onChild, ...spawnOpts } = opts;
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      stdio: 'inherit',
      cwd: root,
      ...spawnOpts,
      env: { ...process.env, ...spawnOpts.env },
    });
    onChild?.(child);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Newest modification time under a directory (skipping node_modules and build output). */
export function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

export function mtimeOr0(file) {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/** Runs a command with its output held (stdout and stderr in order); resolves with code and output. */
export function runCaptured(cmd, args, opts = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      cwd: root,
      ...opts,
      env: { ...process.env, ...opts.env },
    });
    const chunks = [];
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    child.on('close', (code, signal) =>
      resolve({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks).toString() }),
    );
  });
}

/** Whether the web build is older than a source it depends on (or missing). */
export function webBuildIsStale() {
  const built = mtimeOr0(path.join(root, 'apps/web/dist/index.html'));
  const sources = Math.max(
    newestMtime(path.join(root, 'apps/web')),
    newestMtime(path.join(root, 'packages/contract/src')),
  );
  return built <= sources;
}

/** Builds the web app unless its build is newer than every source it depends on. */
export async function buildWebIfStale(opts = {}) {
  if (!webBuildIsStale()) return 0;
  console.log('Building the web app...');
  return run('npm', ['run', 'build', '--silent'], opts);
}
