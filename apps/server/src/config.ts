import path from 'node:path';
import { z } from 'zod';

/**
 * Configuration comes only from environment variables, validated once at start-up. A bad value
 * stops the process with a list of every bad variable, not just the first.
 */
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  DEMO_PASSWORD: z.string().min(8).default('encore-demo'),
  DEMO_DATA: bool.optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('Encore <no-reply@encore.test>'),
  SUPPORT_EMAIL: z.email().default('support@encore.test'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool.default(false),
  WEB_DIST: z.string().min(1).optional(),
  /** Rate limits can be raised for load tests; they are never off. */
  RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
  /** How long a node keeps the show list in memory: every fan loads it at doors-open. */
  SHOWS_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  publicUrl: string;
  demo: { enabled: boolean; password: string };
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  logLevel: string;
  trustProxy: boolean;
  webDist: string;
  rateLimitScale: number;
  showsCacheMs: number;
};

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.problems = problems;
  }
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export function parseConfig(env: NodeJS.ProcessEnv): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const problems: string[] = [];
  // Outside the demo mode nothing secret may fall back to a default.
  if (production && !e.PUBLIC_URL) problems.push('PUBLIC_URL: required when NODE_ENV=production');
  if (production && !e.SMTP_URL) problems.push('SMTP_URL: required when NODE_ENV=production');
  if (production && e.DEMO_DATA) problems.push('DEMO_DATA: demo accounts are never seeded in production');
  if (problems.length > 0) throw new ConfigError(problems);

  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    demo: { enabled: e.DEMO_DATA ?? !production, password: e.DEMO_PASSWORD },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    webDist: path.resolve(e.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    rateLimitScale: e.RATE_LIMIT_SCALE,
    showsCacheMs: e.SHOWS_CACHE_MS,
  };
}
