import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { createDrmAdapter } from '../adapters/drm/drm-adapter.ts';
import { liveDashRoutes } from '../media/live-dash.routes.ts';
import { dashEpochOf } from '../media/live-dash-index.ts';
import { createLiveIndexReader } from '../media/live-index.ts';
import { openSegmentOf } from '../media/live-ll.ts';
import { type LiveKey, liveOriginRoutes } from '../media/live-origin.routes.ts';
import { createReairingClocks } from '../media/live-reairing.ts';
import type { KeyAuthorizer } from '../media/media.routes.ts';
import { createCueTimelineRepo } from '../modules/cue-timeline/cue-timeline.repo.ts';
import { createCueReader } from '../modules/cue-timeline/cue-timeline.service.ts';
import { createBroadcastService } from '../modules/ingest/broadcast.service.ts';
import { createDashWriter, dashKeyOf } from '../modules/ingest/dash-packager.ts';
import { createFeedRegistry, type FeedRegistryDeps } from '../modules/ingest/feeds.ts';
import { createIngestRepo } from '../modules/ingest/ingest.repo.ts';
import { ingestRoutes } from '../modules/ingest/ingest.routes.ts';
import { ingestHooksRoutes } from '../modules/ingest/ingest-hooks.routes.ts';
import { createMosaics } from '../modules/ingest/mosaic.ts';
import { createReplayRepo } from '../modules/ingest/replay.repo.ts';
import { replayRoutes } from '../modules/ingest/replay.routes.ts';
import { createReplayService } from '../modules/ingest/replay.service.ts';
import { type RtmpEngine, startRtmpEngine } from '../modules/ingest/rtmp-engine.ts';
import { presentShow } from '../modules/shows/shows.presenter.ts';
import { createShowsRepo } from '../modules/shows/shows.repo.ts';
import type { AuthGuards } from '../platform/auth-guard.ts';
import type { Core } from './core.ts';

/**
 * Live ingest (issue 11, DESIGN.md section 6.1, docs/media.md section 9): stream keys and the
 * broadcast lifecycle on every node; with INGEST_ENABLED, this node also runs the RTMP engine (nginx
 * with its RTMP module, supervised here) and a packager per pushed stream. The live origin serves the
 * packaged streams on every node that sees LIVE_DIR; keys come from the database, never from files.
 */
