import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { BLE_UUID_RE, type WaitingRoomSettings } from '@encore/contract';
import { z } from 'zod';
import { estimatedSecretBits, isStrongSecret, MIN_SECRET_BITS } from './platform/secret-strength.ts';

/**
 * Configuration comes only from environment variables, validated once at start-up. A bad value
 * stops the process with a list of every bad variable, not just the first.
 */
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * A list of origins for the Content-Security-Policy (comma or space separated): scheme, host (a
 * leading `*.` allowed) and port only, so that no value can smuggle another directive in.
 */
const ORIGIN_RE = /^(https?|wss?):\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/i;
const originList = z
  .string()
  .default('')
  .transform((v) => v.split(/[\s,]+/).filter(Boolean))
  .pipe(z.array(z.string().regex(ORIGIN_RE, 'origins only, like https://cdn.example.com (no path)')));

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  /**
   * A second port answering only GET /livez, for the balancer's checks: its connections do not wait
   * in the main port's accept queue behind a doors-open herd (platform/liveness-port.ts). Unset: none.
   */
  HEALTH_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /**
   * The fans' port's accept queue. Node's default (511) filled in a doors-open herd and the kernel then
   * dropped handshakes, which clients retry only after 1 s, 3 s, 7 s; the kernel caps it at
   * net.core.somaxconn (4096 on current kernels).
   */
  LISTEN_BACKLOG: z.coerce.number().int().min(1).max(65535).default(4096),
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
  /** Offer casting (Chromecast, AirPlay) in the player (viewing section 2: 'if casting is enabled'). */
  CASTING: bool.default(true),
  WEB_DIST: z.string().min(1).optional(),
  /** The Bluetooth light-stick's device name prefix and GATT service/characteristic (BT-09, decisions.md). */
  LIGHTSTICK_NAME_PREFIX: z.string().min(1).max(64).default('ENCORE-LS'),
  LIGHTSTICK_SERVICE_UUID: z.string().regex(BLE_UUID_RE).default('0000ffe0-0000-1000-8000-00805f9b34fb'),
  LIGHTSTICK_CHARACTERISTIC_UUID: z
    .string()
    .regex(BLE_UUID_RE)
    .default('0000ffe1-0000-1000-8000-00805f9b34fb'),
  /** The merch tab's shop provider: its buy-button library and products file (MRC-01, MRC-03). */
  SHOP_SCRIPT_URL: z
    .string()
    .min(1)
    .default('https://sdks.shopifycdn.com/buy-button/latest/buy-button-storefront.min.js'),
  SHOP_PRODUCTS_URL: z.string().min(1).default('/shop/products.json'),
  /** The landing page's merchandise store section (MRC-04): shown when a URL is set (demo: an example). */
  MERCH_STORE_URL: z.url({ protocol: /^https?$/ }).optional(),
  MERCH_STORE_TITLE: z.string().max(80).default(''),
  /** Rate limits can be raised for load tests; they are never off. */
  RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
  /** How long a node keeps the show list in memory: every fan loads it at doors-open. */
  SHOWS_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  /** How long a node trusts a token it looked up (0: ask the database every time). */
  AUTH_CACHE_MS: z.coerce.number().int().min(0).max(300_000).default(30_000),
  /** How long a node trusts a ticket it read (0: ask the database every time). */
  TICKET_CACHE_MS: z.coerce.number().int().min(0).max(300_000).default(30_000),
  /** The realtime fan-out gathers each channel's events this long, then writes them once. */
  REALTIME_TICK_MS: z.coerce.number().int().min(0).max(1000).default(50),
  /** A socket must send its `auth` frame within this time. */
  REALTIME_AUTH_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /** How often sockets are pinged; one that has not answered since the previous ping is dropped. */
  REALTIME_SWEEP_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),
  /**
   * A device unseen this long (no socket, no heartbeat) frees its ticket's slot (issue 26); its
   * socket's session is marked seen every third of it, so the sweep must run at least as often.
   */
  DEVICE_LIVE_MS: z.coerce.number().int().min(300).max(600_000).default(60_000),
  /** Fans per chat hang; join_hang opens the show's next hang when all are full. */
  CHAT_HANG_CAPACITY: z.coerce.number().int().min(1).max(100_000).default(1000),
  /** Tosses one fan may send per 10 seconds (all nodes together with Redis); over it: OVER_CAPACITY. */
  CHAT_USER_BUDGET: z.coerce.number().int().min(1).max(10_000).default(10),
  /** Tosses one hang accepts per second; over it: OVER_CAPACITY. */
  CHAT_HANG_BUDGET: z.coerce.number().int().min(1).max(1_000_000).default(200),
  /** wall_reaction posts one fan may make per 10 s (a page sends one per 10 s; room for a few tabs). */
  CHEER_USER_BUDGET: z.coerce.number().int().min(1).max(10_000).default(6),
  /** The demo media cache (scripts/generate-media.mjs --out); default <repo>/media-cache. */
  MEDIA_DIR: z.string().min(1).optional(),
  /** The landing page's preview video (LAND-10); default: the media cache's teaser, when it has one. */
  TEASER_VIDEO_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Where players fetch AES-128 keys, e.g. the origin's own host when a CDN fronts /media. */
  KEY_URI_BASE: z.string().min(1).optional(),
  /** HMAC secret of DRM tokens (32+ characters); required in production, random per process otherwise. */
  DRM_TOKEN_SECRET: z.string().min(32).optional(),
  /** Lifetime of a DRM token; players refresh a minute before it ends. */
  DRM_TOKEN_TTL_SECONDS: z.coerce.number().int().min(120).max(86_400).default(600),
  /** The licence path: the built-in AES-128 key server, or a DRMtoday-style licence proxy. */
  DRM_PROVIDER: z.enum(['aes', 'drmtoday']).default('aes'),
  /** drmtoday: the provider's licence host, e.g. https://lic.staging.drmtoday.com */
  DRM_LICENCE_URL: z.url({ protocol: /^https?$/ }).optional(),
  DRM_MERCHANT: z.string().min(1).max(128).optional(),
  /** drmtoday: the shared secret (hex) and key id that sign the upfront x-dt-auth-token. */
  DRM_UPFRONT_SECRET: z
    .string()
    .regex(/^[0-9a-fA-F]{32,128}$/)
    .optional(),
  DRM_UPFRONT_KEY_ID: z.string().min(1).max(128).optional(),
  /** Phone login codes: kept in the SMS outbox (development), or delivered by Twilio. */
  SMS_PROVIDER: z.enum(['outbox', 'twilio']).default('outbox'),
  SMS_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.twilio.com'),
  SMS_ACCOUNT_SID: z.string().min(1).max(128).optional(),
  SMS_AUTH_TOKEN: z.string().min(1).max(256).optional(),
  /** The sender number or name of the SMS. */
  SMS_FROM: z.string().min(1).max(32).optional(),
  /**
   * Card payments (DESIGN.md section 7): `testpay`, the embedded provider whose test cards always pay,
   * is the default outside production and refused in production; `stripe` is the real provider;
   * `none` turns purchases off.
   */
  PAYMENT_PROVIDER: z.enum(['testpay', 'stripe', 'none']).optional(),
  /** stripe: the secret (or restricted) key, the publishable key the browser uses, the webhook secret. */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/, 'a Stripe secret key (sk_live_... or sk_test_...)')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_[A-Za-z0-9_]+$/, 'a Stripe publishable key (pk_live_... or pk_test_...)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9_]+$/, 'a Stripe webhook signing secret (whsec_...)')
    .optional(),
  /** stripe: another API origin (tests); default https://api.stripe.com. */
  STRIPE_API_BASE: z.url({ protocol: /^https?$/ }).optional(),
  /** Which login the client offers (config auth_system): email, or the partner platform's popup. */
  AUTH_SYSTEM: z.enum(['email', 'weverse']).default('email'),
  /** The partner platform's account page opened in the popup; default outside production: Encore's dev page. */
  PARTNER_ACCOUNT_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Verifies partner tokens: an HS256 secret, or a PEM public key (RS256/ES256). */
  PARTNER_JWT_SECRET: z.string().min(32).optional(),
  PARTNER_JWT_PUBLIC_KEY: z.string().min(64).optional(),
  PARTNER_JWT_ISSUER: z.string().min(1).default('encore-dev-partner'),
  PARTNER_JWT_AUDIENCE: z.string().min(1).default('encore'),
  /**
   * Security headers (platform/security-headers.ts): origins the web app may use beyond those the
   * configuration already names (Stripe, the DRM licence host, the shop, the teaser, KEY_URI_BASE).
   */
  CSP_PLAYER_ORIGINS: originList,
  CSP_PAYMENT_ORIGINS: originList,
  CSP_PARTNER_ORIGINS: originList,
  CSP_SHOP_ORIGINS: originList,
  /** Who may frame Encore: 'none' (default), 'self', or origins. */
  CSP_FRAME_ANCESTORS: z
    .string()
    .default("'none'")
    .transform((v) => v.split(/[\s,]+/).filter(Boolean))
    .pipe(
      z.array(
        z.union([z.enum(["'none'", "'self'"]), z.string().regex(ORIGIN_RE, "'none', 'self' or origins")]),
      ),
    ),
  // Live ingest (issue 11, docs/media.md section 9): off by default, the demo loop stays the source.
  /** Start the RTMP engine (nginx with its RTMP module) and package pushed feeds. */
  INGEST_ENABLED: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  /** Where encoders push RTMP (`rtmp://<host>:<port>/live/<key>`). */
  RTMP_PORT: z.coerce.number().int().min(1).max(65_535).default(1935),
  /** The host name shown to hosts in the RTMP URL; default the public URL's. */
  RTMP_PUBLIC_HOST: z.string().min(1).optional(),
  /** Packaged live segments and their indexes (shared storage when the origin runs elsewhere). */
  LIVE_DIR: z.string().min(1).optional(),
  /** Control-room uploads (slates, cheer art): files under DATA_DIR/uploads, or an S3-compatible bucket. */
  UPLOADS_S3_BUCKET: z.string().min(3).max(63).optional(),
  UPLOADS_S3_REGION: z.string().min(1).default('us-east-1'),
  /** An S3-compatible endpoint (MinIO, R2 ...); AWS when unset. Credentials: the AWS SDK's usual chain. */
  UPLOADS_S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  /** Where the bucket's objects are read by browsers (a CDN in front of it), without a trailing slash. */
  UPLOADS_PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * /metrics (Prometheus text) answers only a request with `Authorization: Bearer <token>`; unset,
   * the node serves no /metrics at all (404). 32+ characters: it is as secret as a password.
   */
  METRICS_TOKEN: z.string().min(32).max(256).optional(),
  /** Prefix of every Redis key and bus channel: deployments (or clusters) sharing one Redis stay apart. */
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[\w.:-]{1,64}$/)
    .default('encore:'),
  /**
   * The waiting room's defaults for a show whose host set nothing (issue 28, docs/decisions.md "The
   * waiting room"): fans let in per second (PGlite's measured entry rate, 634/s, with room to spare),
   * fans inside at most, the pre-queue's order and how long before doors it opens (0 by default:
   * the spec's 403 EVENT_NOT_OPEN before doors holds unless the host opens a pre-queue).
   */
  WAITING_ROOM_RATE: z.coerce.number().min(0.01).max(100_000).default(500),
  WAITING_ROOM_MAX_ACTIVE: z.coerce.number().int().min(1).max(10_000_000).default(50_000),
  WAITING_ROOM_POLICY: z.enum(['arrival', 'random']).default('random'),
  WAITING_ROOM_PREQUEUE_MINUTES: z.coerce.number().int().min(0).max(1440).default(0),
  /**
   * Lower admission by itself while the node is saturated (event-loop delay, pool waits, entry p99).
   * Off only where a bench measures the entry path's own capacity, or a test the rules alone.
   */
  WAITING_ROOM_AUTO: bool.default(true),
});

