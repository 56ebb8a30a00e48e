// `npm start`: builds what is missing, then runs the one Encore process (API, web, docs) on PORT.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildWebIfStale, root } from './lib.mjs';

const code = await buildWebIfStale();
if (code !== 0) process.exit(code);

const server = spawn(process.execPath, [path.join(root, 'apps/server/src/main.ts')], { stdio: 'inherit', cwd: root });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (exitCode, signal) => process.exit(exitCode ?? (signal ? 1 : 0)));
