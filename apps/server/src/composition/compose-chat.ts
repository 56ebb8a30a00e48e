import { createLocalStorage, createS3Storage, sweepTempFiles } from '../adapters/storage/storage.ts';
import { alertsRoutes } from '../modules/alerts/alerts.routes.ts';
import { createAlertsService } from '../modules/alerts/alerts.service.ts';
import type { AuthService } from '../modules/auth/auth.service.ts';
import type { CatalogService } from '../modules/catalog/catalog.service.ts';
import { createChatReplayRepo } from '../modules/chat-replay/chat-replay.repo.ts';
import { chatReplayRoutes } from '../modules/chat-replay/chat-replay.routes.ts';
import { createChatReplayService } from '../modules/chat-replay/chat-replay.service.ts';
import { createCheerRepo } from '../modules/cheer/cheer.repo.ts';
import { cheerRoutes } from '../modules/cheer/cheer.routes.ts';
import { createCheerService } from '../modules/cheer/cheer.service.ts';
import { createCuesRepo } from '../modules/control-room/cues.repo.ts';
import { createFiguresRepo } from '../modules/control-room/figures.repo.ts';
import { countAnswers, figuresRoutes } from '../modules/control-room/figures.routes.ts';
import { createFiguresService } from '../modules/control-room/figures.service.ts';
import { createMemoryFiguresStore, createRedisFiguresStore } from '../modules/control-room/figures-store.ts';
import { uploadsRoutes } from '../modules/control-room/uploads.routes.ts';
import { createCueTimelineRepo } from '../modules/cue-timeline/cue-timeline.repo.ts';
import { cueTimelineRoutes } from '../modules/cue-timeline/cue-timeline.routes.ts';
import { createCueTimelineService } from '../modules/cue-timeline/cue-timeline.service.ts';
import type { DevicesService } from '../modules/devices/devices.service.ts';
import { createHangsRepo } from '../modules/hangs/hangs.repo.ts';
import { hangsRoutes } from '../modules/hangs/hangs.routes.ts';
import { createHangsService, HANG_IDLE_MS } from '../modules/hangs/hangs.service.ts';
import { createMemoryPresence, createRedisPresence } from '../modules/hangs/presence.ts';
import { createTossesService } from '../modules/hangs/tosses.service.ts';
import { createChatGate } from '../modules/moderation/chat-gate.ts';
import { createModerationRepo } from '../modules/moderation/moderation.repo.ts';
import { moderationRoutes } from '../modules/moderation/moderation.routes.ts';
import { createModerationService } from '../modules/moderation/moderation.service.ts';
import { createModerationAccess } from '../modules/moderation/moderation-access.ts';
import type { ShowsService } from '../modules/shows/shows.service.ts';
import type { TicketsService } from '../modules/tickets/tickets.service.ts';
import type { AuthGuards } from '../platform/auth-guard.ts';
import { createChannelAccess, OPEN } from '../realtime/channel-access.ts';
import { createGateway } from '../realtime/gateway.ts';
import { realtimeRoutes } from '../realtime/realtime.routes.ts';
import type { Revocations } from '../realtime/revocations.ts';
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
    /** Ended logins: their sockets are closed on this node (every node hears each one). */
    revocations: Revocations;
    /** The show clock's edge of a pushed show (the newest frame's program date), for cue moments. */
    showClockEdge?: (slug: string) => Promise<number | null>;
  },
) {
  const { app, config, db, redis, keyPrefix, bus, limiter, log } = core;
  const hangsRepo = createHangsRepo(db);
  // Moderation (issue 13): moderators per show, and the toss path's restrictions, slow mode and terms.
  const moderationRepo = createModerationRepo(db);
  const moderationAccess = createModerationAccess({ repo: moderationRepo, shows: deps.shows });
  const gate = createChatGate({ repo: moderationRepo, limiter, bus, log });
  app.addHook('onClose', async () => gate.close());
  const presence = redis
    ? createRedisPresence({ redis, prefix: keyPrefix, idleMs: HANG_IDLE_MS })
    : createMemoryPresence({ idleMs: HANG_IDLE_MS });
  const hangs = createHangsService({
    moderators: moderationAccess,
    gate,
    hangs: hangsRepo,
    shows: deps.shows,
    tickets: deps.tickets,
    presence,
    bus,
    log,
    capacity: config.chat.hangCapacity,
  });
  app.addHook('onClose', async () => hangs.close());
  const tosses = createTossesService({
    hangs,
    repo: hangsRepo,
    stickers: deps.catalog,
    gate,
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
  const moderation = createModerationService({
    repo: moderationRepo,
    hangsRepo,
    hangs,
    shows: deps.shows,
    access: moderationAccess,
    gate,
    reportLimiter: limiter('toss-report', { points: 20, durationSec: 60 }),
    bus,
    // A dismissed moderator's hang and show subscriptions end on every node unless a ticket holds them.
    onDismissed: (showId, slug, userId) =>
      deps.revocations.publish({ kind: 'entitlement', userId, showId, slug }),
  });
  const timeline = createCueTimelineService({
    repo: createCueTimelineRepo(db),
    shows: deps.shows,
    mayReadShow: hangs.canReadShow,
    showClockEdge: deps.showClockEdge,
  });
  const alerts = createAlertsService({
    shows: deps.shows,
    hangs: hangsRepo,
    moderation,
    cues: createCuesRepo(db),
    timeline,
    onChatSwitch: (showId) => hangs.forgetChatState(showId),
    bus,
  });
  // The control room's live figures (issue 13): kept in Redis when there is one (all nodes), else here.
  const figures = createFiguresService({
    repo: createFiguresRepo(db),
    store: redis ? createRedisFiguresStore({ redis, prefix: keyPrefix }) : createMemoryFiguresStore(),
    presence,
    shows: deps.shows,
    bus,
    log,
  });
  countAnswers(app, figures);
  figures.start();
  app.addHook('onClose', async () => figures.stop());
  const gateway = createGateway({
    bus,
    access: createChannelAccess({
      hang: hangs.hangGrant,
      show: hangs.showGrant,
      // A show's public state (Go live, End show): anyone signed in, ticket or not, of a show that exists.
      state: async (_user, slug) => ((await deps.shows.bySlug(slug)) ? OPEN : null),
      // The control room's figures: hosts only, of a show that exists.
      host: async (user, slug) => (user.role === 'host' && (await deps.shows.bySlug(slug)) ? OPEN : null),
    }),
    authenticate: deps.auth.authenticate,
    sessions: deps.devices,
    authTimeoutMs: config.realtime.authTimeoutMs,
    tickMs: config.realtime.tickMs,
    sweepMs: config.realtime.sweepMs,
    touchEveryMs: Math.min(20_000, Math.floor(config.realtime.deviceLiveMs / 3)),
    log,
  });
  deps.revocations.subscribe((r) => {
    if (r.kind === 'entitlement') {
      // The ticket cache forgot it already (compose-shows.ts); a dismissed moderator is forgotten here.
      moderationAccess.forget(r.showId, r.userId);
      gateway.revokeEntitlement(r);
      return;
    }
    const closed = gateway.revoke(r);
    if (closed > 0) log.info({ userId: r.userId, closed }, 'sockets of an ended login closed');
  });

  const replay = createChatReplayService({
    repo: createChatReplayRepo(db),
    hangs: hangsRepo,
    shows: deps.shows,
    mayReadShow: hangs.canReadShow,
  });

  async function register(guards: AuthGuards): Promise<void> {
    await app.register(hangsRoutes({ hangs, tosses, guards }));
    await app.register(chatReplayRoutes({ replay, guards }));
    await app.register(cheerRoutes({ cheer, guards }));
    await app.register(alertsRoutes({ alerts, guards }));
    await app.register(cueTimelineRoutes({ timeline, guards }));
    await app.register(moderationRoutes({ moderation, access: moderationAccess, guards }));
    await app.register(figuresRoutes({ figures, guards }));
    const { uploads } = config;
    const storage = uploads.s3 ? createS3Storage(uploads.s3) : createLocalStorage(uploads.dir);
    if (!uploads.s3) {
      const swept = await sweepTempFiles(uploads.dir);
      if (swept.length > 0) app.log.warn({ files: swept.length }, 'removed unfinished upload files');
    }
    await app.register(uploadsRoutes({ storage, guards }));
    await app.register(realtimeRoutes({ gateway }));
  }

  return { figures, register, gateway };
}
