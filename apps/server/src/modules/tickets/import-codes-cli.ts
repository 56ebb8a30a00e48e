import { readFile } from 'node:fs/promises';
import type { CodeImportResult } from '@encore/contract';
import { ConfigError, parseConfig } from '../../config.ts';
import { DataDirInUseError } from '../../db/data-dir-lock.ts';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { createShowsRepo } from '../shows/shows.repo.ts';
import { createCodeImporter } from './code-import.service.ts';
import { createTicketsRepo } from './tickets.repo.ts';

const USAGE = `Usage: node apps/server/src/modules/tickets/import-codes-cli.ts <show-slug> <codes.csv>
Imports a show's booking codes (header: code,email,vendor,attributes), all or nothing, into the
database of the server's configuration (DATABASE_URL, else the PGlite in DATA_DIR; stop a server
using that DATA_DIR first). Prints {"imported":N,"errors":[{"line":L,"message":"..."}]}.`;

type Io = { out: (text: string) => void; err: (text: string) => void };

/** The CLI as a function of its arguments and environment; answers the exit code. */
export async function runImportCodes(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  io: Io,
): Promise<number> {
  const [slug, file] = args;
  if (!slug || !file || args.length !== 2) {
    io.err(USAGE);
    return 2;
  }
  let config: ReturnType<typeof parseConfig>;
  try {
    config = parseConfig(env);
  } catch (e) {
    if (e instanceof ConfigError) {
      io.err(e.message);
      return 2;
    }
    throw e;
  }
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    io.err(`Cannot read ${file}: ${(e as Error).message}`);
    return 2;
  }

  let database: DatabaseHandle;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (e) {
    if (!(e instanceof DataDirInUseError)) throw e;
    io.err(e.message);
    return 1;
  }
  try {
    await migrateToLatest(database.db);
    const importer = createCodeImporter({
      shows: createShowsRepo(database.db),
      tickets: createTicketsRepo(database.db),
    });
    let result: CodeImportResult;
    try {
      result = await importer.importCsv(slug, text);
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      result = { imported: 0, errors: [{ line: 0, message: e.message }] };
    }
    io.out(JSON.stringify(result));
    return result.errors.length > 0 ? 1 : 0;
  } finally {
    await database.close();
  }
}

if (import.meta.main) {
  process.exitCode = await runImportCodes(process.argv.slice(2), process.env, {
    out: (t) => process.stdout.write(`${t}\n`),
    err: (t) => process.stderr.write(`${t}\n`),
  });
}
