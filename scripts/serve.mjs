// Runs the one Encore server process (apps/server/src/main.ts) under this one and ties their lives
// together (issue 12): a SIGTERM or SIGINT to this process, or the death of its parent (npm), reaches
// the server once, the server's exit ends this process with its code, and if this process dies even
// by SIGKILL, the server's IPC channel closes and it shuts itself down. `npm start` (start.mjs) builds what is missing, then runs this.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './lib.mjs';

/**
 * Calls `stop` once this process's parent is gone. `npm start` killed by its pid does not pass the
 * signal on to its script: npm and its shell die and this process would live on, reparented, with the
 * server under it (issue 12). The parent's death shows as a changed ppid.
 */
export function onParentGone(stop) {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    stop();
  }, 250);
  timer.unref();
  return () => clearInterval(timer);
}

export function serve() {
  const server = spawn(process.execPath, [path.join(root, 'apps/server/src/main.ts')], {
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    cwd: root,
    // Its own process group: a terminal's Ctrl-C reaches this process alone, which passes it on once
    // (a second SIGINT would make the server skip its graceful close).
    detached: process.platform !== 'win32',
  });
  let forwarded = false;
  const stop = (signal) => {
    if (forwarded) return;
    forwarded = true;
    server.kill(signal);
  };
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
  onParentGone(() => stop('SIGTERM'));
  server.on('exit', (exitCode, signal) => process.exit(exitCode ?? (signal ? 1 : 0)));
  return server;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) serve();