export function composeIngest(core: Core) {
  const { app, config, db, bus, log } = core;
  const repo = createIngestRepo(db);
  const { rtmpPort, rtmpHost, liveDir, enabled } = config.ingest;
  // The engine's callbacks reach this process over the loopback, under a path only it knows.
  const hookSecret = randomBytes(24).toString('hex');
  let engine: RtmpEngine | null = null;
  const showsRepo = createShowsRepo(db);
  /** The show's DASH epoch when it plays `stream` as DASH too (its configuration lists a DASH source). */
  const dashEpoch = async (slug: string, stream: string): Promise<number | null> => {
    const row = await showsRepo.findBySlug(slug);
    const show = row ? presentShow(row) : null;
    return show?.streams[stream]?.dash ? dashEpochOf(show.event.event_start_time) : null;
  };
  // A DASH show's streams are also packaged as CENC DASH, from the same segments (dash-packager.ts).
  const segmentHook: FeedRegistryDeps['segmentHook'] = async (feed) => {
    const epoch = await dashEpoch(feed.slug, feed.stream);
    if (epoch === null) return undefined;
    const writer = await createDashWriter({
      epoch,
      liveDir,
      slug: feed.slug,
      stream: feed.stream,
      key: dashKeyOf(feed.mediaKeyId, feed.mediaKey),
    });
    return (seg) => writer.add(seg);
  };
  // The multiview mosaics of an ingest show are composed live from its angles on air (mosaic.ts).
  const mosaics = createMosaics({
    liveDir,
    log,
    showOf: async (slug) => {
      const row = await showsRepo.findBySlug(slug);
      return row ? presentShow(row) : null;
    },
    keyOf: async (slug, stream) => {
      const row = await repo.mediaKeyOf(slug, stream);
      return row ? { id: row.media_key_id, key: row.media_key, iv: row.media_iv } : null;
    },
    segmentHook,
  });
  const feeds = createFeedRegistry({
    repo,
    liveDir,
    playUrl: (internal) => `rtmp://127.0.0.1:${rtmpPort}/live/${internal}`,
    log,
    segmentHook,
    onAirChange: (slug, onAir) => mosaics.changed(slug, onAir),
    onEndShow: (slug) => mosaics.endShow(slug),
  });
  const broadcast = createBroadcastService({
    repo,
    shows: createShowsRepo(db),
    feeds,
    bus,
    rtmpUrl: `rtmp://${rtmpHost}:${rtmpPort}/live/`,
    log,
  });

  const keys = new Map<string, { at: number; key: Promise<LiveKey | null> }>();
  const keyOf = (slug: string, stream: string): Promise<LiveKey | null> => {
    const id = `${slug}/${stream}`;
    const hit = keys.get(id);
    if (hit && Date.now() - hit.at < 10_000) return hit.key;
    const key = repo
      .mediaKeyOf(slug, stream)
      .then((r) => (r ? { id: r.media_key_id, iv: r.media_iv, key: Buffer.from(r.media_key, 'hex') } : null));
    keys.set(id, { at: Date.now(), key });
    return key;
  };

  /** The ClearKey licence's lookup: a live stream's CENC key by its key id (hex), with its show. */
  const dashKey = async (kidHex: string) => {
    const row = kidHex.length === 32 ? await repo.streamByMediaKeyId(kidHex.slice(0, 16)) : undefined;
    if (!row) return null;
    const key = dashKeyOf(row.media_key_id, row.media_key);
    return key.kid === kidHex ? { stream: row.stream, key: key.key, liveSlug: row.slug } : null;
  };
  const kidOf = async (slug: string, stream: string) => {
    const row = await repo.mediaKeyOf(slug, stream);
    return row ? dashKeyOf(row.media_key_id, row.media_key).kid : null;
  };

  const indexes = createLiveIndexReader(liveDir);
  // Re-airings of a recorded show play its replay window as a live stream (docs/media.md): from the
  // host's trimmed start (else Go live) to the trimmed end (else End show), as the replay does.
  const reairingOf = createReairingClocks({
    showOf: async (slug) => {
      const row = await showsRepo.findBySlug(slug);
      if (!row) return null;
      const b = await repo.broadcastOf(row.id);
      return {
        show: presentShow(row),
        liveAt: b?.replay_start ?? b?.live_at ?? null,
        endAt: b?.replay_end ?? b?.ended_at ?? null,
      };
    },
  });

  // The cue timeline the playlists and MPDs carry (issue 27), read at most twice a second per show.
  const cuesOf = createCueReader({
    repo: createCueTimelineRepo(db),
    showIdOf: async (slug) => (await showsRepo.findBySlug(slug))?.id ?? null,
  });
  // The replay on the show clock: one window for every stream of an ended show (issue 27).
  const replay = createReplayService({
    ingest: repo,
    replay: createReplayRepo(db),
    shows: showsRepo,
    indexes,
  });

  /**
   * The show clock's edge of a pushed show: the program date at the end of the newest frame packaged
   * of its base video (the open segment's parts included). A cue sent now is stamped with it: an
   * encoder slower than real time (or behind by its own pipeline) dates its frames behind the wall
   * clock, and the host cues the picture arriving, not the wall clock. Null without a live stream.
   */
  const showClockEdge = async (slug: string): Promise<number | null> => {
    const row = await showsRepo.findBySlug(slug);
    const stream = row ? presentShow(row).base_video : null;
    const index = stream ? await indexes.get(slug, stream, 40) : null;
    if (!stream || !index || index.ended) return null;
    const rung =
      index.rungs.find((r) => r.name === 'source' && r.segments.length > 0) ??
      index.rungs.find((r) => r.segments.length > 0);
    const last = rung?.segments.at(-1);
    if (!rung || !last) return null;
    const open = openSegmentOf(rung, await indexes.parts(slug, stream, 40));
    if (!open) return last.pdt + last.dur * 1000;
    return open.pdt + open.parts.reduce((sum, p) => sum + p.dur, 0) * 1000;
  };

  async function register(
    guards: AuthGuards,
    keyAuthorizer: KeyAuthorizer,
    subtitlesOf?: (slug: string) => Promise<{ lang: string; name: string }[]>,
  ): Promise<void> {
    await app.register(ingestRoutes({ broadcast, guards }));
    await app.register(replayRoutes({ replay, guards }));
    await app.register(
      liveOriginRoutes({
        liveDir,
        indexes,
        keyOf,
        subtitlesOf,
        reairingOf,
        cuesOf,
        replayOf: replay.window,
        keyAuthorizer,
        keyUriBase: config.media.keyUriBase,
      }),
    );
    await app.register(
      liveDashRoutes({
        liveDir,
        indexes,
        kidOf,
        reairingOf,
        cuesOf,
        replayOf: replay.window,
        drmSystems: createDrmAdapter(config.drm).systems,
      }),
    );
    if (!enabled) return;
    await app.register(ingestHooksRoutes({ feeds, secret: hookSecret }));
    app.addHook('onReady', async () => {
      // Without the engine the rest of Encore still serves (the demo loop, replays): say so, go on.
      engine = await startRtmpEngine({
        port: rtmpPort,
        callbackBase: `http://127.0.0.1:${config.port}/internal/ingest/${hookSecret}`,
        dir: path.join(liveDir, '.engine'),
        log,
      }).catch((err: unknown) => {
        log.error({ err }, 'live ingest is unavailable: the RTMP engine did not start');
        return null;
      });
    });
    app.addHook('onClose', async () => {
      await mosaics.close();
      await feeds.close();
      await engine?.stop();
    });
  }

  return { broadcast, feeds, indexes, reairingOf, replay, dashKey, showClockEdge, register };
}
