import { randomUUID } from 'node:crypto';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { createDrmAdapter } from './adapters/drm/drm-adapter.ts';
import { createMailer } from './adapters/mail/mailer.ts';
import { createSmtpTransport } from './adapters/mail/smtp-transport.ts';
import { createPartnerVerifier } from './adapters/partner/partner-verifier.ts';
import { testpayRoutes } from './adapters/payments/testpay.routes.ts';
import { createTestpay } from './adapters/payments/testpay.ts';
import { unavailableProvider } from './adapters/payments/unavailable-provider.ts';
import { createSmsSender, noProviderTransport } from './adapters/sms/sms-sender.ts';
import { createTwilioTransport } from './adapters/sms/twilio-transport.ts';
import type { Config } from './config.ts';
import { type DatabaseHandle, migrateToLatest, openDatabase } from './db/database.ts';
import { AppError } from './errors.ts';
import { mediaRoutes } from './media/media.routes.ts';
import { createMediaCatalog } from './media/media-catalog.ts';
import { teaserRoutes, teaserUrl } from './media/teaser.routes.ts';
import { alertsRoutes } from './modules/alerts/alerts.routes.ts';
import { createAlertsService } from './modules/alerts/alerts.service.ts';
import { createAnalyticsRepo } from './modules/analytics/analytics.repo.ts';
import { analyticsRoutes } from './modules/analytics/analytics.routes.ts';
import { createAnalyticsService } from './modules/analytics/analytics.service.ts';
import { createAuthRepo } from './modules/auth/auth.repo.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createCatalogRepo } from './modules/catalog/catalog.repo.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { createCatalogService } from './modules/catalog/catalog.service.ts';
import { createCheerRepo } from './modules/cheer/cheer.repo.ts';
import { cheerRoutes } from './modules/cheer/cheer.routes.ts';
import { createCheerService } from './modules/cheer/cheer.service.ts';
import { clientConfigRoutes } from './modules/client-config/client-config.routes.ts';
import { createCommerceRepo } from './modules/commerce/commerce.repo.ts';
import { commerceRoutes } from './modules/commerce/commerce.routes.ts';
import { createCommerceService } from './modules/commerce/commerce.service.ts';
import { devRoutes } from './modules/dev/dev.routes.ts';
import { createDevicesRepo } from './modules/devices/devices.repo.ts';
import { devicesRoutes } from './modules/devices/devices.routes.ts';
import { createDevicesService } from './modules/devices/devices.service.ts';
import { createHangsRepo } from './modules/hangs/hangs.repo.ts';
import { hangsRoutes } from './modules/hangs/hangs.routes.ts';
import { createHangsService, HANG_IDLE_MS } from './modules/hangs/hangs.service.ts';
import { createMemoryPresence, createRedisPresence } from './modules/hangs/presence.ts';
import { createTossesService } from './modules/hangs/tosses.service.ts';
import { createPartnerRepo } from './modules/partner/partner.repo.ts';
import { partnerRoutes } from './modules/partner/partner.routes.ts';
import { createPartnerService } from './modules/partner/partner.service.ts';
import { partnerDevRoutes } from './modules/partner/partner-dev.routes.ts';
import { createPhoneRepo } from './modules/phone/phone.repo.ts';
import { phoneRoutes } from './modules/phone/phone.routes.ts';
import { createPhoneService } from './modules/phone/phone.service.ts';
import { hostShowsRoutes } from './modules/shows/host-shows.routes.ts';
import { createShowsRepo } from './modules/shows/shows.repo.ts';
import { showsRoutes } from './modules/shows/shows.routes.ts';
import { createShowsService } from './modules/shows/shows.service.ts';
import { createCodeImporter } from './modules/tickets/code-import.service.ts';
import { createTicketsRepo } from './modules/tickets/tickets.repo.ts';
import { ticketsRoutes } from './modules/tickets/tickets.routes.ts';
import { createTicketsService } from './modules/tickets/tickets.service.ts';
import { createUsersRepo } from './modules/users/users.repo.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { createUsersService } from './modules/users/users.service.ts';
import { createDeviceLiveness } from './modules/video/device-liveness.ts';
import { createDrmTokens } from './modules/video/drm-token.ts';
import { videoRoutes } from './modules/video/video.routes.ts';
import { createVideoService } from './modules/video/video.service.ts';
import { createAuthGuards } from './platform/auth-guard.ts';
import { createLimiterFactory } from './platform/rate-limit.ts';
import { createRedis, type Redis } from './platform/redis.ts';
import { webRoutes } from './platform/web.ts';
import { type Bus, createMemoryBus } from './realtime/bus.ts';
import { createChannelAccess } from './realtime/channel-access.ts';
import { createGateway } from './realtime/gateway.ts';
import { realtimeRoutes } from './realtime/realtime.routes.ts';
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
  const keyPrefix = opts.keyPrefix ?? 'encore:';
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

  app.setErrorHandler((error, req, reply) => {
    if (error instanceof AppError) {
      const { retryAfter, ...extra } = error.extra;
      if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
      return reply.code(error.status).send({ code: error.code, message: error.message, ...extra });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const field = issue?.instancePath.replace(/^\//, '').replace(/\//g, '.') || undefined;
      const message = `${field ? `${field}: ` : ''}${issue?.message ?? 'Invalid request.'}`;
      return reply.code(400).send({ code: 'BAD_REQUEST', message, ...(field ? { field } : {}) });
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status < 500) {
      return reply.code(status).send({
        code: (error as { code?: string }).code ?? 'BAD_REQUEST',
        message: (error as Error).message,
      });
    }
    req.log.error({ err: error }, 'request failed');
    return reply.code(500).send({
      code: 'INTERNAL_SERVER_ERROR',
      message: 'Something went wrong on our side. Please try again.',
    });
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Encore API', version: '1.10.6', description: 'The /thor API of Encore.' },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs' });

  const db = database.db;
  // Batches of doors-open queries in flight at once: PGlite has one connection, a pool has more.
  const dbConcurrency = database.kind === 'postgres' ? 4 : 1;
  const limiter = createLimiterFactory({ redis, prefix: keyPrefix, scale: config.rateLimitScale });
  const mailer = createMailer(db, transport, app.log);
  const users = createUsersRepo(db);
  const auth = createAuthService({
    users,
    auth: createAuthRepo(db),
    mailer,
    limiter,
    publicUrl: config.publicUrl,
    sessionCacheMs: config.authCacheMs,
    dbConcurrency,
    // The device places a login held are freed with it (DEV-01); `devices` is built below.
    onLogout: async (userId, tokenId) => {
      await devices.endForLogout(userId, tokenId).catch((err: unknown) => {
        app.log.error({ err, userId }, 'device sessions not ended at logout');
      });
    },
  });
  const guards = createAuthGuards(auth);
  const showsRepo = createShowsRepo(db);
  const shows = createShowsService({ shows: showsRepo, cacheMs: config.showsCacheMs });
  const ticketsRepo = createTicketsRepo(db);
  const tickets = createTicketsService({
    tickets: ticketsRepo,
    shows,
    authenticate: auth.authenticate,
    limiter,
    cacheMs: config.ticketCacheMs,
    dbConcurrency,
  });
  const devices = createDevicesService({
    devices: createDevicesRepo(db),
    shows,
    tickets,
    bus,
    log: app.log,
    entryConcurrency: dbConcurrency,
  });
  // Chat (docs/chat-and-realtime.md): hangs sharded by capacity, presence across nodes, tosses, stickers.
  const hangsRepo = createHangsRepo(db);
  const catalog = createCatalogService({ catalog: createCatalogRepo(db) });
  // Card payments (DESIGN.md section 7): the embedded testpay provider, never in production.
  const testpay = config.payments.provider === 'testpay' ? createTestpay({ db }) : null;
  const commerce = createCommerceService({
    repo: createCommerceRepo(db),
    provider: testpay?.provider ?? unavailableProvider,
    tickets,
    shows,
    catalog,
    log: app.log,
  });
  const hangs = createHangsService({
    hangs: hangsRepo,
    shows,
    tickets,
    presence: redis
      ? createRedisPresence({ redis, prefix: keyPrefix, idleMs: HANG_IDLE_MS })
      : createMemoryPresence({ idleMs: HANG_IDLE_MS }),
    bus,
    log: app.log,
    capacity: config.chat.hangCapacity,
  });
  app.addHook('onClose', async () => hangs.close());
  const tosses = createTossesService({
    hangs,
    repo: hangsRepo,
    stickers: catalog,
    limiter,
    budgets: { perUser: config.chat.userBudget, perHang: config.chat.hangBudget },
    bus,
    log: app.log,
  });
  const cheer = createCheerService({
    hangs,
    shows,
    repo: createCheerRepo(db),
    limiter,
    budgets: { perUser: config.cheer.userBudget },
    log: app.log,
  });
  // Before onClose closes the database: the taps gathered since the last flush are written.
  app.addHook('preClose', async () => cheer.close());
  const alerts = createAlertsService({
    shows,
    hangs: hangsRepo,
    onChatSwitch: (showId) => hangs.forgetChatState(showId),
    bus,
  });
  const gateway = createGateway({
    bus,
    access: createChannelAccess({ hang: hangs.canReadHang, show: hangs.canReadShow }),
    authenticate: auth.authenticate,
    sessions: devices,
    authTimeoutMs: config.realtime.authTimeoutMs,
    tickMs: config.realtime.tickMs,
    log: app.log,
  });
  // Content protection (docs/media.md): DRM tokens, the key check of the media origin, the licence path.
  const devicesRepo = createDevicesRepo(db);
  const liveness = createDeviceLiveness({ devices: devicesRepo, bus });
  app.addHook('onClose', async () => liveness.close());
  const media = createMediaCatalog(config.media.dir);
  const drmAdapter = createDrmAdapter(config.drm);
  const video = createVideoService({
    shows,
    tickets,
    devices: devicesRepo,
    liveness,
    tokens: createDrmTokens(config.drm.tokenSecret),
    tokenTtlSeconds: config.drm.tokenTtlSeconds,
    adapter: drmAdapter,
    publicUrl: config.publicUrl,
    dashKey: async (kid) => (await media.current())?.dashKeys.get(kid) ?? null,
  });

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
    clientConfigRoutes({ config, shows, teaser: () => teaserUrl(config.media.teaserUrl, media) }),
  );
  await app.register(authRoutes({ auth, guards }));
  const partnerKeys = config.partner;
  await app.register(
    partnerRoutes({
      partner: createPartnerService({
        repo: createPartnerRepo(db),
        users,
        verifier: partnerKeys ? createPartnerVerifier(partnerKeys) : null,
        limiter,
        startSession: auth.startSession,
      }),
    }),
  );
  if (config.env !== 'production' && partnerKeys?.devSigning && partnerKeys.secret) {
    await app.register(
      partnerDevRoutes({
        secret: partnerKeys.secret,
        issuer: partnerKeys.issuer,
        audience: partnerKeys.audience,
        appOrigin: new URL(config.publicUrl).origin,
      }),
    );
  }
  await app.register(
    phoneRoutes({
      phone: createPhoneService({
        phone: createPhoneRepo(db),
        users,
        sms: createSmsSender(
          db,
          config.sms
            ? createTwilioTransport(config.sms)
            : config.env === 'production'
              ? noProviderTransport
              : null,
          app.log,
        ),
        limiter,
        startSession: auth.startSession,
        log: app.log,
      }),
    }),
  );
  await app.register(
    usersRoutes({ users: createUsersService({ users, onChange: (id) => auth.forgetUser(id) }), guards }),
  );
  await app.register(showsRoutes({ shows, guards }));
  await app.register(hostShowsRoutes({ shows: showsRepo, guards }));
  await app.register(
    ticketsRoutes({
      tickets,
      importer: createCodeImporter({ shows: showsRepo, tickets: ticketsRepo }),
      guards,
    }),
  );
  await app.register(devicesRoutes({ devices, guards }));
  await app.register(
    mediaRoutes({
      mediaDir: config.media.dir,
      catalog: media,
      keyAuthorizer: video.authorizeKey,
      drmSystems: drmAdapter.systems,
      keyUriBase: config.media.keyUriBase && `${config.media.keyUriBase}/media/keys`,
    }),
  );
  await app.register(teaserRoutes({ catalog: media }));
  await app.register(videoRoutes({ video, guards }));
  await app.register(
    analyticsRoutes({
      analytics: createAnalyticsService({
        repo: createAnalyticsRepo(db),
        limiter: limiter('analytics-ip', { points: 600, durationSec: 60 }),
        log: app.log,
      }),
      guards,
    }),
  );
  await app.register(hangsRoutes({ hangs, tosses, guards }));
  await app.register(cheerRoutes({ cheer, guards }));
  await app.register(alertsRoutes({ alerts, guards }));
  await app.register(catalogRoutes({ catalog, guards }));
  await app.register(commerceRoutes({ commerce, guards }));
  if (testpay) await app.register(testpayRoutes({ testpay }));
  await app.register(realtimeRoutes({ gateway }));
  if (config.env !== 'production') await app.register(devRoutes({ db }));
  await app.register(webRoutes({ webDist: config.webDist }));
  return app;
}
