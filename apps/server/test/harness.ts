import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Config, parseConfig } from '../src/config.ts';
import { type DatabaseHandle, openDatabase, PGLITE_OPTIONS } from '../src/db/database.ts';
import { createRedis } from '../src/platform/redis.ts';

export type TestContext = {
  app: FastifyInstance;
  db: DatabaseHandle['db'];
  config: Config;
  /**
   * Another node of the same deployment: its own app and Redis connection on the same database and
   * key prefix. Without TEST_REDIS_URL each node has its own in-process bus (nothing crosses).
   */
  peer(): Promise<FastifyInstance>;
  close(): Promise<void>;
};

/** A new PostgreSQL database copied from the run's migrated template. */
async function createPgDatabase(
  template: string,
  url: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `encore_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  return {
    url: dbUrl.toString(),
    drop: async () => {
      // pg's pool.end() resolves once its clients are told to end, not once they have: forcing the
      // drop at once can kill a backend that is still saying goodbye, and its client then throws.
      for (let i = 0; i < 100; i++) {
        const { rows } = await admin.query(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        );
        if (rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

async function openTestDatabase(): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  const template = inject('pgTemplate');
  const url = process.env.TEST_DATABASE_URL;
  if (template && url) {
    const created = await createPgDatabase(template, url);
    return { handle: await openDatabase({ databaseUrl: created.url }), drop: created.drop };
  }
  const dump = await readFile(inject('pgliteDump'));
  const client = await PGlite.create({ ...PGLITE_OPTIONS, loadDataDir: new Blob([dump]) });
  return { handle: await openDatabase({ pglite: client }), drop: async () => {} };
}

export type ExternalTestDatabase = {
  /** What a child process needs to open it: DATABASE_URL, or DATA_DIR of a PGlite on disk. */
  env: Record<string, string>;
  /** Opens it in this process; close it before a child process opens a PGlite folder. */
  open(): Promise<DatabaseHandle>;
  drop(): Promise<void>;
};

/** A migrated database that another process (a CLI under test) can open too. */
export async function createExternalTestDatabase(): Promise<ExternalTestDatabase> {
  const template = inject('pgTemplate');
  const url = process.env.TEST_DATABASE_URL;
  if (template && url) {
    const created = await createPgDatabase(template, url);
    return {
      env: { DATABASE_URL: created.url },
      open: () => openDatabase({ databaseUrl: created.url }),
      drop: created.drop,
    };
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'encore-ext-'));
  await mkdir(path.join(dir, 'pg'));
  const dump = await readFile(inject('pgliteDump'));
  const client = await PGlite.create(path.join(dir, 'pg'), {
    ...PGLITE_OPTIONS,
    loadDataDir: new Blob([dump]),
  });
  await client.close();
  return {
    env: { DATA_DIR: dir },
    open: () => openDatabase({ dataDir: dir }),
    drop: () => rm(dir, { recursive: true, force: true }),
  };
}

/** The real app on its own fresh database (and its own Redis key prefix when Redis is configured). */
export async function createTestContext(
  env: Record<string, string> = {},
  opts: {
    logStream?: { write(line: string): void };
    /** A Redis of the test's own (fault tests), with the production client settings. */
    redisUrl?: string;
  } = {},
): Promise<TestContext> {
  const config = parseConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: 'http://encore.test',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    // Admission follows the rules alone: a loaded test machine must not queue other areas' fans
    // (the waiting room's own tests drive saturation themselves).
    WAITING_ROOM_AUTO: 'false',
    ...env,
  });
  const { handle, drop } = await openTestDatabase();
  const redisUrl = opts.redisUrl ?? process.env.TEST_REDIS_URL;
  // The production client settings (no offline queue, 1 s command timeout): a lenient test client
  // once hid a subscriber that never subscribed in production (realtime/revocations.ts).
  const redis = redisUrl ? createRedis(redisUrl) : null;
  const keyPrefix = `encore-test:${randomBytes(6).toString('hex')}:`;
  const app = await buildApp(config, {
    database: handle,
    redis,
    keyPrefix,
    ...(opts.logStream ? { logStream: opts.logStream } : { logger: false }),
  });
  await app.ready();
  const peers: Array<{ app: FastifyInstance; redis: Redis | null }> = [];
  return {
    app,
    db: handle.db,
    config,
    async peer() {
      const peerRedis = redisUrl ? createRedis(redisUrl) : null;
      const peerApp = await buildApp(config, {
        database: handle,
        redis: peerRedis,
        keyPrefix,
        logger: false,
      });
      await peerApp.ready();
      peers.push({ app: peerApp, redis: peerRedis });
      return peerApp;
    },
    async close() {
      for (const p of peers) {
        await p.app.close();
        if (opts.redisUrl) p.redis?.disconnect();
        else await p.redis?.quit();
      }
      await app.close();
      await handle.close();
      if (redis && opts.redisUrl) redis.disconnect();
      else if (redis) {
        const keys = await redis.keys(`${keyPrefix}*`);
        if (keys.length > 0) await redis.del(...keys);
        await redis.quit();
      }
      await drop();
    },
  };
}
