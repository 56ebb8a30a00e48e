import type { Db } from '../../db/database.ts';
import type { StoredToss } from '../hangs/hangs.repo.ts';

/** The SQL of the chat replay: a show's delivered tosses in a window of send times. */
export function createChatReplayRepo(db: Db) {
  return {
    /**
     * Tosses of every hang of the show with from <= send_time < to (after the toss `after` of the
     * instant `from`, when given), in (send_time, id) order, at most `limit`.
     * Held tosses never reached other fans, so they are not part of the replay; each hang's range
     * is read through tosses_hang_time_idx.
     */
    async tossesBetween(
      showId: number,
      window: { from: Date; to: Date; after?: string | undefined },
      limit: number,
    ): Promise<StoredToss[]> {
      const { from, to, after } = window;
      return db
        .selectFrom('tosses')
        .innerJoin('hangs', 'hangs.id', 'tosses.hang_id')
        .innerJoin('users', 'users.id', 'tosses.user_id')
        .select([
          'tosses.id',
          'tosses.hang_id',
          'tosses.user_id',
          'users.username',
          'tosses.toss_type',
          'tosses.toss_text',
          'tosses.sticker_id',
          'tosses.sticker_image',
          'tosses.send_time',
        ])
        .where('hangs.show_id', '=', showId)
        .where('tosses.held_reason', 'is', null)
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
        .execute();
    },
  };
}

export type ChatReplayRepo = ReturnType<typeof createChatReplayRepo>;
