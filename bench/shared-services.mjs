// A bench's own database on the shared PostgreSQL (created here, dropped at the end) and its own key
// prefix on the shared Redis (its keys deleted at the end, never a flush), like `npm run cluster`: for
// runs that must not wait for the bench's private ports (bench/sockets.mjs, chat.mjs, herd.mjs).
import { Redis } from 'ioredis';
import pg from 'pg';

const ADMIN_URL = process.env.BENCH_SHARED_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_SHARED_REDIS ?? 'redis://127.0.0.1:6379';

/** Answers {url, redisUrl, keyPrefix, stop}: the same shape of use as the private services. */
export async function sharedServices(name) {
  const database = `encore_${name}_${process.pid}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${database}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${database}`;
  const keyPrefix = `${database}:`;
  return {
    url: url.toString(),
    redisUrl: REDIS_URL,
    keyPrefix,
    async stop() {
      try {
        await admin.query(`drop database if exists ${database} with (force)`);
      } finally {
        await admin.end();
      }
      const redis = new Redis(REDIS_URL);
      try {
        let cursor = '0';
        do {
          const [next, keys] = await redis.scan(cursor, 'MATCH', `${keyPrefix}*`, 'COUNT', 1000);
          cursor = next;
          if (keys.length > 0) await redis.del(...keys);
        } while (cursor !== '0');
      } finally {
        redis.disconnect();
      }
    },
  };
}
