import type { Db } from '../../db/database.ts';
import type { ShowBroadcastRow } from '../../db/schema.ts';

/** The replay's trim, stored on the show's broadcast (migration 0033). */
export function createReplayRepo(db: Db) {
  return {
    /** Sets the trim only when the stored version is `version`: two hosts saving at once make one change. */
    setTrim(
      showId: number,
      trim: { start: Date | null; end: Date | null },
      version: number,
    ): Promise<ShowBroadcastRow | undefined> {
      return db
        .updateTable('show_broadcasts')
        .set((eb) => ({
          replay_start: trim.start,
          replay_end: trim.end,
          replay_version: eb('replay_version', '+', 1),
          updated_at: new Date(),
        }))
        .where('show_id', '=', showId)
        .where('replay_version', '=', version)
        .returningAll()
        .executeTakeFirst();
    },
  };
}
export type ReplayRepo = ReturnType<typeof createReplayRepo>;
