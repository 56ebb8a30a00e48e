import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database, NewUser, UserRow } from '../../db/schema.ts';
import { withSkeleton } from '../users/users.repo.ts';

type PhoneCodeRow = {
  id: number;
  phone_number: string;
  code_hash: string;
  expires_at: Date;
  attempts: number;
  verified_at: Date | null;
  created_at: Date;
};

export function createPhoneRepo(db: Db) {
  return {
    transaction<T>(fn: (tx: Transaction<Database>) => Promise<T>): Promise<T> {
      return db.transaction().execute(fn);
    },
    findUserByPhone(phone: string, tx: Db | Transaction<Database> = db): Promise<UserRow | undefined> {
      return tx.selectFrom('users').selectAll().where('phone_number', '=', phone).executeTakeFirst();
    },
    async insertCode(phone: string, codeHash: string, expiresAt: Date): Promise<number> {
      const row = await db
        .insertInto('phone_codes')
        .values({ phone_number: phone, code_hash: codeHash, expires_at: expiresAt })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    /** A code whose SMS could not be sent must not be guessable either. */
    async expireCode(id: number, now: Date): Promise<void> {
      await db.updateTable('phone_codes').set({ expires_at: now }).where('id', '=', id).execute();
    },
    /** Only the newest code of a number counts: asking for a new one retires the older ones. */
    async latestCode(phone: string): Promise<PhoneCodeRow | undefined> {
      const row = await db
        .selectFrom('phone_codes')
        .select(['id', 'phone_number', 'code_hash', 'expires_at', 'attempts', 'verified_at', 'created_at'])
        .where('phone_number', '=', phone)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row
        ? {
            ...row,
            expires_at: new Date(row.expires_at),
            verified_at: row.verified_at ? new Date(row.verified_at) : null,
            created_at: new Date(row.created_at),
          }
        : undefined;
    },
    /** Counts one try; undefined when the code's tries were already spent (checked and counted at once). */
    async countAttempt(id: number, maxAttempts: number): Promise<number | undefined> {
      const row = await db
        .updateTable('phone_codes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', id)
        .where('attempts', '<', maxAttempts)
        .returning('attempts')
        .executeTakeFirst();
      return row?.attempts;
    },
    /** Marks the code used (once: a second concurrent use finds it taken) and stores a temp code if any. */
    async markVerified(
      id: number,
      now: Date,
      temp: { hash: string; expiresAt: Date } | null,
    ): Promise<boolean> {
      const row = await db
        .updateTable('phone_codes')
        .set({
          verified_at: now,
          temp_code_hash: temp?.hash ?? null,
          temp_expires_at: temp?.expiresAt ?? null,
        })
        .where('id', '=', id)
        .where('verified_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },
    async findTemp(
      tempHash: string,
    ): Promise<
      | { id: number; phone_number: string; temp_expires_at: Date | null; temp_used_at: Date | null }
      | undefined
    > {
      const row = await db
        .selectFrom('phone_codes')
        .select(['id', 'phone_number', 'temp_expires_at', 'temp_used_at'])
        .where('temp_code_hash', '=', tempHash)
        .executeTakeFirst();
      return row
        ? {
            ...row,
            temp_expires_at: row.temp_expires_at ? new Date(row.temp_expires_at) : null,
            temp_used_at: row.temp_used_at ? new Date(row.temp_used_at) : null,
          }
        : undefined;
    },
    /** Uses the temp code once, inside the transaction that creates the account. */
    async consumeTemp(id: number, now: Date, tx: Transaction<Database>): Promise<boolean> {
      const row = await tx
        .updateTable('phone_codes')
        .set({ temp_used_at: now })
        .where('id', '=', id)
        .where('temp_used_at', 'is', null)
        .where('temp_expires_at', '>', now)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },
    insertUser(user: NewUser, tx: Transaction<Database>): Promise<UserRow> {
      return tx.insertInto('users').values(withSkeleton(user)).returningAll().executeTakeFirstOrThrow();
    },
  };
}

export type PhoneRepo = ReturnType<typeof createPhoneRepo>;
