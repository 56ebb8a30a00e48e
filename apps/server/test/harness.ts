import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Config, parseConfig } from '../src/config.ts';
import { type DatabaseHandle, openDatabase, PGLITE_OPTIONS } from '../src/db/database.ts';

export type TestContext = {
  app: FastifyInstance;
  db: DatabaseHandle['db'];
  config: Config;
  close(): Promise<void>;
};

async function openTestDatabase(): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  const template = inject('pgTemplate');
  const url = process.env.TEST_DATABASE_URL;
  if (template && url) {
    const name = `encore_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${name}`;
    const handle = await openDatabase({ databaseUrl: dbUrl.toString() });
    return {
      handle,
      drop: async () => {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const dump = await readFile(inject('pgliteDump'));
  const client = await PGlite.create({ ...PGLITE_OPTIONS, loadDataDir: new Blob([dump]) });
  return { handle: await openDatabase({ pglite: client }), drop: async () => {} };
}

/** The real app on its own fresh database (and its own Redis key prefix when Redis is configured). */
export async function createTestContext(env: Record<string, string> = {}): Promise<TestContext> {
  const config = parseConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: 'http://encore.test',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    ...env,
  });
  const { handle, drop } = await openTestDatabase();
  const redisUrl = process.env.TEST_REDIS_URL;
  const redis = redisUrl ? new Redis(redisUrl, { maxRetriesPerRequest: 2 }) : null;
  const keyPrefix = `encore-test:${randomBytes(6).toString('hex')}:`;
  const app = await buildApp(config, { database: handle, redis, keyPrefix, logger: false });
  await app.ready();
  return {
    app,
    db: handle.db,
    config,
    async close() {
      await app.close();
      await handle.close();
      if (redis) {
        const keys = await redis.keys(`${keyPrefix}*`);
        if (keys.length > 0) await redis.del(...keys);
        await redis.quit();
      }
      await drop();
    },
  };
}
