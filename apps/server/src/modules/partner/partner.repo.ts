import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database, NewUser, UserRow } from '../../db/schema.ts';
import { withSkeleton } from '../users/users.repo.ts';

export function createPartnerRepo(db: Db) {
  return {
    transaction<T>(fn: (tx: Transaction<Database>) => Promise<T>): Promise<T> {
      return db.transaction().execute(fn);
    },
    findUserByPartnerId(partnerId: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('partner_id', '=', partnerId).executeTakeFirst();
    },
    async insertSignup(partnerId: string, tempHash: string, expiresAt: Date): Promise<void> {
      await db
        .insertInto('partner_signups')
        .values({ partner_id: partnerId, temp_code_hash: tempHash, expires_at: expiresAt })
        .execute();
    },
    findSignup(tempHash: string, now: Date) {
      return db
        .selectFrom('partner_signups')
        .select(['id', 'partner_id'])
        .where('temp_code_hash', '=', tempHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
    },
    async consumeSignup(id: number, now: Date, tx: Transaction<Database>): Promise<boolean> {
      const row = await tx
        .updateTable('partner_signups')
        .set({ used_at: now })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },
    insertUser(user: NewUser, tx: Transaction<Database>): Promise<UserRow> {
      return tx.insertInto('users').values(withSkeleton(user)).returningAll().executeTakeFirstOrThrow();
    },
  };
}

export type PartnerRepo = ReturnType<typeof createPartnerRepo>;
