import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { LiveCaptionsTable } from '../../db/schema.ts';

export type LiveCaptionRow = Selectable<LiveCaptionsTable>;

/** The SQL of live captions. */
export function createLiveCaptionsRepo(db: Db) {
  return {
    async insert(c: {
      showId: number;
      lang: string;
      text: string;
      start: Date;
      end: Date;
      postedBy: number;
    }): Promise<LiveCaptionRow> {
      return db
        .insertInto('live_captions')
        .values({
          show_id: c.showId,
          lang: c.lang,
          text: c.text,
          start_at: c.start,
          end_at: c.end,
          posted_by: c.postedBy,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /**
     * Lines of a language on screen at some moment of [from, to): a line starts before `to` and ends
     * after `from`. Lines last at most 10 s, so the start bound keeps the index range short.
     */
    async overlapping(showId: number, lang: string, from: Date, to: Date): Promise<LiveCaptionRow[]> {
      return db
        .selectFrom('live_captions')
        .selectAll()
        .where('show_id', '=', showId)
        .where('lang', '=', lang)
        .where('start_at', '>=', new Date(from.getTime() - 10_000))
        .where('start_at', '<', to)
        .where('end_at', '>', from)
        .orderBy('start_at')
        .orderBy('id')
        .execute();
    },

    /** The latest lines of a show (the control room's list), newest first. */
    async latest(showId: number, lang: string | undefined, limit: number): Promise<LiveCaptionRow[]> {
      let q = db.selectFrom('live_captions').selectAll().where('show_id', '=', showId);
      if (lang) q = q.where('lang', '=', lang);
      return q.orderBy('start_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
    },
  };
}

export type LiveCaptionsRepo = ReturnType<typeof createLiveCaptionsRepo>;
