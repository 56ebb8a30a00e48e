import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { DatabaseHandle, Db } from '../db/database.ts';
import type { LimiterFactory } from '../platform/rate-limit.ts';
import type { Redis } from '../platform/redis.ts';
import type { Bus } from '../realtime/bus.ts';

/**
 * What every area of the composition root builds on: the app, its config and the shared
 * infrastructure (database, optional Redis, the realtime bus, rate limits). app.ts opens and closes
 * these; the compose-*.ts files wire each area's repos, services and routes on top of them.
 */
export type Core = {
  app: FastifyInstance;
  config: Config;
  database: DatabaseHandle;
  db: Db;
  /** Batches of doors-open queries in flight at once: PGlite has one connection, a pool has more. */
  dbConcurrency: number;
  redis: Redis | undefined;
  /** Prefix of every Redis key. */
  keyPrefix: string;
  bus: Bus;
  limiter: LimiterFactory;
  log: FastifyBaseLogger;
};
