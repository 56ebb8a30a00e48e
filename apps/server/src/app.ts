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
import { createMailer } from './adapters/mail/mailer.ts';
import { createSmtpTransport } from './adapters/mail/smtp-transport.ts';
import type { Config } from './config.ts';
import { type DatabaseHandle, migrateToLatest, openDatabase } from './db/database.ts';
import { AppError } from './errors.ts';
import { createAuthRepo } from './modules/auth/auth.repo.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { clientConfigRoutes } from './modules/client-config/client-config.routes.ts';
import { devRoutes } from './modules/dev/dev.routes.ts';
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
import { createAuthGuards } from './platform/auth-guard.ts';
import { createLimiterFactory } from './platform/rate-limit.ts';
import { createRedis, type Redis } from './platform/redis.ts';
import { webRoutes } from './platform/web.ts';

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

  app.addHook('onClose', async () => {
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
  const limiter = createLimiterFactory({
    redis,
    prefix: opts.keyPrefix ?? 'encore:',
    scale: config.rateLimitScale,
  });
  const mailer = createMailer(db, transport, app.log);
  const users = createUsersRepo(db);
  const auth = createAuthService({
    users,
    auth: createAuthRepo(db),
    mailer,
    limiter,
    publicUrl: config.publicUrl,
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
  });

  app.get('/healthz', { schema: { hide: true } }, async () => {
    await db.selectFrom('users').select('id').limit(1).execute();
    return { status: 'ok', database: database.kind, redis: redis ? redis.status : 'off' };
  });
  await app.register(clientConfigRoutes({ config, shows }));
  await app.register(authRoutes({ auth, guards }));
  await app.register(usersRoutes({ users: createUsersService({ users }), guards }));
  await app.register(showsRoutes({ shows, guards }));
  await app.register(
    ticketsRoutes({
      tickets,
      importer: createCodeImporter({ shows: showsRepo, tickets: ticketsRepo }),
      guards,
    }),
  );
  if (config.env !== 'production') await app.register(devRoutes({ db }));
  await app.register(webRoutes({ webDist: config.webDist }));
  return app;
}
