import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, Migrator, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { poolAcquire } from '../platform/instruments.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { migrations } from './migrations/index.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

export type DatabaseHandle = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The PostgreSQL pool (its sizes are on /metrics); none with PGlite. */
  pool?: pg.Pool;
  close(): Promise<void>;
};

/** Times every wait for a pool connection (encore_db_pool_acquire_seconds): Kysely asks per query. */
function timeAcquires(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  pool.connect = (async () => {
    const end = poolAcquire.startTimer();
    try {
      return await connect();
    } finally {
      end();
    }
  }) as typeof pool.connect;
}

// Count results and bigint ids come back as strings by default; Encore's numbers fit in a double.
pg.types.setTypeParser(20, (v) => Number(v));
// Dates (date of birth) stay plain YYYY-MM-DD strings rather than local-midnight Dates.
pg.types.setTypeParser(1082, (v) => v);

/** Dates as YYYY-MM-DD strings, as with the pg driver above. */
export const PGLITE_OPTIONS = { parsers: { 1082: (v: string) => v } };

/** PostgreSQL server when a URL is given, else the embedded PGlite in DATA_DIR (DESIGN.md section 1). */
export async function openDatabase(opts: {
  databaseUrl?: string | undefined;
  dataDir?: string;
  pglite?: PGlite;
}): Promise<DatabaseHandle> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 20 });
    // An idle connection that the server drops (a PostgreSQL restart or failover) is an 'error' on
    // the pool: unheard, Node ends the process. The pool drops that client and opens a new one.
    pool.on('error', (err) => {
      process.emitWarning(`PostgreSQL pool: an idle connection failed (${err.message})`);
    });
    // pg also emits 'error' on a client whose connection breaks while it is checked out (a query
    // under way when PostgreSQL crashed or restarted: read ECONNRESET), besides failing its queries;
    // the pool listens only to idle clients. Unheard, that error ended the process: the fault suite's
    // PostgreSQL restart shut down every node. The failed queries answer their requests; the pool
    // drops the broken client when it comes back.
    pool.on('connect', (client) => {
      client.on('error', (err) => {
        process.emitWarning(`PostgreSQL pool: a connection in use failed (${err.message})`);
      });
    });
    timeAcquires(pool);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', pool, close: () => db.destroy() };
  }
  if (opts.pglite) {
    const db = new Kysely<Database>({ dialect: new PGliteDialect(opts.pglite) });
    return { db, kind: 'pglite', close: () => db.destroy() };
  }
  if (!opts.dataDir) throw new Error('openDatabase needs a databaseUrl, a dataDir or a PGlite instance');
  const dir = path.join(opts.dataDir, 'pg');
  await mkdir(dir, { recursive: true });
  const unlock = lockDataDir(opts.dataDir);
  try {
    const client = await PGlite.create(dir, PGLITE_OPTIONS).catch((err: unknown) => {
      throw damagedDataDir(opts.dataDir as string, err);
    });
    const db = new Kysely<Database>({ dialect: new PGliteDialect(client) });
    return {
      db,
      kind: 'pglite',
      close: async () => {
        await db.destroy();
        unlock();
      },
    };
  } catch (err) {
    unlock();
    throw err;
  }
}

/** The data directory exists but PGlite cannot read it: said plainly, with what to do (issue 12). */
export class DataDirDamagedError extends Error {}

/** PGlite's WebAssembly build aborts on unreadable files with a bare `RuntimeError: Aborted()`. */
export function isPgliteAbort(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  return err.name === 'RuntimeError' || isPgliteAbort(err.cause);
}

export function damagedDataDir(dataDir: string, err: unknown): DataDirDamagedError {
  const reason = isPgliteAbort(err)
    ? 'the embedded PostgreSQL stopped while reading its files, which look damaged or were written by another version'
    : String((err as Error)?.message ?? err)
        .split('\n')[0]
        ?.slice(0, 300);
  return new DataDirDamagedError(
    `The database in ${dataDir} could not be opened: ${reason}.\n` +
      `What to do: make sure no other process uses ${dataDir}, then restore it from a backup, or move it ` +
      `aside (mv ${dataDir} ${dataDir}.damaged) to start with an empty database. Nothing in it was changed.`,
    { cause: err },
  );
}

export async function migrateToLatest<T>(db: Kysely<T>): Promise<void> {
  const migrator = new Migrator({
    db: db as unknown as Kysely<unknown>,
    provider: { getMigrations: async () => migrations },
    // Numbers are handed out to engineers working at once: one may land after a higher one has run
    // on a data directory (0031 after 0032 and 0034), and must still run there.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}