export type Config = {
  waitingRoom: WaitingRoomSettings & { auto: boolean };
  env: 'development' | 'production' | 'test';
  /** Prometheus scrapes of /metrics (platform/metrics.ts); null: not served. */
  metrics: { token: string } | null;
  /** HEALTH_PORT: the liveness port, if any. */
  healthPort: number | undefined;
  /** LISTEN_BACKLOG: the fans' port's accept queue (capped by net.core.somaxconn). */
  listenBacklog: number;
  redisKeyPrefix: string;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  publicUrl: string;
  demo: { enabled: boolean; password: string };
  smtpUrl: string | undefined;
  /** The card payment provider; 'none': the product sells nothing (features.purchases off). */
  payments: {
    provider: 'testpay' | 'stripe' | 'none';
    stripe: {
      secretKey: string;
      publishableKey: string;
      webhookSecret: string;
      apiBase: string | undefined;
    } | null;
  };
  mailFrom: string;
  supportEmail: string;
  logLevel: string;
  trustProxy: boolean;
  casting: boolean;
  lightstick: { namePrefix: string; serviceUuid: string; characteristicUuid: string };
  shop: { scriptUrl: string; productsUrl: string };
  merchStore: { url: string | undefined; title: string };
  webDist: string;
  rateLimitScale: number;
  showsCacheMs: number;
  authCacheMs: number;
  ticketCacheMs: number;
  realtime: { tickMs: number; authTimeoutMs: number; sweepMs: number; deviceLiveMs: number };
  uploads: {
    dir: string;
    s3: { bucket: string; region: string; endpoint: string | undefined; publicUrl: string } | null;
  };
  chat: { hangCapacity: number; userBudget: number; hangBudget: number };
  cheer: { userBudget: number };
  media: { dir: string; keyUriBase: string | undefined; teaserUrl: string | undefined };
  ingest: { enabled: boolean; rtmpPort: number; rtmpHost: string; liveDir: string };
  drm: {
    /** HMAC secret of DRM tokens; random per process outside production unless set. */
    tokenSecret: Buffer;
    tokenTtlSeconds: number;
    provider: 'aes' | 'drmtoday';
    drmtoday: { licenceUrl: string; merchant: string; upfrontSecret: Buffer; upfrontKeyId: string } | null;
  };
  /** null: codes stay in the SMS outbox (never in production, where no one could read them). */
  sms: { provider: 'twilio'; apiUrl: string; accountSid: string; authToken: string; from: string } | null;
  authSystem: 'email' | 'weverse';
  /**
   * Partner-platform login; null when it cannot work (production without keys). `devSigning` is set
   * outside production without configured keys: Encore's development sign-in page signs with it.
   */
  partner: {
    accountUrl: string;
    secret: Buffer | undefined;
    publicKeyPem: string | undefined;
    issuer: string;
    audience: string;
    devSigning: boolean;
  } | null;
  /** Origins for the Content-Security-Policy, by who needs them (platform/security-headers.ts). */
  csp: {
    playerOrigins: string[];
    paymentOrigins: string[];
    partnerOrigins: string[];
    shopOrigins: string[];
    frameAncestors: string[];
  };
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
  if (production && !e.DRM_TOKEN_SECRET) problems.push('DRM_TOKEN_SECRET: required when NODE_ENV=production');
  if (production && e.DRM_TOKEN_SECRET && !isStrongSecret(e.DRM_TOKEN_SECRET)) {
    problems.push(
      `DRM_TOKEN_SECRET: too weak (about ${Math.floor(estimatedSecretBits(e.DRM_TOKEN_SECRET))} bits, ${MIN_SECRET_BITS} needed): use random bytes, e.g. openssl rand -base64 48`,
    );
  }
  if (production && e.PAYMENT_PROVIDER === 'testpay')
    problems.push('PAYMENT_PROVIDER: testpay accepts test cards as payment and is never used in production');
  if (e.PAYMENT_PROVIDER === 'stripe') {
    for (const k of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
      if (!e[k])
        problems.push(`${k}: required when PAYMENT_PROVIDER=stripe (the server does not start without it)`);
    }
  }
  if (e.DRM_PROVIDER === 'drmtoday') {
    for (const k of [
      'DRM_LICENCE_URL',
      'DRM_MERCHANT',
      'DRM_UPFRONT_SECRET',
      'DRM_UPFRONT_KEY_ID',
    ] as const) {
      if (!e[k]) problems.push(`${k}: required when DRM_PROVIDER=drmtoday`);
    }
  }
  if (production && e.AUTH_SYSTEM === 'weverse') {
    if (!e.PARTNER_ACCOUNT_URL) problems.push('PARTNER_ACCOUNT_URL: required when AUTH_SYSTEM=weverse');
    if (!e.PARTNER_JWT_SECRET && !e.PARTNER_JWT_PUBLIC_KEY)
      problems.push('PARTNER_JWT_SECRET or PARTNER_JWT_PUBLIC_KEY: required when AUTH_SYSTEM=weverse');
  }
  if (e.SMS_PROVIDER === 'twilio') {
    for (const k of ['SMS_ACCOUNT_SID', 'SMS_AUTH_TOKEN', 'SMS_FROM'] as const) {
      if (!e[k]) problems.push(`${k}: required when SMS_PROVIDER=twilio`);
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);

  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const partnerKeyed = Boolean(e.PARTNER_JWT_SECRET || e.PARTNER_JWT_PUBLIC_KEY);
  return {
    env: e.NODE_ENV,
    metrics: e.METRICS_TOKEN ? { token: e.METRICS_TOKEN } : null,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    port: e.PORT,
    host: e.HOST,
    healthPort: e.HEALTH_PORT,
    listenBacklog: e.LISTEN_BACKLOG,
    dataDir: path.resolve(e.DATA_DIR),
    uploads: {
      dir: path.resolve(e.DATA_DIR, 'uploads'),
      s3: e.UPLOADS_S3_BUCKET
        ? {
            bucket: e.UPLOADS_S3_BUCKET,
            region: e.UPLOADS_S3_REGION,
            endpoint: e.UPLOADS_S3_ENDPOINT,
            publicUrl:
              e.UPLOADS_PUBLIC_URL ??
              (e.UPLOADS_S3_ENDPOINT
                ? `${e.UPLOADS_S3_ENDPOINT.replace(/\/$/, '')}/${e.UPLOADS_S3_BUCKET}`
                : `https://${e.UPLOADS_S3_BUCKET}.s3.${e.UPLOADS_S3_REGION}.amazonaws.com`),
          }
        : null,
    },
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    publicUrl,
    demo: { enabled: e.DEMO_DATA ?? !production, password: e.DEMO_PASSWORD },
    smtpUrl: e.SMTP_URL,
    payments: {
      provider: e.PAYMENT_PROVIDER ?? (production ? 'none' : 'testpay'),
      stripe:
        e.PAYMENT_PROVIDER === 'stripe' &&
        e.STRIPE_SECRET_KEY &&
        e.STRIPE_PUBLISHABLE_KEY &&
        e.STRIPE_WEBHOOK_SECRET
          ? {
              secretKey: e.STRIPE_SECRET_KEY,
              publishableKey: e.STRIPE_PUBLISHABLE_KEY,
              webhookSecret: e.STRIPE_WEBHOOK_SECRET,
              apiBase: e.STRIPE_API_BASE,
            }
          : null,
    },
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    casting: e.CASTING,
    lightstick: {
      namePrefix: e.LIGHTSTICK_NAME_PREFIX,
      serviceUuid: e.LIGHTSTICK_SERVICE_UUID,
      characteristicUuid: e.LIGHTSTICK_CHARACTERISTIC_UUID,
    },
    shop: { scriptUrl: e.SHOP_SCRIPT_URL, productsUrl: e.SHOP_PRODUCTS_URL },
    // The demo shows the section with an example shop address; production only when configured.
    merchStore: {
      url:
        e.MERCH_STORE_URL ??
        ((e.DEMO_DATA ?? !production) ? 'https://example.com/the-encores/shop' : undefined),
      title: e.MERCH_STORE_TITLE,
    },
    webDist: path.resolve(e.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    rateLimitScale: e.RATE_LIMIT_SCALE,
    showsCacheMs: e.SHOWS_CACHE_MS,
    authCacheMs: e.AUTH_CACHE_MS,
    ticketCacheMs: e.TICKET_CACHE_MS,
    realtime: {
      tickMs: e.REALTIME_TICK_MS,
      authTimeoutMs: e.REALTIME_AUTH_TIMEOUT_MS,
      sweepMs: e.REALTIME_SWEEP_MS,
      deviceLiveMs: e.DEVICE_LIVE_MS,
    },
    chat: {
      hangCapacity: e.CHAT_HANG_CAPACITY,
      userBudget: e.CHAT_USER_BUDGET,
      hangBudget: e.CHAT_HANG_BUDGET,
    },
    cheer: { userBudget: e.CHEER_USER_BUDGET },
    media: {
      dir: path.resolve(e.MEDIA_DIR ?? path.join(repoRoot, 'media-cache')),
      keyUriBase: e.KEY_URI_BASE?.replace(/\/$/, ''),
      teaserUrl: e.TEASER_VIDEO_URL,
    },
    ingest: {
      enabled: e.INGEST_ENABLED,
      rtmpPort: e.RTMP_PORT,
      rtmpHost: e.RTMP_PUBLIC_HOST ?? new URL(publicUrl).hostname,
      liveDir: path.resolve(e.LIVE_DIR ?? path.join(path.resolve(e.DATA_DIR), 'live')),
    },
    waitingRoom: {
      rate_per_second: e.WAITING_ROOM_RATE,
      max_active: e.WAITING_ROOM_MAX_ACTIVE,
      policy: e.WAITING_ROOM_POLICY,
      paused: false,
      prequeue_minutes: e.WAITING_ROOM_PREQUEUE_MINUTES,
      auto: e.WAITING_ROOM_AUTO,
    },
    drm: {
      tokenSecret: e.DRM_TOKEN_SECRET ? Buffer.from(e.DRM_TOKEN_SECRET, 'utf8') : randomBytes(32),
      tokenTtlSeconds: e.DRM_TOKEN_TTL_SECONDS,
      provider: e.DRM_PROVIDER,
      drmtoday:
        e.DRM_PROVIDER === 'drmtoday' &&
        e.DRM_LICENCE_URL &&
        e.DRM_MERCHANT &&
        e.DRM_UPFRONT_SECRET &&
        e.DRM_UPFRONT_KEY_ID
          ? {
              licenceUrl: e.DRM_LICENCE_URL.replace(/\/$/, ''),
              merchant: e.DRM_MERCHANT,
              upfrontSecret: Buffer.from(e.DRM_UPFRONT_SECRET, 'hex'),
              upfrontKeyId: e.DRM_UPFRONT_KEY_ID,
            }
          : null,
    },
    sms:
      e.SMS_PROVIDER === 'twilio' && e.SMS_ACCOUNT_SID && e.SMS_AUTH_TOKEN && e.SMS_FROM
        ? {
            provider: 'twilio',
            apiUrl: e.SMS_API_URL,
            accountSid: e.SMS_ACCOUNT_SID,
            authToken: e.SMS_AUTH_TOKEN,
            from: e.SMS_FROM,
          }
        : null,
    authSystem: e.AUTH_SYSTEM,
    partner:
      partnerKeyed || !production
        ? {
            accountUrl: e.PARTNER_ACCOUNT_URL ?? `${publicUrl}/dev/partner-account/`,
            secret: e.PARTNER_JWT_SECRET
              ? Buffer.from(e.PARTNER_JWT_SECRET, 'utf8')
              : partnerKeyed
                ? undefined
                : randomBytes(32),
            publicKeyPem: e.PARTNER_JWT_PUBLIC_KEY,
            issuer: e.PARTNER_JWT_ISSUER,
            audience: e.PARTNER_JWT_AUDIENCE,
            devSigning: !partnerKeyed,
          }
        : null,
    csp: {
      playerOrigins: e.CSP_PLAYER_ORIGINS,
      paymentOrigins: e.CSP_PAYMENT_ORIGINS,
      partnerOrigins: e.CSP_PARTNER_ORIGINS,
      shopOrigins: e.CSP_SHOP_ORIGINS,
      frameAncestors: e.CSP_FRAME_ANCESTORS,
    },
  };
}
