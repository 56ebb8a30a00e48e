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
import { composeShows } from './composition/compose-shows.ts';
import { composeVideo } from './composition/compose-video.ts';
import type { Core } from './composition/core.ts';
import type { Config } from './config.ts';
import { type DatabaseHandle, migrateToLatest, openDatabase } from './db/database.ts';
import { teaserUrl } from './media/teaser.routes.ts';
import { clientConfigRoutes } from './modules/client-config/client-config.routes.ts';
import { devRoutes } from './modules/dev/dev.routes.ts';
import type { DevicesService } from './modules/devices/devices.service.ts';
import { createRetentionRepo } from './modules/retention/retention.repo.ts';
import { createRetentionService } from './modules/retention/retention.service.ts';
import { installErrorHandler } from './platform/error-handler.ts';
import { installMetrics, refuseMetrics } from './platform/metrics.ts';
import { createLimiterFactory } from './platform/rate-limit.ts';
import { createRedis, type Redis } from './platform/redis.ts';
import { webRoutes } from './platform/web.ts';
import { type Bus, createMemoryBus } from './realtime/bus.ts';
import { createRedisBus } from './realtime/redis-bus.ts';

export type AppOptions = {
  /** An already opened database (tests pass their own); otherwise opened from the config. */
  database?: DatabaseHandle;
  /** Redis client to share; null forces the in-process parts even when REDIS_URL is set. */
  redis?: Redis | null;
  /** Prefix of every Redis key, so that test runs and tenants sharing a Redis never collide. */
  keyPrefix?: string;
  logger?: boolean;
};

/**
 * Builds the whole app from a parsed config. Plugins are registered in a fixed order: compilers and
 * error handling, OpenAPI, API modules, then the web build with its SPA fallback last.
 */
export async function buildApp(config: Config, opts: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger === false ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: 256 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
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
  const transport = config.smtpUrl ? createSmtpTransport(config.smtpUrl, config.mailFrom) : null;
  const keyPrefix = opts.keyPrefix ?? config.redisKeyPrefix;
  // One interface, two implementations (DESIGN.md section 2): Redis pub/sub between nodes, or in-process.
  const bus: Bus = redis
    ? createRedisBus({ redis, prefix: keyPrefix, log: app.log })
    : createMemoryBus({ log: app.log });

  // The realtime gateway closes its sockets earlier, in preClose (realtime.routes.ts).
  app.addHook('onClose', async () => {
    await bus.close();
    await transport?.close();
    if (ownsRedis) await redis?.quit();
    if (ownsDatabase) await database.close();
  });

  installErrorHandler(app);

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
    },
  });
  const showsArea = composeShows(core, { authenticate: accounts.auth.authenticate });
  devices = showsArea.devices;
  const chat = composeChat(core, { auth: accounts.auth, ...showsArea });
  // Operators' /metrics (METRICS_TOKEN), before the routes so that its latency hook sees them all.
  if (config.metrics) {
    installMetrics({
      app,
      token: config.metrics.token,
      bus,
      pool: database.pool,
      sockets: () => chat.gateway.connectionCount(),
      channels: () => chat.gateway.channelCount(),
    });
  } else refuseMetrics(app);
  const videoArea = composeVideo(core, showsArea);
  const { db } = core;
  const { media } = videoArea;
  // Data retention (COM-62): expired dispute records and access logs of every area, on a timer.
  const retention = createRetentionService({ repo: createRetentionRepo(db), log: app.log });
  retention.start();
  app.addHook('onClose', async () => retention.stop());

  app.get('/healthz', { schema: { hide: true } }, async () => {
    await db.selectFrom('users').select('id').limit(1).execute();
    // Missing media is not unhealthy (the app serves everything else); /media answers 503 meanwhile.
    const mediaBuild = (await media.current())?.manifest.buildId ?? null;
    return {
      status: 'ok',
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
  await chat.register(guards);
  if (config.env !== 'production') await app.register(devRoutes({ db }));
  await app.register(webRoutes({ webDist: config.webDist }));
  return app;
}
