import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** Light-stick totals per show (table wall_totals). */
export function createCheerRepo(db: Db) {
  return {
    /**
     * Adds each show's taps in one statement: concurrent nodes add, never overwrite. A show deleted
     * meanwhile is skipped (its taps go with it) rather than failing the other shows' sums.
     */
    async addTaps(deltas: ReadonlyMap<number, number>): Promise<void> {
      if (deltas.size === 0) return;
      const values = sql.join([...deltas].map(([showId, taps]) => sql`(${showId}::int, ${taps}::bigint)`));
      await sql`
        insert into wall_totals (show_id, lt_stk)
        select s.id, v.taps from (values ${values}) as v(show_id, taps) join shows s on s.id = v.show_id
        on conflict (show_id) do update
          set lt_stk = wall_totals.lt_stk + excluded.lt_stk, updated_at = now()`.execute(db);
    },

    async total(showId: number): Promise<number> {
      const row = await db
        .selectFrom('wall_totals')
        .select('lt_stk')
        .where('show_id', '=', showId)
        .executeTakeFirst();
      return row ? Number(row.lt_stk) : 0;
    },
  };
}

export type CheerRepo = ReturnType<typeof createCheerRepo>;
