import type { ReplayTrim, ReplayTrimBody } from '@encore/contract';
import type { ShowBroadcastRow } from '../../db/schema.ts';
import { AppError, notFound } from '../../errors.ts';
import type { LiveIndexReader } from '../../media/live-index.ts';
import type { ReplayWindow } from '../../media/replay-window.ts';
import type { ShowsRepo } from '../shows/shows.repo.ts';
import type { IngestRepo } from './ingest.repo.ts';
import type { ReplayRepo } from './replay.repo.ts';

/**
 * The replay on the show clock (issue 27, docs/media.md "The replay on the show clock"): one window
 * for every stream of an ended live-ingest show, Go live to End show unless the host trimmed it. The
 * origin asks for it on every replay playlist (cached for a second per node); the host reads and
 * trims it in the control room. Nothing is re-encoded: the playlists list the segments inside it.
 */
export type ReplayServiceDeps = {
  ingest: IngestRepo;
  replay: ReplayRepo;
  shows: ShowsRepo;
  indexes: LiveIndexReader;
  now?: () => number;
  ttlMs?: number;
};

const notIngest = () =>
  new AppError('INGEST_NOT_ENABLED', 409, 'This show does not take live ingest: turn it on first.');
const notReady = () =>
  new AppError('REPLAY_NOT_READY', 409, 'The replay is made at End show: trim it once the show has ended.');
const invalid = (field: 'start_at' | 'end_at', message: string) =>
  new AppError('REPLAY_TRIM_INVALID', 400, message, { field });

type Span = { start: number; end: number };
const iso = (ms: number) => new Date(ms).toISOString();
/** A show-clock moment as the host reads it: the time of day, UTC, to the tenth of a second. */
const clock = (ms: number) => `${iso(ms).slice(11, 21)} UTC`;

export function createReplayService(deps: ReplayServiceDeps) {
  const now = deps.now ?? Date.now;
  const ttl = deps.ttlMs ?? 1000;

  /** The recording of every pushed or composed stream of the show: first segment to last end. */
  async function recordingOf(slug: string, showId: number): Promise<Span | null> {
    const streams = await deps.ingest.streamsOf(showId);
    let start = Number.POSITIVE_INFINITY;
    let end = Number.NEGATIVE_INFINITY;
    for (const { stream } of streams) {
      const index = await deps.indexes.get(slug, stream);
      for (const rung of index?.rungs ?? []) {
        const first = rung.segments[0];
        const last = rung.segments.at(-1);
        if (!first || !last) continue;
        start = Math.min(start, first.pdt);
        end = Math.max(end, last.pdt + last.dur * 1000);
      }
    }
    return Number.isFinite(start) ? { start, end } : null;
  }

  /** The window of a broadcast over its recording: the trim where set, else Go live and End show. */
  function windowOf(b: ShowBroadcastRow, rec: Span): ReplayWindow {
    return {
      start: b.replay_start?.getTime() ?? b.live_at?.getTime() ?? rec.start,
      end: b.replay_end?.getTime() ?? b.ended_at?.getTime() ?? rec.end,
    };
  }

  const ended = (b: ShowBroadcastRow) => b.state === 'ended' || b.state === 'replay';

  async function load(slug: string) {
    const show = await deps.shows.findBySlug(slug);
    if (!show) throw notFound('No such show.');
    const b = await deps.ingest.broadcastOf(show.id);
    if (!b) throw notIngest();
    return { show, b };
  }

  function present(slug: string, b: ShowBroadcastRow, rec: Span): ReplayTrim {
    const w = windowOf(b, rec);
    return {
      slug,
      version: b.replay_version,
      start_at: iso(w.start),
      end_at: iso(w.end),
      start_trimmed: b.replay_start !== null,
      end_trimmed: b.replay_end !== null,
      live_at: b.live_at?.toISOString() ?? null,
      ended_at: b.ended_at?.toISOString() ?? null,
      recording_start_at: iso(rec.start),
      recording_end_at: iso(rec.end),
    };
  }

  const cache = new Map<string, { at: number; window: Promise<ReplayWindow | null> }>();

  return {
    /** The origin's question (null: not an ended live-ingest show, or nothing recorded). */
    window(slug: string): Promise<ReplayWindow | null> {
      const t = now();
      const hit = cache.get(slug);
      if (hit && t - hit.at < ttl) return hit.window;
      const window = (async () => {
        const show = await deps.shows.findBySlug(slug);
        const b = show ? await deps.ingest.broadcastOf(show.id) : undefined;
        if (!show || !b || !ended(b)) return null;
        const rec = await recordingOf(slug, show.id);
        return rec && windowOf(b, rec);
      })();
      window.catch(() => cache.delete(slug));
      cache.set(slug, { at: t, window });
      return window;
    },

    async get(slug: string): Promise<ReplayTrim> {
      const { show, b } = await load(slug);
      const rec = ended(b) ? await recordingOf(slug, show.id) : null;
      if (!rec) throw notReady();
      return present(slug, b, rec);
    },

    async set(slug: string, body: ReplayTrimBody): Promise<ReplayTrim> {
      const { show, b } = await load(slug);
      const rec = ended(b) ? await recordingOf(slug, show.id) : null;
      if (!rec) throw notReady();
      const start = body.start_at === null ? null : Date.parse(body.start_at);
      const end = body.end_at === null ? null : Date.parse(body.end_at);
      const range = `from ${clock(rec.start)} to ${clock(rec.end)}`;
      if (start !== null && (start < rec.start || start >= rec.end)) {
        throw invalid('start_at', `The replay must start within the recording (${range}).`);
      }
      if (end !== null && (end <= rec.start || end > rec.end)) {
        throw invalid('end_at', `The replay must end within the recording (${range}).`);
      }
      const w = windowOf(
        {
          ...b,
          replay_start: start === null ? null : new Date(start),
          replay_end: end === null ? null : new Date(end),
        },
        rec,
      );
      if (w.start >= w.end) throw invalid('end_at', 'The replay must end after it starts.');
      if (body.version !== b.replay_version) {
        throw new AppError(
          'REPLAY_STALE',
          409,
          'The replay was trimmed since you read it: reload, then trim again.',
          {
            field: 'version',
            current_version: b.replay_version,
          },
        );
      }
      const saved = await deps.replay.setTrim(
        show.id,
        { start: start === null ? null : new Date(start), end: end === null ? null : new Date(end) },
        body.version,
      );
      if (!saved) {
        const current = (await deps.ingest.broadcastOf(show.id))?.replay_version ?? body.version;
        throw new AppError(
          'REPLAY_STALE',
          409,
          'The replay was trimmed since you read it: reload, then trim again.',
          {
            field: 'version',
            current_version: current,
          },
        );
      }
      cache.delete(slug);
      return present(slug, saved, rec);
    },
  };
}
export type ReplayService = ReturnType<typeof createReplayService>;
