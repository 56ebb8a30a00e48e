import { createDrmAdapter } from '../adapters/drm/drm-adapter.ts';
import { mediaRoutes } from '../media/media.routes.ts';
import { createMediaCatalog } from '../media/media-catalog.ts';
import { teaserRoutes } from '../media/teaser.routes.ts';
import { createAnalyticsRepo } from '../modules/analytics/analytics.repo.ts';
import { analyticsRoutes } from '../modules/analytics/analytics.routes.ts';
import { createAnalyticsService } from '../modules/analytics/analytics.service.ts';
import { createDevicesRepo } from '../modules/devices/devices.repo.ts';
import { createLiveCaptionsRepo } from '../modules/live-captions/live-captions.repo.ts';
import { liveCaptionsRoutes } from '../modules/live-captions/live-captions.routes.ts';
import { createLiveCaptionsService } from '../modules/live-captions/live-captions.service.ts';
import type { ShowsService } from '../modules/shows/shows.service.ts';
import type { TicketsService } from '../modules/tickets/tickets.service.ts';
import { createDeviceLiveness } from '../modules/video/device-liveness.ts';
import { createDrmTokens } from '../modules/video/drm-token.ts';
import { videoRoutes } from '../modules/video/video.routes.ts';
import { createVideoService } from '../modules/video/video.service.ts';
import type { AuthGuards } from '../platform/auth-guard.ts';
import type { Core } from './core.ts';

/**
 * Video (docs/media.md): the media origin with its key check, DRM tokens and the licence path, and
 * the player's analytics.
 */
export function composeVideo(
  core: Core,
  deps: {
    shows: ShowsService;
    tickets: TicketsService;
    /** Live-ingest streams' CENC keys (compose-ingest.ts), after the demo media's. */
    liveDashKey?: (kidHex: string) => Promise<{ stream: string; key: Buffer; liveSlug: string } | null>;
  },
) {
  const { app, config, db, bus, limiter, log } = core;
  const devicesRepo = createDevicesRepo(db);
  const liveness = createDeviceLiveness({ devices: devicesRepo, bus });
  app.addHook('onClose', async () => liveness.close());
  const media = createMediaCatalog(config.media.dir);
  const drmAdapter = createDrmAdapter(config.drm);
  const video = createVideoService({
    shows: deps.shows,
    tickets: deps.tickets,
    devices: devicesRepo,
    liveness,
    tokens: createDrmTokens(config.drm.tokenSecret),
    tokenTtlSeconds: config.drm.tokenTtlSeconds,
    adapter: drmAdapter,
    publicUrl: config.publicUrl,
    // The origin's CENC keys, for Encore's own ClearKey licence (DASH).
    dashKey: async (kid) =>
      (await media.current())?.dashKeys.get(kid) ?? (await deps.liveDashKey?.(kid)) ?? null,
  });

  const captions = createLiveCaptionsService({ repo: createLiveCaptionsRepo(db), shows: deps.shows });

  async function register(guards: AuthGuards): Promise<void> {
    await app.register(liveCaptionsRoutes({ captions, guards }));
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
          log,
        }),
        guards,
      }),
    );
  }

  return { media, video, captions, register };
}
