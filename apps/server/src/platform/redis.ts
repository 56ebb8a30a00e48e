import { Redis } from 'ioredis';

/** One shared Redis client when REDIS_URL is configured (rate limits now; bus and counters later). */
export function createRedis(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: 2, enableAutoPipelining: true, lazyConnect: false });
}
export type { Redis };
