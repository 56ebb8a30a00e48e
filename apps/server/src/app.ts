import { randomUUID } from 'node:crypto';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { createSmtpTransport } from './adapters/mail/smtp-transport.ts';
import { composeAccounts } from './composition/compose-accounts.ts';
import { composeChat } from './composition/compose-chat.ts';
import { composeIngest } from './composition/compose-ingest.ts';
import { composeShows } from './composition/compose-shows.ts';
import { composeVideo } from './composition/compose-video.ts';
import type { Core } from './composition/core.ts';
import type { Config } from './config.ts';
import { type DatabaseHandle, migrateToLatest, openDatabase } from './db/database.ts';
import { liveCaptionsOriginRoutes } from './media/live-captions.routes.ts';
import { teaserUrl } from './media/teaser.routes.ts';
import { clientConfigRoutes, HEADER_IMAGE } from './modules/client-config/client-config.routes.ts';
import { devRoutes } from './modules/dev/dev.routes.ts';
import type { DevicesService } from './modules/devices/devices.service.ts';
import { createRetentionRepo } from './modules/retention/retention.repo.ts';
import { createRetentionService } from './modules/retention/retention.service.ts';
import { registerWaitingRoomMetrics } from './modules/waiting-room/waiting-room-metrics.ts';
import { installErrorHandler } from './platform/error-handler.ts';
import { failingParts } from './platform/health.ts';
import { serializeRequest } from './platform/log-redaction.ts';
import { installMetrics, refuseMetrics } from './platform/metrics.ts';
import { createLimiterFactory } from './platform/rate-limit.ts';
import { createRedis, type Redis, redisReady } from './platform/redis.ts';
import { appPagePolicy, registerSecurityHeaders } from './platform/security-headers.ts';
import { createStorageHealth } from './platform/storage-full.ts';
import { showPageMeta, webRoutes } from './platform/web.ts';
import { type Bus, createMemoryBus } from './realtime/bus.ts';
import { createRedisBus } from './realtime/redis-bus.ts';
import { createRevocations } from './realtime/revocations.ts';

export type AppOptions = {
  /** An already opened database (tests pass their own); otherwise opened from the config. */
  database?: DatabaseHandle;
  /** Redis client to share; null forces the in-process parts even when REDIS_URL is set. */
  redis?: Redis | null;
  /** Prefix of every Redis key, so that test runs and tenants sharing a Redis never collide. */
  keyPrefix?: string;
  logger?: boolean;
  /** Where the log lines go instead of stdout (tests read what is logged). */
  logStream?: { write(line: string): void };
};

/**
 * Builds the whole app from a parsed config. Plugins are registered in a fixed order: compilers and
 * error handling, OpenAPI, API modules, then the web build with its SPA fallback last.
 */
