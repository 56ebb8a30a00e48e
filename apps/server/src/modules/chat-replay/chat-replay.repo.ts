import type { Db } from '../../db/database.ts';
import { STORED_TOSS_COLUMNS, type StoredToss } from '../hangs/hangs.repo.ts';

/** The SQL of the chat replay: a show's delivered tosses in a window of send times. */
export function createChatReplayRepo(db: Db) {
  return {
    /**
     * Tosses of every hang of the show with from <= send_time < to (after the toss `after` of the
     * instant `from`, when given), in (send_time, id) order, at most `limit`.
     * Held tosses never reached other fans and deleted ones were taken back, so neither is part of it; each hang's range
     * is read through tosses_hang_time_idx.
     */
    async tossesBetween(
      showId: number,
      window: { from: Date; to: Date; after?: string | undefined },
      limit: number,
    ): Promise<StoredToss[]> {
      const { from, to, after } = window;
      return (
        db
          .selectFrom('tosses')
          .innerJoin('hangs', 'hangs.id', 'tosses.hang_id')
          .innerJoin('users', 'users.id', 'tosses.user_id')
          .select(STORED_TOSS_COLUMNS)
          .where('hangs.show_id', '=', showId)
          .where('tosses.held_reason', 'is', null)
          // Deleted by a moderator: hidden from the replay as from every live screen.
          .where('tosses.deleted_at', 'is', null)
          .where((eb) =>
            after === undefined
              ? eb('tosses.send_time', '>=', from)
              : eb.or([
                  eb('tosses.send_time', '>', from),
                  eb.and([eb('tosses.send_time', '=', from), eb('tosses.id', '>', after)]),
                ]),
          )
          .where('tosses.send_time', '<', to)
          .orderBy('tosses.send_time', 'asc')
          .orderBy('tosses.id', 'asc')
          .limit(limit)
          .execute()
      );
    },
  };
}

export type ChatReplayRepo = ReturnType<typeof createChatReplayRepo>;
