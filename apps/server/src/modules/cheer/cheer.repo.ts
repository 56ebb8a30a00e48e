import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** Light-stick totals per show (table wall_totals). */
export function createCheerRepo(db: Db) {
  return {
    /** Adds each show's taps in one statement: concurrent nodes add, never overwrite. */
    async addTaps(deltas: ReadonlyMap<number, number>): Promise<void> {
      if (deltas.size === 0) return;
      await db
        .insertInto('wall_totals')
        .values([...deltas].map(([show_id, lt_stk]) => ({ show_id, lt_stk })))
        .onConflict((oc) =>
          oc.column('show_id').doUpdateSet({
            lt_stk: sql`wall_totals.lt_stk + excluded.lt_stk`,
            updated_at: sql`now()`,
          }),
        )
        .execute();
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
