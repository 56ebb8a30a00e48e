import { once } from 'node:events';
import { Redis } from 'ioredis';

/**
 * One shared Redis client when REDIS_URL is configured. While Redis is unreachable its callers must
 * not wait (issue 12: logins took 12 to 18 s): no offline queue, so a command while disconnected fails
 * at once, and a command timeout for a Redis that accepts connections but does not answer. Each caller
 * has its fallback (rate limits in memory, chat refusing at once); /healthz says degraded.
 */
export function createRedis(url: string): Redis {
  return new Redis(url, {
    enableOfflineQueue: false,
    commandTimeout: 1000,
    connectTimeout: 2000,
    maxRetriesPerRequest: 1,
    // Reconnect forever, at most every 2 s: Redis coming back is noticed within that.
    retryStrategy: (times) => Math.min(times * 200, 2000),
    enableAutoPipelining: true,
    lazyConnect: false,
  });
}

/** Waits until the client is connected, for at most `ms`; answers whether it is. */
export async function redisReady(redis: Redis, ms: number): Promise<boolean> {
  if (redis.status === 'ready') return true;
  const timeout = AbortSignal.timeout(ms);
  try {
    await once(redis, 'ready', { signal: timeout });
    return true;
  } catch {
    return false;
  }
}

export type { Redis };