export async function buildApp(config: Config, opts: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: config.logLevel,
            // Request URLs are logged without the secrets some carry (platform/log-redaction.ts).
            serializers: { req: serializeRequest },
            ...(opts.logStream ? { stream: opts.logStream } : {}),
          },
    trustProxy: config.trustProxy,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: 256 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // A callback hook, not an async one: no promise per answer.
  app.addHook('onSend', (req, reply, payload, done) => {
    reply.header('x-request-id', req.id);
    done(null, payload);
  });
  app.decorateRequest('session', null);

  const database =
    opts.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  const ownsDatabase = !opts.database;
  if (ownsDatabase) await migrateToLatest(database.db);
  const redis =
    opts.redis === undefined
      ? config.redisUrl
        ? createRedis(config.redisUrl)
        : undefined
      : (opts.redis ?? undefined);
  const ownsRedis = opts.redis === undefined && redis !== undefined;
  // The client fails commands at once while disconnected (platform/redis.ts): give it its first
  // connection before serving. A Redis still unreachable then leaves the node up, degraded.
  if (redis) {
    // One line when Redis goes away and one when it is back, not one per reconnect attempt.
    let down = false;
    redis.on('error', (err: Error) => {
      if (!down) app.log.warn({ err }, 'Redis is unreachable: rate limits in memory, chat paused');
      down = true;
    });
    redis.on('ready', () => {
      if (down) app.log.info('Redis is back');
      down = false;
    });
    if (!(await redisReady(redis, 3000))) app.log.warn('Redis is unreachable: starting degraded');
  }
  const transport = config.smtpUrl ? createSmtpTransport(config.smtpUrl, config.mailFrom) : null;
  const keyPrefix = opts.keyPrefix ?? config.redisKeyPrefix;
  // One interface, two implementations (DESIGN.md section 2): Redis pub/sub between nodes, or in-process.
  const bus: Bus = redis
    ? createRedisBus({ redis, prefix: keyPrefix, log: app.log })
    : createMemoryBus({ log: app.log });

  // Ended logins reach every node at once: sockets close, session caches forget (revocations.ts).
  const revocations = createRevocations({ redis, prefix: keyPrefix, log: app.log });
  await revocations.ready();

  // The realtime gateway closes its sockets earlier, in preClose (realtime.routes.ts).
  app.addHook('onClose', async () => {
    await revocations.close();
    await bus.close();
    await transport?.close();
    if (ownsRedis) await redis?.quit();
    if (ownsDatabase) await database.close();
  });

  // A write that found no room answers 507 and shows on /healthz (docs/decisions.md, a full disk).
  const storageHealth = createStorageHealth({ dir: config.dataDir });
  installErrorHandler(app, { onStorageFull: storageHealth.noteFull });
  // Before every route, so that API, media, docs and the web app all answer with them.
  await registerSecurityHeaders(app, config);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Encore API', version: '1.10.6', description: 'The /thor API of Encore.' },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs' });

  const core: Core = {
    app,
    config,
    database,
    db: database.db,
    dbConcurrency: database.kind === 'postgres' ? 4 : 1,
    redis,
    keyPrefix,
    bus,
    limiter: createLimiterFactory({ redis, prefix: keyPrefix, scale: config.rateLimitScale }),
    log: app.log,
  };
  // The areas, each wiring its repos, services and routes (composition/). Logging out frees the
  // device places the login held (DEV-01); the devices service comes from the shows area below.
  let devices: DevicesService | null = null;
  const accounts = composeAccounts(core, {
    transport,
    onLogout: async (userId, tokenId) => {
      await devices?.endForLogout(userId, tokenId).catch((err: unknown) => {
        app.log.error({ err, userId }, 'device sessions not ended at logout');
      });
      await revocations.publish({ kind: 'session', userId, tokenId });
    },
  });
  revocations.subscribe((r) => {
    if (r.kind === 'session') accounts.auth.forgetSession(r.userId, r.tokenId);
  });
  // Live ingest (issue 11): its broadcast states decide the fan-facing status of ingest shows.
  const ingest = composeIngest(core);
  const showsArea = composeShows(core, {
    authenticate: accounts.auth.authenticate,
    broadcastStatus: ingest.broadcast.fanStatus,
    broadcastLink: ingest.broadcast.link,
    revocations,
    // The chat area (its live figures) is built next: asked only once the app runs.
    activeOf: async (slug) => (await chat.figures.history(slug)).samples.at(-1)?.viewers ?? 0,
    transport,
  });
  devices = showsArea.devices;
  const chat = composeChat(core, {
    auth: accounts.auth,
    revocations,
    showClockEdge: ingest.showClockEdge,
    ...showsArea,
  });
  // Operators' /metrics (METRICS_TOKEN), before the routes so that its latency hook sees them all.
  if (config.metrics) {
    installMetrics({
      app,
      token: config.metrics.token,
      bus,
      pool: database.pool,
      sockets: () => chat.gateway.connectionCount(),
      channels: () => chat.gateway.channelCount(),
      ingest: () => ingest.feeds.pushedHealth(),
      extra: (registry) => registerWaitingRoomMetrics(registry, showsArea.room),
    });
  } else refuseMetrics(app);
  const videoArea = composeVideo(core, { ...showsArea, liveDashKey: ingest.dashKey });
  const { db } = core;
  const { media } = videoArea;
  // Data retention (COM-62): expired dispute records and access logs of every area, on a timer.
  const retention = createRetentionService({ repo: createRetentionRepo(db), log: app.log });
  retention.start();
  app.addHook('onClose', async () => retention.stop());

  // Liveness: the process answers, with no I/O behind it, so that a shared part's outage (which
  // /healthz reports) never takes every node out of a balancer at once. The balancer checks it on
  // HEALTH_PORT (platform/liveness-port.ts), away from the fans' accept queue.
  app.get('/livez', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/healthz', { schema: { hide: true } }, async (_req, reply) => {
    const failing = await failingParts(db, redis, storageHealth.full);
    // Missing media is not unhealthy (the app serves everything else); /media answers 503 meanwhile.
    const mediaBuild = (await media.current())?.manifest.buildId ?? null;
    // 503 names what fails, so a load balancer and an operator see it (issue 12).
    if (failing.length > 0) reply.code(503);
    return {
      status: failing.length > 0 ? 'degraded' : 'ok',
      failing,
      database: database.kind,
      redis: redis ? redis.status : 'off',
      media: mediaBuild ? 'ready' : 'missing',
      media_build: mediaBuild,
    };
  });
  await app.register(
    clientConfigRoutes({
      config,
      shows: showsArea.shows,
      teaser: () => teaserUrl(config.media.teaserUrl, media),
    }),
  );
  const { guards } = accounts;
  await accounts.register();
  await showsArea.register(guards);
  await videoArea.register(guards);
  // Live captions (issue 11): a subtitle rendition per caption language of the show on its pushed streams.
  const captionLanguages = async (slug: string) =>
    (await showsArea.shows.bySlug(slug))?.show.caption_files.map((c) => ({
      lang: c.language,
      name: c.label,
    })) ?? [];
  await ingest.register(guards, videoArea.video.authorizeKey, captionLanguages);
  await app.register(
    liveCaptionsOriginRoutes({
      indexes: ingest.indexes,
      reairingOf: ingest.reairingOf,
      replayOf: ingest.replay.window,
      languagesOf: async (slug) => (await captionLanguages(slug)).map((c) => c.lang),
      linesDuring: async (slug, lang, fromMs, toMs) => {
        const show = await showsArea.shows.bySlug(slug);
        if (!show) return [];
        const rows = await videoArea.captions.during(show.row.id, lang, fromMs, toMs);
        return rows.map((r) => ({
          id: String(r.id),
          text: r.text,
          startMs: r.start_at.getTime(),
          endMs: r.end_at.getTime(),
        }));
      },
    }),
  );
  await chat.register(guards);
  if (config.env !== 'production') await app.register(devRoutes({ db }));
  await app.register(
    webRoutes({
      webDist: config.webDist,
      publicUrl: config.publicUrl,
      pagePolicy: appPagePolicy(config),
      // A show page's shared link shows the show (Open Graph tags rendered into index.html).
      showMeta: async (slug) => {
        const entry = await showsArea.shows.bySlug(slug);
        return entry ? { ...showPageMeta(entry.show), preloadImage: HEADER_IMAGE } : null;
      },
    }),
  );
  return app;
}
