import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { ConfigError, parseConfig } from './config.ts';
import { DataDirInUseError } from './db/data-dir-lock.ts';
import {
  DataDirDamagedError,
  damagedDataDir,
  isPgliteAbort,
  migrateToLatest,
  openDatabase,
} from './db/database.ts';
import { closeLiveness, listenLiveness } from './platform/liveness-port.ts';
import { DEMO_ACCOUNTS, seedDemo } from './seed/demo-seed.ts';

let config: ReturnType<typeof parseConfig>;
try {
  config = parseConfig(process.env);
} catch (err) {
  if (err instanceof ConfigError) {
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }
  throw err;
}

/** A start-up failure an operator can act on: one clear paragraph and exit 1, not a stack of minified code. */
function refuse(err: unknown): never {
  process.stderr.write(`Encore cannot start.\n${(err as Error).message}\n`);
  process.exit(1);
}

let database: Awaited<ReturnType<typeof openDatabase>>;
try {
  database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
} catch (err) {
  if (err instanceof DataDirInUseError || err instanceof DataDirDamagedError) refuse(err);
  throw err;
}
try {
  await migrateToLatest(database.db);
  if (config.demo.enabled) await seedDemo(database.db, config.demo.password);
} catch (err) {
  // A damaged relation file passes the open and aborts at the first query that reads it.
  if (database.kind === 'pglite' && isPgliteAbort(err)) refuse(damagedDataDir(config.dataDir, err));
  throw err;
}

// Started by `npm start` (scripts/start.mjs) with an IPC channel: if that parent dies, even by
// SIGKILL, the channel closes and the server shuts down rather than live on as an orphan.
if (process.send) process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));

const app = await buildApp(config, { database });
app.addHook('onClose', async () => {
  await database.close();
});

let liveness: Awaited<ReturnType<typeof listenLiveness>> | null = null;
// On SIGTERM/SIGINT: stop accepting, finish in-flight requests, close the database; 10 s at most.
closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info({ signal }, 'shutting down');
  // The balancer's check fails first, so that no new fan is sent here while the rest closes.
  if (liveness) await closeLiveness(liveness);
  await app.close();
});

await app.listen({ port: config.port, host: config.host, backlog: config.listenBacklog });
if (config.healthPort) liveness = await listenLiveness(config.healthPort, config.host);
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
const lines = [
  '',
  `  Encore is running at ${config.publicUrl}`,
  `  API docs: ${config.publicUrl}/docs    database: ${where}`,
];
if (config.demo.enabled) {
  lines.push(`  Demo logins (password: ${config.demo.password}):`);
  for (const a of DEMO_ACCOUNTS) lines.push(`    ${a.email.padEnd(20)} ${a.note}`);
  if (config.env !== 'production') lines.push(`  Mail outbox: ${config.publicUrl}/dev/outbox`);
}
app.log.info(lines.join('\n'));
