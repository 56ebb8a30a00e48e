import { randomUUID } from 'node:crypto';
import { createMailer, type MailTransport } from '../adapters/mail/mailer.ts';
import { stripeRoutes } from '../adapters/payments/stripe.routes.ts';
import { createStripeProvider } from '../adapters/payments/stripe.ts';
import { testpayRoutes } from '../adapters/payments/testpay.routes.ts';
import { createTestpay } from '../adapters/payments/testpay.ts';
import { unavailableProvider } from '../adapters/payments/unavailable-provider.ts';
import { createCatalogRepo } from '../modules/catalog/catalog.repo.ts';
import { catalogRoutes } from '../modules/catalog/catalog.routes.ts';
import { createCatalogService } from '../modules/catalog/catalog.service.ts';
import { createCommerceRepo } from '../modules/commerce/commerce.repo.ts';
import { commerceRoutes } from '../modules/commerce/commerce.routes.ts';
import { createCommerceService } from '../modules/commerce/commerce.service.ts';
import { createOrderMails } from '../modules/commerce/commerce-mails.ts';
import { createDevicesRepo } from '../modules/devices/devices.repo.ts';
import { devicesRoutes } from '../modules/devices/devices.routes.ts';
import { createDevicesService } from '../modules/devices/devices.service.ts';
import { hostShowsRoutes } from '../modules/shows/host-shows.routes.ts';
import { type BroadcastLink, createHostShowsService } from '../modules/shows/host-shows.service.ts';
import { createShowsRepo } from '../modules/shows/shows.repo.ts';
import { type BroadcastStatusOf, showsRoutes } from '../modules/shows/shows.routes.ts';
import { createShowsService } from '../modules/shows/shows.service.ts';
import { createCodeImporter } from '../modules/tickets/code-import.service.ts';
import { createHostCodesRepo } from '../modules/tickets/host-codes.repo.ts';
import { hostCodesRoutes } from '../modules/tickets/host-codes.routes.ts';
import { createHostCodesService } from '../modules/tickets/host-codes.service.ts';
import { createTicketsRepo } from '../modules/tickets/tickets.repo.ts';
import { ticketsRoutes } from '../modules/tickets/tickets.routes.ts';
import { createTicketsService } from '../modules/tickets/tickets.service.ts';
import type { RoomCounters } from '../modules/waiting-room/admission.ts';
import { createQueueTokens } from '../modules/waiting-room/queue-token.ts';
import { createMemoryRoomStore, createRedisRoomStore } from '../modules/waiting-room/room-store.ts';
import { createSignals } from '../modules/waiting-room/saturation.ts';
import { createWaitingRoomRepo } from '../modules/waiting-room/waiting-room.repo.ts';
import { waitingRoomRoutes } from '../modules/waiting-room/waiting-room.routes.ts';
import { createWaitingRoomService } from '../modules/waiting-room/waiting-room.service.ts';
import type { AuthGuards } from '../platform/auth-guard.ts';
import type { Revocations } from '../realtime/revocations.ts';
import type { Core } from './core.ts';

/**
 * Shows and the way in: the schedule, tickets (codes, checks, imports), device places at the door,
 * and what is sold (the sticker catalogue, orders and card payments).
 */
