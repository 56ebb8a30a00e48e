import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { ConfigError, parseConfig } from './config.ts';
import { migrateToLatest, openDatabase } from './db/database.ts';
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

const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrateToLatest(database.db);
if (config.demo.enabled) await seedDemo(database.db, config.demo.password);

const app = await buildApp(config, { database });
app.addHook('onClose', async () => {
  await database.close();
});

// On SIGTERM/SIGINT: stop accepting, finish in-flight requests, close the database; 10 s at most.
closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info({ signal }, 'shutting down');
  await app.close();
});

await app.listen({ port: config.port, host: config.host });
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
