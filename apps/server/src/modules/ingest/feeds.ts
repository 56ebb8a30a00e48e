import { randomBytes } from 'node:crypto';
import {
  type AngleHealth,
  type FeedProblem,
  feedThumbnailPath,
  type LadderRung,
  STALE_PICTURE_MS,
  type UnknownKeyAttempts,
} from '@encore/contract';
import { feedIssues } from './feed-health.ts';
import type { FeedFigures } from './feed-probe.ts';
import type { IngestRepo } from './ingest.repo.ts';
import type { OnAirFeed } from './mosaic.ts';
import { markStreamEnded, type Packager, type PackagerOptions, startPackager } from './packager.ts';
import { parseStreamKey, secretMatches } from './stream-keys.ts';

/** A picture older than this is not healthy (the encoder stalled, or its network did). */
export const STALE_FRAME_MS = STALE_PICTURE_MS;
/** How long a refused key or a lost encoder stays on the health panel. */
const PROBLEM_SHOWN_MS = 60_000;

type Feed = {
  /** The stream key's id: the engine's later callbacks name the publish by the key it came with. */
  keyId: string;
  showId: number;
  slug: string;
  stream: string;
  internal: string;
  packager: Packager | null;
  /** Rotated key, ended show or a refused codec: the engine drops the publish at its next check. */
  revoked: boolean;
};

export type PublishDecision = { ok: true; internal: string } | { ok: false; reason: string };

export type FeedLogger = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
};

export type FeedRegistryDeps = {
  repo: IngestRepo;
  liveDir: string;
  /** Where the packager reads a renamed publish (the engine's loopback play URL). */
  playUrl: (internal: string) => string;
  log: FeedLogger;
  now?: () => number;
  /** Replaceable in tests; the real one runs ffmpeg. */
  startPackager?: (opts: PackagerOptions) => Promise<Packager>;
  /** The angles on air of a show changed (an encoder came or went): its live mosaics follow. */
  onAirChange?: (slug: string, onAir: () => OnAirFeed[]) => void;
  /** End show, before its feeds stop: the live mosaics close first (their playlists end too). */
  onEndShow?: (slug: string) => Promise<void>;
  /** What else a run makes of each finished segment (a DASH show's CENC DASH), per publish. */
  segmentHook?: (feed: {
    slug: string;
    stream: string;
    mediaKeyId: string;
    mediaKey: string;
  }) => Promise<PackagerOptions['onSegment'] | undefined>;
};

const feedKey = (showId: number, stream: string) => `${showId}:${stream}`;

/**
 * The rungs packaged beside a pushed stream's source: the show's ladder, except for the 4K view, which
 * is passed through alone. A fan opens it to watch 2160p (the player starts it at its 4K level and
 * offers no Auto, viewing section 3), as the demo's single-rung 4K; scaling a 2160p feed down would
 * decode 4K for renditions nobody in that view is offered.
 */
const ladderOf = (stream: string, ladder: LadderRung[]): LadderRung[] =>
  stream === 'stream4k' ? [] : ladder;

/**
 * The encoders on air (one ingest node): who may publish, the packager of each publish, and the
 * figures and problems of every pushed stream. Keys are checked here, in constant time, and never
 * logged: a log line names the show and stream, never the key.
 */