export function composeShows(
  core: Core,
  deps: {
    authenticate: Parameters<typeof createTicketsService>[0]['authenticate'];
    /** A live-ingest show's status follows its broadcast (issue 11); undefined for a demo show. */
    broadcastStatus?: BroadcastStatusOf;
    /** The same truth for the host's list and show, and the live streams a save keeps (issue 25). */
    broadcastLink?: BroadcastLink;
    /** Ended logins and removed tickets, heard by every node (realtime/revocations.ts). */
    revocations: Revocations;
    /** Fans inside a show now (the control room's live figures), for the waiting room's max_active. */
    activeOf: (slug: string) => Promise<number>;
    /** Receipt and refund mails go the way the account mails go (issue 26). */
    transport: MailTransport | null;
  },
) {
  const { config, db, limiter, bus, log, dbConcurrency } = core;
  const showsRepo = createShowsRepo(db);
  const shows = createShowsService({ shows: showsRepo, cacheMs: config.showsCacheMs });
  const ticketsRepo = createTicketsRepo(db);
  const tickets = createTicketsService({
    tickets: ticketsRepo,
    shows,
    authenticate: deps.authenticate,
    limiter,
    cacheMs: config.ticketCacheMs,
    dbConcurrency,
    onRemoved: (userId, show) =>
      deps.revocations.publish({ kind: 'entitlement', userId, showId: show.id, slug: show.slug }),
  });
  // A ticket removed on any node: this node's cached copy goes too (the gateway then checks sockets).
  deps.revocations.subscribe((r) => {
    if (r.kind === 'entitlement') tickets.forgetHeld(r.userId, r.showId);
  });
  const devices = createDevicesService({
    devices: createDevicesRepo(db),
    shows,
    tickets,
    bus,
    log,
    liveMs: config.realtime.deviceLiveMs,
  });
  // The waiting room in front of entry (issue 28): one line per show, in Redis for a cluster. Its
  // tokens are signed with a key derived from DRM_TOKEN_SECRET, which every node of a deployment shares.
  const roomRepo = createWaitingRoomRepo(db);
  const roomDefaults = {
    rate_per_second: config.waitingRoom.rate_per_second,
    max_active: config.waitingRoom.max_active,
    policy: config.waitingRoom.policy,
    paused: false,
    prequeue_minutes: config.waitingRoom.prequeue_minutes,
  };
  const room = createWaitingRoomService({
    repo: roomRepo,
    // Keys are `<show id>:<doors ms>`; a single node saves its lines once a second.
    store: core.redis
      ? createRedisRoomStore({ redis: core.redis, prefix: core.keyPrefix })
      : createMemoryRoomStore({
          load: async (key) => {
            const [showId, doors] = key.split(':');
            return (await roomRepo.counters(Number(showId)))[doors ?? ''] ?? null;
          },
          save: async (lines) => {
            const byShow = new Map<number, Record<string, RoomCounters>>();
            for (const [key, c] of lines) {
              const [showId, doors] = key.split(':');
              const show = byShow.get(Number(showId)) ?? {};
              show[doors ?? ''] = c;
              byShow.set(Number(showId), show);
            }
            for (const [showId, show] of byShow) await roomRepo.saveCounters(showId, show, roomDefaults);
          },
        }),
    tokens: createQueueTokens(config.drm.tokenSecret),
    drawSecret: config.drm.tokenSecret,
    shows,
    defaults: roomDefaults,
    signals: config.waitingRoom.auto ? createSignals({ pool: core.database.pool }) : null,
    activeOf: deps.activeOf,
    nodeId: randomUUID(),
    log,
  });
  room.start();
  core.app.addHook('onClose', async () => room.stop());
  core.app.addHook('onClose', async () => devices.stop());
  const catalog = createCatalogService({ catalog: createCatalogRepo(db) });
  // Card payments (DESIGN.md section 7): Stripe, or the embedded testpay provider (never in production).
  const testpay = config.payments.provider === 'testpay' ? createTestpay({ db }) : null;
  const stripe = config.payments.stripe
    ? createStripeProvider({ settings: config.payments.stripe, log })
    : null;
  const commerceRepo = createCommerceRepo(db);
  const commerce = createCommerceService({
    repo: commerceRepo,
    mails: createOrderMails({
      repo: commerceRepo,
      mailer: createMailer(db, deps.transport, log),
      siteUrl: config.publicUrl,
      log,
      now: () => new Date(),
    }),
    provider: testpay?.provider ?? stripe?.provider ?? unavailableProvider,
    tickets,
    shows,
    catalog,
    log,
  });
  // Before serving: paid orders a crash left without their goods are repaired (issue 12).
  core.app.addHook('onReady', async () => {
    await commerce.reconcile().catch((err: unknown) => log.error({ err }, 'order reconciler failed'));
  });

  async function register(guards: AuthGuards): Promise<void> {
    const { app } = core;
    await app.register(showsRoutes({ shows, guards, broadcastStatus: deps.broadcastStatus }));
    await app.register(
      hostShowsRoutes({
        hostShows: createHostShowsService({ shows: showsRepo, broadcast: deps.broadcastLink }),
        guards,
      }),
    );
    await app.register(
      ticketsRoutes({
        tickets,
        importer: createCodeImporter({ shows: showsRepo, tickets: ticketsRepo }),
        guards,
      }),
    );
    await app.register(
      hostCodesRoutes({
        codes: createHostCodesService({ repo: createHostCodesRepo(db), shows: showsRepo, tickets, bus }),
        guards,
      }),
    );
    await app.register(devicesRoutes({ devices, guards, gate: room }));
    await app.register(waitingRoomRoutes({ room, guards, shows }));
    await app.register(catalogRoutes({ catalog, guards }));
    await app.register(commerceRoutes({ commerce, guards }));
    if (testpay) await app.register(testpayRoutes({ testpay }));
    if (stripe) await app.register(stripeRoutes({ stripe }));
  }

  return { shows, tickets, devices, catalog, room, register };
}
