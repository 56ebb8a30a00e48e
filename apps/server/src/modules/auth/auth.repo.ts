import type { Db } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';

export function createAuthRepo(db: Db) {
  return {
    async insertToken(userId: number, tokenHash: string, userAgent: string | null): Promise<void> {
      await db
        .insertInto('auth_tokens')
        .values({ user_id: userId, token_hash: tokenHash, user_agent: userAgent })
        .execute();
    },
    /** The live token and its user; tokens idle longer than maxIdle are no longer valid. */
    async findSession(
      tokenHash: string,
      idleSince: Date,
    ): Promise<{ tokenId: number; lastUsedAt: Date; user: UserRow } | undefined> {
      const row = await db
        .selectFrom('auth_tokens as t')
        .innerJoin('users as u', 'u.id', 't.user_id')
        .selectAll('u')
        .select(['t.id as token_id', 't.last_used_at as token_last_used_at'])
        .where('t.token_hash', '=', tokenHash)
        .where('t.revoked_at', 'is', null)
        .where('t.last_used_at', '>', idleSince)
        .executeTakeFirst();
      if (!row) return undefined;
      const { token_id, token_last_used_at, ...user } = row;
      return { tokenId: token_id, lastUsedAt: new Date(token_last_used_at), user };
    },
    async touchToken(tokenId: number): Promise<void> {
      await db
        .updateTable('auth_tokens')
        .set({ last_used_at: new Date() })
        .where('id', '=', tokenId)
        .execute();
    },
    async revokeToken(tokenId: number): Promise<void> {
      await db.updateTable('auth_tokens').set({ revoked_at: new Date() }).where('id', '=', tokenId).execute();
    },
    async revokeAllTokens(userId: number): Promise<void> {
      await db
        .updateTable('auth_tokens')
        .set({ revoked_at: new Date() })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .execute();
    },
    async insertEmailToken(
      userId: number,
      purpose: 'verify' | 'reset',
      tokenHash: string,
      expiresAt: Date,
    ): Promise<void> {
      // A new link replaces the older unused ones of the same purpose.
      await db
        .updateTable('email_tokens')
        .set({ used_at: new Date() })
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .execute();
      await db
        .insertInto('email_tokens')
        .values({ user_id: userId, purpose, token_hash: tokenHash, expires_at: expiresAt })
        .execute();
    },
    /** Marks a valid, unused, unexpired link used and answers its user id; undefined otherwise. */
    async consumeEmailToken(
      purpose: 'verify' | 'reset',
      tokenHash: string,
      now: Date,
    ): Promise<number | undefined> {
      const row = await db
        .updateTable('email_tokens')
        .set({ used_at: now })
        .where('token_hash', '=', tokenHash)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning('user_id')
        .executeTakeFirst();
      return row?.user_id;
    },
  };
}

export type AuthRepo = ReturnType<typeof createAuthRepo>;
