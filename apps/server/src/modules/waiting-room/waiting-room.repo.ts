import type { WaitingRoomSettings } from '@encore/contract';
import type { Db } from '../../db/database.ts';
import type { RoomCounters } from './admission.ts';

/** The host's settings of each show's waiting room, and a single node's saved lines. */
export function createWaitingRoomRepo(db: Db) {
  return {
    async settings(showId: number): Promise<WaitingRoomSettings | null> {
      const row = await db
        .selectFrom('waiting_rooms')
        .select(['rate_per_second', 'max_active', 'policy', 'paused', 'prequeue_minutes'])
        .where('show_id', '=', showId)
        .executeTakeFirst();
      return row ? { ...row, rate_per_second: Number(row.rate_per_second) } : null;
    },

    async save(showId: number, s: WaitingRoomSettings): Promise<void> {
      const values = { ...s, updated_at: new Date() };
      await db
        .insertInto('waiting_rooms')
        .values({ show_id: showId, ...values })
        .onConflict((oc) => oc.column('show_id').doUpdateSet(values))
        .execute();
    },

    /** A single node's lines of a show, by window (doors, ms), as saveCounters left them. */
    async counters(showId: number): Promise<Record<string, RoomCounters>> {
      const row = await db
        .selectFrom('waiting_rooms')
        .select('counters')
        .where('show_id', '=', showId)
        .executeTakeFirst();
      return (row?.counters ?? {}) as Record<string, RoomCounters>;
    },

    /** Merges lines into the show's row, made with `defaults` when the host never saved settings. */
    async saveCounters(
      showId: number,
      lines: Record<string, RoomCounters>,
      defaults: WaitingRoomSettings,
    ): Promise<void> {
      const merged = JSON.stringify({ ...(await this.counters(showId)), ...lines });
      await db
        .insertInto('waiting_rooms')
        .values({ show_id: showId, ...defaults, counters: merged })
        .onConflict((oc) => oc.column('show_id').doUpdateSet({ counters: merged }))
        .execute();
    },
  };
}

export type WaitingRoomRepo = ReturnType<typeof createWaitingRoomRepo>;
