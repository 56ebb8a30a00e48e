import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database, NewUser, UserRow } from '../../db/schema.ts';
import { isReservedUsername, usernameSkeleton } from './username-skeleton.ts';

type Exec = Db | Transaction<Database>;

export function createUsersRepo(db: Db) {
  return {
    findById(id: number, tx: Exec = db): Promise<UserRow | undefined> {
      return tx.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },
    findByEmail(email: string, tx: Exec = db): Promise<UserRow | undefined> {
      return tx.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
    },
    /**
     * Taken when it is reserved, or when any other account's name has the same confusable skeleton
     * (issue 12): `dеmohost` with a Cyrillic е is taken by demohost. One query on a unique index.
     */
    async usernameTaken(username: string, exceptUserId: number | null, tx: Exec = db): Promise<boolean> {
      if (isReservedUsername(username)) return true;
      let q = tx.selectFrom('users').select('id').where('username_skeleton', '=', usernameSkeleton(username));
      if (exceptUserId !== null) q = q.where('id', '<>', exceptUserId);
      return (await q.executeTakeFirst()) !== undefined;
    },
    insert(user: NewUser, tx: Exec = db): Promise<UserRow> {
      return tx.insertInto('users').values(withSkeleton(user)).returningAll().executeTakeFirstOrThrow();
    },
    updateUsername(id: number, username: string, tx: Exec = db): Promise<UserRow | undefined> {
      return tx
        .updateTable('users')
        .set({ username, username_skeleton: usernameSkeleton(username), updated_at: new Date() })
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

/** A new account row with its username's skeleton: every insert into users goes through this. */
export function withSkeleton(user: NewUser): NewUser {
  return { ...user, username_skeleton: usernameSkeleton(user.username) };
}

/**
 * A concurrent sign-up or rename won the name, or a name that looks like it: either unique index
 * (lower(username), or the confusable skeleton) answers as "already in use".
 */
export function isUsernameConflict(err: unknown): boolean {
  return (
    isUniqueViolation(err, 'users_username_key') || isUniqueViolation(err, 'users_username_skeleton_key')
  );
}
