import { randomBytes } from 'node:crypto';
import {
  type BroadcastState,
  type BroadcastStatus,
  doorsOpenAt,
  type EnableIngestBody,
  type EnableIngestResponse,
  fanStatusOf,
  type GoLiveBody,
  INGEST_STREAM_RE,
  liveStreamUrl,
  type RotatedKey,
  reairingAt,
  type Show,
  type ShowStatus,
  showChannel,
  showStateChannel,
} from '@encore/contract';
import type { ShowBroadcastRow, ShowRow } from '../../db/schema.ts';
import { AppError, notFound } from '../../errors.ts';
import type { Bus } from '../../realtime/bus.ts';
import { presentShow } from '../shows/shows.presenter.ts';
import type { ShowsRepo } from '../shows/shows.repo.ts';
import type { FeedRegistry } from './feeds.ts';
import type { IngestRepo, StoredState } from './ingest.repo.ts';
import { makeStreamKey } from './stream-keys.ts';

const notIngest = () =>
  new AppError('INGEST_NOT_ENABLED', 409, 'This show does not take live ingest: turn it on first.');
const alreadyLive = () => new AppError('ALREADY_LIVE', 409, 'The show is already live.');
const showEnded = () => new AppError('SHOW_ENDED', 409, 'The show has ended.');
const notLive = () => new AppError('NOT_LIVE', 409, 'The show is not live: press Go live first.');
const doorsNotOpen = (at: Date) =>
  new AppError(
    'DOORS_NOT_OPEN',
    409,
    `The doors open at ${at.toISOString()}: fans could not enter a live show yet. Go live with the doors opened now, or wait for them.`,
  );
const noHealthyFeed = () =>
  new AppError(
    'NO_HEALTHY_FEED',
    409,
    'No angle is on air with a healthy picture: push at least one angle, then press Go live.',
  );

/** The streams an encoder pushes for a show: its angles, and its fan wall and 4K when it has them. */
export function pushedStreamsOf(show: Show): string[] {
  const angles = show.pips.sinks.map((s) => `mix-stream${s.id}`);
  const extra = ['fanwall-stream', 'stream4k'].filter((s) => show.streams[s] !== undefined);
  return [...angles, ...extra].filter((s) => INGEST_STREAM_RE.test(s));
}

/**
 * The show as a live-ingest show: every pushed stream plays from the live origin, and its mosaics
 * too, composed live from the pushed angles (mosaic.ts) on the same layout; its caption languages
 * stay, as the live captions hosts post (docs/media.md 2.3.1), each stream's own subtitle rendition.
 */
export const liveDashUrl = (slug: string, stream: string) => `/media/live/${slug}/${stream}/dash/live.mpd`;

/** The mosaics a show has (and a layout for): composed live from its angles (mosaic.ts). */
export function composedStreamsOf(show: Show): string[] {
  return (['4', '6'] as const)
    .filter((m) => show.streams[`streampips${m}`] !== undefined && show.pips.mview?.[m] !== undefined)
    .map((m) => `streampips${m}`);
}

/** The angle's name from Setup (pips.sinks), null for the fan wall and 4K. */
function labelOf(show: Show, stream: string): string | null {
  const id = /^mix-stream(\d+)$/.exec(stream)?.[1];
  return show.pips.sinks.find((s) => String(s.id) === id)?.label ?? null;
}

const isComposed = (stream: string) => /^streampips\d$/.test(stream);

export function asIngestShow(show: Show): Show {
  const pushed = [...pushedStreamsOf(show), ...composedStreamsOf(show)];
  // A stream the show played as DASH plays the live CENC DASH of its pushed feed (dash-packager.ts).
  const streams = Object.fromEntries(
    pushed.map((s) => [
      s,
      {
        hls: { url: liveStreamUrl(show.slug, s) },
        ...(show.streams[s]?.dash ? { dash: { url: liveDashUrl(show.slug, s) } } : {}),
      },
    ]),
  );
  // The layouts of the mosaics composed live stay (mosaic.ts draws their tiles at these boxes).
  const mview = Object.fromEntries(
    Object.entries(show.pips.mview ?? {}).filter(([m]) => pushed.includes(`streampips${m}`)),
  );
  const { mview: _mview, ...rest } = show.pips;
  const pips = Object.keys(mview).length > 0 ? { ...rest, mview } : rest;
  const base = pushed.includes(show.base_video) ? show.base_video : (pushed[0] ?? show.base_video);
  return {
    ...show,
    streams,
    pips,
    caption_files: show.caption_files.map((c) => ({
      ...c,
      url: `/media/live/${show.slug}/${base}/captions/${c.language}/live.m3u8`,
    })),
    base_video: base,
  };
}

export type BroadcastDeps = {
  repo: IngestRepo;
  shows: ShowsRepo;
  feeds: FeedRegistry;
  bus: Bus;
  rtmpUrl: string;
  log: { warn(obj: object, msg: string): void };
  now?: () => number;
  /** How long a node trusts its copy of the stored states (fan-facing status). */
  statesCacheMs?: number;
};

