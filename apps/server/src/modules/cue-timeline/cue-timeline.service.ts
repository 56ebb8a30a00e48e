import {
  type Alert,
  CUE_AT_BOUNDS_MS,
  type CueStamp,
  type CueTimeline,
  FAN_DISTANCE,
  isTimedCue,
} from '@encore/contract';
import type { UserRow } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { ShowsService } from '../shows/shows.service.ts';
import type { CueRow, CueTimelineRepo } from './cue-timeline.repo.ts';

const stampOf = (row: CueRow): CueStamp => ({ id: row.id, at: row.at.toISOString() });

/**
 * The cue timeline (issue 27, cue-timeline-rules.ts): a show-wide timed cue is stored with the
 * show-clock moment it takes effect: the program date of the picture arriving from the stage as the
 * host sends it (the pushed show's edge; the wall clock for the demo loop, whose segments the origin
 * dates by it). A host may place a cue at another moment (a light-stick track for a later song),
 * within CUE_AT_BOUNDS_MS of now.
 */
export function createCueTimelineService(deps: {
  repo: CueTimelineRepo;
  shows: Pick<ShowsService, 'bySlug'>;
  /** Ticket holders and hosts (the chat's readers) may report a distance. */
  mayReadShow: (user: UserRow, slug: string) => Promise<boolean>;
  /** A pushed show's show-clock edge (ms): the program date of the newest frame; null without one. */
  showClockEdge?: (slug: string) => Promise<number | null>;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());

  async function showOf(slug: string) {
    const show = await deps.shows.bySlug(slug);
    if (!show) throw new AppError('NOT_FOUND', 404, 'This show could not be found.');
    return show;
  }

  return {
    /**
     * The moment a cue takes effect, checked before anything is published: 400 for a moment outside
     * the bounds, or a moment given to a cue that is not timed (the chat switch, a cue for one fan).
     */
    async momentOf(slug: string, alert: Alert, at: string | undefined): Promise<Date | null> {
      if (!isTimedCue(alert)) {
        if (at !== undefined)
          throw new AppError(
            'BAD_REQUEST',
            400,
            'Only a show-wide overlay, slate or light-stick cue takes a moment.',
          );
        return null;
      }
      const t = now();
      if (at === undefined) {
        // The picture arriving from the stage now: the edge of a pushed show, else the clock itself
        // (the demo loop's segments are dated by the origin's clock).
        const edge = await deps.showClockEdge?.(slug).catch(() => null);
        return edge != null && edge <= t.getTime() ? new Date(edge) : t;
      }
      const ms = Date.parse(at);
      if (ms < t.getTime() - CUE_AT_BOUNDS_MS.back || ms > t.getTime() + CUE_AT_BOUNDS_MS.ahead) {
        throw new AppError('BAD_REQUEST', 400, 'A cue may be placed from 30 s ago to 6 hours ahead.');
      }
      return new Date(ms);
    },

    async stamp(showId: number, alert: Alert, at: Date, sentBy: number): Promise<CueStamp> {
      return stampOf(await deps.repo.insert(showId, at, alert, sentBy));
    },

    /** GET /thor/host/shows/{slug}/cue-timeline */
    async hostTimeline(slug: string, limit: number): Promise<CueTimeline> {
      const show = await showOf(slug);
      const t = now();
      const [rows, d] = await Promise.all([
        deps.repo.latest(show.row.id, limit),
        deps.repo.distances(show.row.id, new Date(t.getTime() - FAN_DISTANCE.freshMs)),
      ]);
      const int = (v: number | null) => (v === null ? null : Math.round(Number(v)));
      return {
        cues: rows.map((r) => ({ ...stampOf(r), sent_at: r.sent_at.toISOString(), alert: r.alert })),
        distances: {
          reporting: Number(d.reporting),
          median_ms: int(d.median_ms),
          p95_ms: int(d.p95_ms),
          max_ms: int(d.max_ms),
        },
        now: t.toISOString(),
      };
    },

    /** POST /thor/shows/{slug}/distance/ */
    async reportDistance(user: UserRow, slug: string, behindMs: number): Promise<void> {
      const show = await showOf(slug);
      if (!(await deps.mayReadShow(user, slug)))
        throw new AppError(
          'NO_TICKET',
          403,
          'You need a ticket for this show. Validate your ticket to enter.',
        );
      await deps.repo.reportDistance(show.row.id, user.id, behindMs, now());
    },
  };
}

export type CueTimelineService = ReturnType<typeof createCueTimelineService>;

/**
 * The origin's reader: a show's timeline by slug, kept per node for half a second, so a million
 * players' playlist reloads are two queries a second per show.
 */
export function createCueReader(deps: {
  repo: Pick<CueTimelineRepo, 'all'>;
  showIdOf: (slug: string) => Promise<number | null>;
  ttlMs?: number;
}) {
  const ttl = deps.ttlMs ?? 500;
  const cache = new Map<string, { at: number; rows: Promise<CueRow[]> }>();
  return (slug: string): Promise<CueRow[]> => {
    const hit = cache.get(slug);
    if (hit && Date.now() - hit.at < ttl) return hit.rows;
    const rows = deps.showIdOf(slug).then((id) => (id === null ? [] : deps.repo.all(id)));
    cache.set(slug, { at: Date.now(), rows });
    if (cache.size > 1000) cache.delete(cache.keys().next().value as string);
    return rows.catch((err: unknown) => {
      cache.delete(slug);
      throw err;
    });
  };
}
