import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database, NewUser, UserRow } from '../../db/schema.ts';

type Exec = Db | Transaction<Database>;

export function createUsersRepo(db: Db) {
  return {
    findById(id: number, tx: Exec = db): Promise<UserRow | undefined> {
      return tx.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },
    findByEmail(email: string, tx: Exec = db): Promise<UserRow | undefined> {
      return tx.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
    },
    async usernameTaken(username: string, exceptUserId: number | null, tx: Exec = db): Promise<boolean> {
      let q = tx
        .selectFrom('users')
        .select('id')
        .where(sql<string>`lower(username)`, '=', username.toLowerCase());
      if (exceptUserId !== null) q = q.where('id', '<>', exceptUserId);
      return (await q.executeTakeFirst()) !== undefined;
    },
    insert(user: NewUser, tx: Exec = db): Promise<UserRow> {
      return tx.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
    },
    updateUsername(id: number, username: string, tx: Exec = db): Promise<UserRow | undefined> {
      return tx
        .updateTable('users')
        .set({ username, updated_at: new Date() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    },
    async setPassword(id: number, passwordHash: string, tx: Exec = db): Promise<void> {
      // Proving control of the mailbox through a reset link also verifies the address.
      await tx
        .updateTable('users')
        .set({ password_hash: passwordHash, email_verified: true, updated_at: new Date() })
        .where('id', '=', id)
        .execute();
    },
    async markEmailVerified(id: number, tx: Exec = db): Promise<void> {
      await tx
        .updateTable('users')
        .set({ email_verified: true, updated_at: new Date() })
        .where('id', '=', id)
        .execute();
    },
  };
}

export type UsersRepo = ReturnType<typeof createUsersRepo>;

/** Postgres unique-violation on the username index: a concurrent registration won the name. */
export function isUniqueViolation(err: unknown, index: string): boolean {
  const e = err as { code?: string; constraint?: string; message?: string } | null;
  return Boolean(e && e.code === '23505' && (e.constraint === index || e.message?.includes(index)));
}