/**
 * The broadcast lifecycle of live-ingest shows (issue 11): scheduled -> doors open (the show's times)
 * -> live (Go live, when an angle is healthy) -> ended (End show: playlists end) -> replay (the
 * recording is closed and plays on demand). Each change is published on `show-<slug>`.
 */
export function createBroadcastService(deps: BroadcastDeps) {
  const now = deps.now ?? Date.now;
  let states: { at: number; map: Promise<Map<number, StoredState>> } | null = null;

  function stateOf(stored: StoredState, show: Show): BroadcastState {
    if (stored !== 'pending') return stored;
    return now() >= doorsOpenAt(show).getTime() ? 'doors_open' : 'scheduled';
  }

  async function showOf(slug: string): Promise<ShowRow> {
    const row = await deps.shows.findBySlug(slug);
    if (!row) throw notFound('No such show.');
    return row;
  }

  async function ingestOf(slug: string): Promise<{ row: ShowRow; show: Show; b: ShowBroadcastRow }> {
    const row = await showOf(slug);
    const b = await deps.repo.broadcastOf(row.id);
    if (!b) throw notIngest();
    return { row, show: presentShow(row), b };
  }

  async function status(row: ShowRow, b: ShowBroadcastRow): Promise<BroadcastStatus> {
    const show = presentShow(row);
    const streams = (await deps.repo.streamsOf(row.id)).filter((s) => !isComposed(s.stream));
    return {
      slug: row.slug,
      state: stateOf(b.state, show),
      live_at: b.live_at?.toISOString() ?? null,
      ended_at: b.ended_at?.toISOString() ?? null,
      rtmp_url: deps.rtmpUrl,
      ladder: b.ladder,
      keys: streams.map((s) => ({
        stream: s.stream,
        key_hint: s.key_hint,
        created_at: s.key_created_at.toISOString(),
        sync_offset_ms: s.sync_offset_ms,
      })),
      angles: streams.map((s) => deps.feeds.health(row.id, s.stream, row.slug, labelOf(show, s.stream))),
      show_status: fanStatusAt(b.state, show),
      unknown_keys: deps.feeds.unknownKeys(),
    };
  }

  /** What fans are told of an ingest show in `stored` state: re-airings after the end follow their clock. */
  function fanStatusAt(stored: StoredState, show: Show): ShowStatus {
    if (stored === 'ended' || stored === 'replay') {
      const reairing = reairingAt(show, new Date(now()));
      if (reairing) return now() >= reairing.start ? 'live' : 'open';
    }
    return fanStatusOf(stateOf(stored, show));
  }

  async function storedStates(): Promise<Map<number, StoredState>> {
    const t = now();
    if (!states || t - states.at >= (deps.statesCacheMs ?? 1000)) {
      const map = deps.repo.allStates().then((rows) => new Map(rows.map((r) => [r.show_id, r.state])));
      states = { at: t, map };
      map.catch(() => {
        states = null;
      });
    }
    return states.map;
  }

  /**
   * The broadcast of a show whose streams play from the live origin. A show whose streams were set
   * back to other sources (the demo seed re-times its shows at each start) plays those: its clock
   * decides again.
   */
  async function liveStateOf(showId: number, show: Show): Promise<StoredState | undefined> {
    const stored = (await storedStates()).get(showId);
    const fed = Object.values(show.streams).some((s) => s.hls.url.startsWith(`/media/live/${show.slug}/`));
    return stored === undefined || !fed ? undefined : stored;
  }

  async function announce(slug: string, state: BroadcastState): Promise<void> {
    states = null;
    const event = { kind: 'broadcast', slug, state } as const;
    await deps.bus.publish(showChannel(slug), event);
    await deps.bus.publish(showStateChannel(slug), event);
  }

  const rotated = (stream: string, key: ReturnType<typeof makeStreamKey>, at: Date): RotatedKey => ({
    stream,
    key: key.key,
    key_hint: key.hint,
    rtmp_url: deps.rtmpUrl,
    created_at: at.toISOString(),
  });

  return {
    /** PUT .../ingest/: idempotent; keys are made for streams that have none, and shown this once. */
    async enable(slug: string, body: EnableIngestBody): Promise<EnableIngestResponse> {
      const row = await showOf(slug);
      const show = asIngestShow(presentShow(row));
      await deps.shows.upsertBySlug(show);
      await deps.repo.enable(row.id, body.ladder);
      const newKeys: RotatedKey[] = [];
      const at = new Date(now());
      for (const stream of Object.keys(show.streams)) {
        const key = makeStreamKey();
        const made = await deps.repo.insertStreamIfMissing({
          show_id: row.id,
          stream,
          key_id: key.keyId,
          key_hash: key.hash,
          key_hint: key.hint,
          media_key_id: randomBytes(8).toString('hex'),
          media_key: randomBytes(16).toString('hex'),
          media_iv: `0x${randomBytes(16).toString('hex')}`,
        });
        // A mosaic's row holds its media keys; its stream key is never shown, so nobody pushes it.
        if (made && !isComposed(stream)) newKeys.push(rotated(stream, key, at));
      }
      const fresh = await ingestOf(slug);
      states = null;
      return { status: await status(fresh.row, fresh.b), new_keys: newKeys };
    },

    async status(slug: string): Promise<BroadcastStatus> {
      const { row, b } = await ingestOf(slug);
      return status(row, b);
    },

    /** POST .../keys/{stream}/rotate/: the old key stops at once, its publish included. */
    async rotate(slug: string, stream: string): Promise<RotatedKey> {
      const { row } = await ingestOf(slug);
      if (isComposed(stream)) throw notFound('This show has no such pushed stream.');
      const key = makeStreamKey();
      const at = new Date(now());
      const updated = await deps.repo.rotateKey(row.id, stream, key, at);
      if (!updated) throw notFound('This show has no such pushed stream.');
      await deps.feeds.revoke(row.id, stream, 'key_rotated');
      return rotated(stream, key, at);
    },

    /** GET .../streams/{stream}/thumbnail: the angle's latest picture (JPEG), 404 before the first. */
    async thumbnail(slug: string, stream: string): Promise<Buffer> {
      const { row } = await ingestOf(slug);
      const jpeg = deps.feeds.thumbnail(row.id, stream);
      if (!jpeg) throw notFound('This angle has no picture yet.');
      return jpeg;
    },

    /** PUT .../streams/{stream}/sync/: the angle's sync offset, from its next publish. */
    async setSyncOffset(slug: string, stream: string, ms: number): Promise<BroadcastStatus> {
      const { row, b } = await ingestOf(slug);
      const updated = await deps.repo.setSyncOffset(row.id, stream, ms);
      if (!updated) throw notFound('This show has no such pushed stream.');
      return status(row, b);
    },

    /** POST .../go-live/: before the doors, only with open_doors (they open now, with it). */
    async goLive(slug: string, body: GoLiveBody = null): Promise<BroadcastStatus> {
      const { row, show, b } = await ingestOf(slug);
      if (b.state === 'live') throw alreadyLive();
      if (b.state !== 'pending') throw showEnded();
      const streams = await deps.repo.streamsOf(row.id);
      if (!streams.some((s) => deps.feeds.health(row.id, s.stream).healthy)) throw noHealthyFeed();
      const at = new Date(now());
      const doors = doorsOpenAt(show);
      if (doors.getTime() > at.getTime()) {
        if (!body?.open_doors) throw doorsNotOpen(doors);
        // Fans' entry follows the show's doors (tickets, devices): they open now, with the broadcast.
        await deps.shows.openDoorsAt(row.id, at);
      }
      const moved = await deps.repo.transition(row.id, ['pending'], 'live', at);
      if (!moved) throw alreadyLive();
      await announce(slug, 'live');
      return status(await showOf(slug), moved);
    },

    /**
     * POST .../end/: live playlists end at once; the recording becomes the replay when every
     * packager has closed its last segment (a few seconds, in the background).
     */
    async end(slug: string): Promise<BroadcastStatus> {
      const { row, b } = await ingestOf(slug);
      if (b.state === 'pending') throw notLive();
      if (b.state !== 'live') throw showEnded();
      const moved = await deps.repo.transition(row.id, ['live'], 'ended', new Date(now()));
      if (!moved) throw showEnded();
      await announce(slug, 'ended');
      const streams = (await deps.repo.streamsOf(row.id)).map((s) => s.stream);
      void deps.feeds
        .endShow(row.id, slug, streams)
        .then(async () => {
          await deps.repo.transition(row.id, ['ended'], 'replay', new Date(now()));
          await announce(slug, 'replay');
        })
        .catch((err: unknown) => deps.log.warn({ err, slug }, 'the recording was not closed'));
      return status(row, moved);
    },

    /** The fan-facing Channel status of an ingest show; undefined for a demo (clock-driven) show. */
    async fanStatus(showId: number, show: Show): Promise<ShowStatus | undefined> {
      const stored = await liveStateOf(showId, show);
      return stored === undefined ? undefined : fanStatusAt(stored, show);
    },

    /** The host's list and show read the same truth; a save of an ingest show keeps its live streams. */
    link: {
      async stateOf(showId: number, show: Show) {
        const stored = await liveStateOf(showId, show);
        if (stored === undefined) return undefined;
        return { state: stateOf(stored, show), status: fanStatusAt(stored, show) };
      },
      async keepLive(showId: number, show: Show): Promise<Show> {
        return (await deps.repo.broadcastOf(showId)) ? asIngestShow(show) : show;
      },
    },
  };
}

export type BroadcastService = ReturnType<typeof createBroadcastService>;
