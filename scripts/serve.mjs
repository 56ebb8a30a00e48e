// Runs the one Encore server process (apps/server/src/main.ts) under this one and ties their lives
// together (issue 12): a SIGTERM or SIGINT to this process reaches the server once, the server's exit
// ends this process with its code, and if this process dies even by SIGKILL, the server's IPC channel
// closes and it shuts itself down. `npm start` (start.mjs) builds what is missing, then runs this.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './lib.mjs';

export function serve() {
  const server = spawn(process.execPath, [path.join(root, 'apps/server/src/main.ts')], {
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    cwd: root,
    // Its own process group: a terminal's Ctrl-C reaches this process alone, which passes it on once
    // (a second SIGINT would make the server skip its graceful close).
    detached: process.platform !== 'win32',
  });
  let forwarded = false;
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      if (forwarded) return;
      forwarded = true;
      server.kill(signal);
    });
  }
  server.on('exit', (exitCode, signal) => process.exit(exitCode ?? (signal ? 1 : 0)));
  return server;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) serve();
