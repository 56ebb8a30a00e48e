import type { Alert } from '@encore/contract';
import type { Db } from '../../db/database.ts';

/** The last show-wide cue of each kind (table show_cues) and the fans with chat off (show_chat_mutes). */
export function createCuesRepo(db: Db) {
  return {
    async save(showId: number, alert: Alert, at: Date): Promise<void> {
      const values = { alert: JSON.stringify(alert), updated_at: at };
      await db
        .insertInto('show_cues')
        .values({ show_id: showId, cue: alert.type, ...values })
        .onConflict((oc) => oc.columns(['show_id', 'cue']).doUpdateSet(values))
        .execute();
    },

    list(showId: number) {
      return db
        .selectFrom('show_cues')
        .select(['alert', 'updated_at'])
        .where('show_id', '=', showId)
        .orderBy('cue')
        .execute();
    },

    async clearMuted(showId: number): Promise<void> {
      await db.deleteFrom('show_chat_mutes').where('show_id', '=', showId).execute();
    },

    muted(showId: number) {
      return db
        .selectFrom('show_chat_mutes')
        .innerJoin('users', 'users.id', 'show_chat_mutes.user_id')
        .select(['users.username', 'show_chat_mutes.created_at'])
        .where('show_chat_mutes.show_id', '=', showId)
        .orderBy('show_chat_mutes.created_at')
        .execute();
    },
  };
}

export type CuesRepo = ReturnType<typeof createCuesRepo>;
