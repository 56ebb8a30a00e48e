import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '../errors.ts';

export type LimitRule = {
  points: number;
  durationSec: number;
  blockSec?: number;
  /** A rule of the product rather than a budget (one SMS per resend window): RATE_LIMIT_SCALE leaves it. */
  unscaled?: boolean;
};

export type Limiter = {
  /** Counts one hit for the key; throws 429 when the key is over its budget. */
  consume(key: string, points?: number): Promise<void>;
  /** True when the key is already over its budget, without counting a hit. */
  isBlocked(key: string): Promise<boolean>;
  reset(key: string): Promise<void>;
  /** Counts one hit and answers the key's count in this window; never throws for being over budget. */
  count(key: string): Promise<number>;
  /** Holds the key over budget for `seconds` from now (a progressive delay), whatever its count. */
  block(key: string, seconds: number): Promise<void>;
  /** Seconds until the key may pass again; 0 when it is not over budget. */
  blockedFor(key: string): Promise<number>;
};

export type LimiterFactory = (name: string, rule: LimitRule) => Limiter;

/**
 * Rate limits live in Redis when it is configured, so every node shares one budget per key; else in
 * memory. A Redis outage falls back to the in-memory limiter at once rather than opening the gate or
 * waiting on Redis (issue 12).
 */
export function createLimiterFactory(opts: {
  redis?: Redis | undefined;
  prefix: string;
  scale: number;
}): LimiterFactory {
  return (name, rule) => {
    const base = {
      keyPrefix: `${opts.prefix}rl:${name}`,
      points: rule.unscaled ? rule.points : Math.max(1, Math.round(rule.points * opts.scale)),
      duration: rule.durationSec,
      blockDuration: rule.blockSec ?? 0,
    };
    const memory = new RateLimiterMemory(base);
    const limiter = opts.redis
      ? new RateLimiterRedis({
          ...base,
          storeClient: opts.redis,
          insuranceLimiter: memory,
          // While Redis is not connected the memory budget answers at once, without trying Redis.
          rejectIfRedisNotReady: true,
        })
      : memory;
    return {
      async consume(key, points = 1) {
        try {
          await limiter.consume(key, points);
        } catch (res) {
          if (res instanceof RateLimiterRes) {
            throw new AppError(
              'TOO_MANY_REQUESTS',
              429,
              'Too many attempts. Please wait a few minutes and try again.',
              {
                retryAfter: Math.ceil(res.msBeforeNext / 1000),
              },
            );
          }
          throw res;
        }
      },
      async isBlocked(key) {
        const res = await limiter.get(key);
        return res !== null && res.consumedPoints >= base.points;
      },
      async reset(key) {
        await limiter.delete(key);
      },
      async count(key) {
        try {
          return (await limiter.consume(key, 1)).consumedPoints;
        } catch (res) {
          if (res instanceof RateLimiterRes) return res.consumedPoints;
          throw res;
        }
      },
      async block(key, seconds) {
        await limiter.block(key, Math.max(1, Math.ceil(seconds)));
      },
      async blockedFor(key) {
        const res = await limiter.get(key);
        if (res === null || res.consumedPoints < base.points) return 0;
        return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
      },
    };
  };
}