export function createFeedRegistry(deps: FeedRegistryDeps) {
  const now = deps.now ?? Date.now;
  const start = deps.startPackager ?? startPackager;
  const active = new Map<string, Feed>();
  const byInternal = new Map<string, Feed>();
  const byKeyId = new Map<string, Feed>();
  /** A callback's name: the internal one, or (nginx-rtmp's on_update and on_publish_done) the key. */
  const feedOf = (name: string): Feed | undefined => {
    const internal = byInternal.get(name);
    if (internal) return internal;
    const parsed = parseStreamKey(name);
    return parsed ? byKeyId.get(parsed.keyId) : undefined;
  };
  const problems = new Map<string, { problem: FeedProblem; at: number }>();
  /**
   * The last run of each stream until it has written its index for the last time: an encoder that
   * left just before End show is released at once, but its run still adds its last segment, and
   * End show must mark the index ended after that write, not before it (it would be undone).
   */
  const lastRuns = new Map<string, Promise<void>>();
  const lastFigures = new Map<string, FeedFigures>();
  /** Every stream that has been pushed since start, until its show ends: what /metrics reports. */
  const pushed = new Map<string, { showId: number; slug: string; stream: string }>();

  const setProblem = (showId: number, stream: string, problem: FeedProblem) =>
    problems.set(feedKey(showId, stream), { problem, at: now() });

  /** The angles of a show on air now, where the engine plays them (the mosaics' inputs). */
  const onAirOf = (showId: number): OnAirFeed[] =>
    [...active.values()]
      .filter((f) => f.showId === showId && !f.revoked && f.packager !== null)
      .map((f) => ({
        stream: f.stream,
        input: deps.playUrl(f.internal),
        audio: f.packager?.figures().audioCodec != null,
      }));

  function release(feed: Feed): void {
    const key = feedKey(feed.showId, feed.stream);
    const wasActive = active.get(key) === feed;
    if (wasActive) active.delete(key);
    byInternal.delete(feed.internal);
    if (byKeyId.get(feed.keyId) === feed) byKeyId.delete(feed.keyId);
    if (feed.packager) lastFigures.set(key, feed.packager.figures());
    if (wasActive) deps.onAirChange?.(feed.slug, () => onAirOf(feed.showId));
  }

  /** Publishes no show has the key of (a typo, an old key): counted for the hosts, never logged. */
  let unknown: { count: number; lastAt: number; app: string; hint: string } | null = null;
  const unknownKey = (name: string, app: string | undefined) => {
    unknown = {
      count: (unknown?.count ?? 0) + 1,
      lastAt: now(),
      app: (app ?? '').slice(0, 64),
      // The last 4 characters only, and none of a short name (it could be most of a key).
      hint: name.length >= 12 ? name.slice(-4) : '',
    };
  };

  function health(showId: number, stream: string, slug?: string, label?: string | null): AngleHealth {
    const key = feedKey(showId, stream);
    const feed = active.get(key);
    const f = feed?.packager?.figures() ?? lastFigures.get(key) ?? null;
    const t = now();
    const seen = problems.get(key);
    const problem = seen && (feed === undefined || t - seen.at < PROBLEM_SHOWN_MS) ? seen : null;
    const connected = feed !== undefined && !feed.revoked && (f?.connected ?? true);
    const age = f?.lastFrameAt != null ? t - f.lastFrameAt : null;
    return {
      stream,
      connected,
      // Healthy: frames arrive and the picture is on the origin (a source segment is packaged, which
      // sets the bitrate), so a fan entering at Go live finds a playlist, not a 404.
      healthy: connected && age !== null && age < STALE_FRAME_MS && f?.bitrateKbps != null,
      problem: problem?.problem ?? null,
      problem_at: problem ? new Date(problem.at).toISOString() : null,
      bitrate_kbps: f?.bitrateKbps ?? null,
      frame_rate: f?.frameRate ?? null,
      width: f?.width ?? null,
      height: f?.height ?? null,
      video_codec: f?.videoCodec ?? null,
      audio_codec: f?.audioCodec ?? null,
      keyframe_interval_s: f?.keyframeInterval ?? null,
      last_frame_age_ms: age,
      dropped_frames: f?.droppedFrames ?? null,
      connected_since: connected && f?.connectedSince ? new Date(f.connectedSince).toISOString() : null,
      label: label ?? null,
      bitrate_history: connected ? (f?.bitrateHistory ?? []) : [],
      received_fps: connected ? (f?.receivedFps ?? null) : null,
      encoder_speed: connected ? (f?.speed ?? null) : null,
      behind_ms: connected ? (f?.behindMs ?? null) : null,
      audio_present: f?.audioPresent ?? null,
      audio_level_db: f?.audioLevelDb ?? null,
      thumbnail_url: slug && f?.thumbnail ? feedThumbnailPath(slug, stream) : null,
      thumbnail_at: f?.thumbnailAt ? new Date(f.thumbnailAt).toISOString() : null,
      issues: feedIssues({
        connected,
        nominalFps: f?.frameRate ?? null,
        lastFrameAgeMs: age,
        measure: {
          receivedFps: f?.receivedFps ?? null,
          speed: f?.speed ?? null,
          behindMs: f?.behindMs ?? null,
          bitrateKbps: f?.bitrateKbps ?? null,
          history: [],
        },
        keyframeIntervalS: f?.keyframeInterval ?? null,
        audioPresent: f?.audioPresent ?? null,
        audioLevelDb: f?.audioLevelDb ?? null,
      }),
    };
  }

  return {
    /** on_publish: the key must be a stream key of a show still on, and its stream not on air. */
    async authorizePublish(name: string, app?: string): Promise<PublishDecision> {
      // The publish moment as the engine reports it: the show clock of this run (show-clock.ts).
      const publishedAt = now();
      const parsed = parseStreamKey(name);
      if (!parsed) {
        unknownKey(name, app);
        deps.log.warn({}, 'publish refused: not a stream key');
        return { ok: false, reason: 'not a stream key' };
      }
      const row = await deps.repo.streamByKeyId(parsed.keyId);
      if (!row) {
        unknownKey(name, app);
        deps.log.warn({}, 'publish refused: no show has this stream key');
        return { ok: false, reason: 'unknown key' };
      }
      if (!secretMatches(parsed.secret, row.key_hash)) {
        setProblem(row.show_id, row.stream, 'wrong_key');
        deps.log.warn({ slug: row.slug, stream: row.stream }, 'publish refused: wrong stream key');
        return { ok: false, reason: 'wrong key' };
      }
      if (row.state === 'ended' || row.state === 'replay' || row.state === null) {
        return { ok: false, reason: 'the show has ended' };
      }
      const key = feedKey(row.show_id, row.stream);
      if (active.has(key)) {
        setProblem(row.show_id, row.stream, 'key_in_use');
        deps.log.warn({ slug: row.slug, stream: row.stream }, 'publish refused: the key is in use');
        return { ok: false, reason: 'key in use' };
      }
      const feed: Feed = {
        keyId: row.key_id,
        showId: row.show_id,
        slug: row.slug,
        stream: row.stream,
        internal: `f${randomBytes(10).toString('hex')}`,
        packager: null,
        revoked: false,
      };
      active.set(key, feed);
      pushed.set(key, { showId: row.show_id, slug: row.slug, stream: row.stream });
      byInternal.set(feed.internal, feed);
      byKeyId.set(feed.keyId, feed);
      problems.delete(key);
      try {
        const onSegment = await deps.segmentHook?.({
          slug: row.slug,
          stream: row.stream,
          mediaKeyId: row.media_key_id,
          mediaKey: row.media_key,
        });
        feed.packager = await start({
          onSegment,
          input: deps.playUrl(feed.internal),
          liveDir: deps.liveDir,
          slug: row.slug,
          stream: row.stream,
          ladder: ladderOf(row.stream, (row.ladder ?? []) as LadderRung[]),
          mediaKey: Buffer.from(row.media_key, 'hex'),
          iv: Buffer.from(row.media_iv.replace(/^0x/, ''), 'hex'),
          log: deps.log,
          now,
          publishedAt: publishedAt + row.sync_offset_ms,
          onExit: (problem) => {
            if (problem) setProblem(feed.showId, feed.stream, problem);
            // Without its packager a feed reaches no one: drop the encoder so it can reconnect.
            feed.revoked = true;
            release(feed);
          },
        });
        const run = feed.packager.done;
        lastRuns.set(key, run);
        const forget = () => {
          if (lastRuns.get(key) === run) lastRuns.delete(key);
        };
        run.then(forget, forget);
      } catch (err) {
        release(feed);
        deps.log.warn({ err, slug: row.slug, stream: row.stream }, 'live packager did not start');
        setProblem(row.show_id, row.stream, 'packager_failed');
        return { ok: false, reason: 'packager failed' };
      }
      deps.log.info({ slug: row.slug, stream: row.stream }, 'encoder on air');
      deps.onAirChange?.(row.slug, () => onAirOf(row.show_id));
      return { ok: true, internal: feed.internal };
    },

    /** on_update: false drops the publish (rotated key, ended show, refused feed). */
    mayContinue(name: string): boolean {
      const feed = feedOf(name);
      return feed !== undefined && !feed.revoked;
    },

    /** on_publish_done: the encoder left (or was dropped). */
    async publishDone(name: string): Promise<void> {
      const feed = feedOf(name);
      if (!feed) return;
      if (!feed.revoked) setProblem(feed.showId, feed.stream, 'encoder_lost');
      release(feed);
      await feed.packager?.stop({ end: false });
    },

    /** A rotated key: its publish stops at once (the packager now, the encoder at the next check). */
    async revoke(showId: number, stream: string, problem: FeedProblem): Promise<void> {
      const feed = active.get(feedKey(showId, stream));
      if (!feed) return;
      feed.revoked = true;
      setProblem(showId, stream, problem);
      release(feed);
      await feed.packager?.stop({ end: false });
    },

    /** End show: every stream's packager closes its last segment and its playlists end. */
    async endShow(showId: number, slug: string, streams: string[]): Promise<void> {
      await deps.onEndShow?.(slug);
      await Promise.all(
        streams.map(async (stream) => {
          const feed = active.get(feedKey(showId, stream));
          pushed.delete(feedKey(showId, stream));
          if (feed) {
            feed.revoked = true;
            release(feed);
            await feed.packager?.stop({ end: true });
          }
          await lastRuns.get(feedKey(showId, stream))?.catch(() => undefined);
          await markStreamEnded(deps.liveDir, slug, stream);
        }),
      );
    },

    /** The health panel's figures of one pushed stream (the control room draws them). */
    health,

    /** The angle's latest picture (JPEG), host-only; null before the first. */
    thumbnail(showId: number, stream: string): Buffer | null {
      const key = feedKey(showId, stream);
      return (active.get(key)?.packager?.figures() ?? lastFigures.get(key))?.thumbnail ?? null;
    },

    /** Refused publishes whose key no show has, on this node. */
    unknownKeys(): UnknownKeyAttempts | null {
      return unknown
        ? {
            count: unknown.count,
            last_at: new Date(unknown.lastAt).toISOString(),
            app: unknown.app,
            key_hint: unknown.hint,
          }
        : null;
    },

    /**
     * The health of every stream pushed to this node whose show has not ended, dropped encoders
     * included (connected false): operators' /metrics, where an angle that fell off air must show.
     */
    pushedHealth(): Array<AngleHealth & { slug: string }> {
      return [...pushed.values()].map((p) => ({ ...health(p.showId, p.stream), slug: p.slug }));
    },

    /** Stops every packager (the app is closing). */
    async close(): Promise<void> {
      const feeds = [...active.values()];
      for (const f of feeds) release(f);
      await Promise.all(feeds.map((f) => f.packager?.stop({ end: false })));
    },
  };
}

export type FeedRegistry = ReturnType<typeof createFeedRegistry>;
