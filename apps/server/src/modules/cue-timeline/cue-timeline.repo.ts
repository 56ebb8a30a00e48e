import type { Alert } from '@encore/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export type CueRow = { id: string; at: Date; alert: Alert; sent_at: Date };

/** The SQL of the cue timeline (cue_timeline) and of the fans' reported distances (fan_distances). */
export function createCueTimelineRepo(db: Db) {
  const toRow = (r: { id: string; at: Date; alert: unknown; sent_at: Date }): CueRow => ({
    id: String(r.id),
    at: r.at,
    alert: r.alert as Alert,
    sent_at: r.sent_at,
  });
  return {
    async insert(showId: number, at: Date, alert: Alert, sentBy: number | null): Promise<CueRow> {
      const row = await db
        .insertInto('cue_timeline')
        .values({ show_id: showId, at, kind: alert.type, alert: JSON.stringify(alert), sent_by: sentBy })
        .returning(['id', 'at', 'alert', 'sent_at'])
        .executeTakeFirstOrThrow();
      return toRow(row);
    },

    /** Every cue of a show in time order (a concert has tens to hundreds). */
    async all(showId: number): Promise<CueRow[]> {
      const rows = await db
        .selectFrom('cue_timeline')
        .select(['id', 'at', 'alert', 'sent_at'])
        .where('show_id', '=', showId)
        .orderBy('at')
        .orderBy('id')
        .execute();
      return rows.map(toRow);
    },

    /** The latest cues sent, newest first (the control room's list). */
    async latest(showId: number, limit: number): Promise<CueRow[]> {
      const rows = await db
        .selectFrom('cue_timeline')
        .select(['id', 'at', 'alert', 'sent_at'])
        .where('show_id', '=', showId)
        .orderBy('sent_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map(toRow);
    },

    async reportDistance(showId: number, userId: number, behindMs: number, at: Date): Promise<void> {
      const values = { behind_ms: behindMs, reported_at: at };
      await db
        .insertInto('fan_distances')
        .values({ show_id: showId, user_id: userId, ...values })
        .onConflict((oc) => oc.columns(['show_id', 'user_id']).doUpdateSet(values))
        .execute();
    },

    /** Median, 95th percentile and largest distance of the fans who reported since `since`. */
    async distances(showId: number, since: Date) {
      const row = await db
        .selectFrom('fan_distances')
        .select([
          sql<number>`count(*)::int`.as('reporting'),
          sql<number | null>`percentile_disc(0.5) within group (order by behind_ms)`.as('median_ms'),
          sql<number | null>`percentile_disc(0.95) within group (order by behind_ms)`.as('p95_ms'),
          sql<number | null>`max(behind_ms)`.as('max_ms'),
        ])
        .where('show_id', '=', showId)
        .where('reported_at', '>=', since)
        .executeTakeFirstOrThrow();
      return row;
    },
  };
}

export type CueTimelineRepo = ReturnType<typeof createCueTimelineRepo>;
