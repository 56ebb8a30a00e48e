import { alertsRoutes } from '../modules/alerts/alerts.routes.ts';
import { createAlertsService } from '../modules/alerts/alerts.service.ts';
import type { AuthService } from '../modules/auth/auth.service.ts';
import type { CatalogService } from '../modules/catalog/catalog.service.ts';
import { createCheerRepo } from '../modules/cheer/cheer.repo.ts';
import { cheerRoutes } from '../modules/cheer/cheer.routes.ts';
import { createCheerService } from '../modules/cheer/cheer.service.ts';
import type { DevicesService } from '../modules/devices/devices.service.ts';
import { createHangsRepo } from '../modules/hangs/hangs.repo.ts';
import { hangsRoutes } from '../modules/hangs/hangs.routes.ts';
import { createHangsService, HANG_IDLE_MS } from '../modules/hangs/hangs.service.ts';
import { createMemoryPresence, createRedisPresence } from '../modules/hangs/presence.ts';
import { createTossesService } from '../modules/hangs/tosses.service.ts';
import type { ShowsService } from '../modules/shows/shows.service.ts';
import type { TicketsService } from '../modules/tickets/tickets.service.ts';
import type { AuthGuards } from '../platform/auth-guard.ts';
import { createChannelAccess } from '../realtime/channel-access.ts';
import { createGateway } from '../realtime/gateway.ts';
import { realtimeRoutes } from '../realtime/realtime.routes.ts';
import type { Core } from './core.ts';

/**
 * Together at the show (docs/chat-and-realtime.md): hangs sharded by capacity with presence across
 * nodes, tosses and stickers, cheering, the host's alerts, and the realtime gateway that carries them.
 */
export function composeChat(
  core: Core,
  deps: {
    auth: AuthService;
    shows: ShowsService;
    tickets: TicketsService;
    devices: DevicesService;
    catalog: CatalogService;
  },
) {
  const { app, config, db, redis, keyPrefix, bus, limiter, log } = core;
  const hangsRepo = createHangsRepo(db);
  const hangs = createHangsService({
    hangs: hangsRepo,
    shows: deps.shows,
    tickets: deps.tickets,
    presence: redis
      ? createRedisPresence({ redis, prefix: keyPrefix, idleMs: HANG_IDLE_MS })
      : createMemoryPresence({ idleMs: HANG_IDLE_MS }),
    bus,
    log,
    capacity: config.chat.hangCapacity,
  });
  app.addHook('onClose', async () => hangs.close());
  const tosses = createTossesService({
    hangs,
    repo: hangsRepo,
    stickers: deps.catalog,
    limiter,
    budgets: { perUser: config.chat.userBudget, perHang: config.chat.hangBudget },
    bus,
    log,
  });
  const cheer = createCheerService({
    hangs,
    shows: deps.shows,
    repo: createCheerRepo(db),
    limiter,
    budgets: { perUser: config.cheer.userBudget },
    log,
  });
  // Before onClose closes the database: the taps gathered since the last flush are written.
  app.addHook('preClose', async () => cheer.close());
  const alerts = createAlertsService({
    shows: deps.shows,
    hangs: hangsRepo,
    onChatSwitch: (showId) => hangs.forgetChatState(showId),
    bus,
  });
  const gateway = createGateway({
    bus,
    access: createChannelAccess({ hang: hangs.canReadHang, show: hangs.canReadShow }),
    authenticate: deps.auth.authenticate,
    sessions: deps.devices,
    authTimeoutMs: config.realtime.authTimeoutMs,
    tickMs: config.realtime.tickMs,
    log,
  });

  async function register(guards: AuthGuards): Promise<void> {
    await app.register(hangsRoutes({ hangs, tosses, guards }));
    await app.register(cheerRoutes({ cheer, guards }));
    await app.register(alertsRoutes({ alerts, guards }));
    await app.register(realtimeRoutes({ gateway }));
  }

  return { register, gateway };
}
