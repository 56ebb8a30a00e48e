import type { Alert } from '@encore/contract';
import type { Db } from '../../db/database.ts';

/**
 * The last show-wide cue of each kind (table show_cues), and the fans a host turned chat off for: a
 * per-fan chat off is a chat restriction of moderation (chat_restrictions, kind chat_off).
 */
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

    muted(showId: number) {
      return db
        .selectFrom('chat_restrictions')
        .innerJoin('users', 'users.id', 'chat_restrictions.user_id')
        .select(['users.username', 'chat_restrictions.created_at'])
        .where('chat_restrictions.show_id', '=', showId)
        .where('chat_restrictions.kind', '=', 'chat_off')
        .orderBy('chat_restrictions.created_at')
        .execute();
    },
  };
}

export type CuesRepo = ReturnType<typeof createCuesRepo>;
