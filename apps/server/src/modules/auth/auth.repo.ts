import type { Db } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';

/** What an emailed link does: verify the address, reset the password, or sign in (a step-up). */
export type EmailTokenPurpose = 'verify' | 'reset' | 'login';

export function createAuthRepo(db: Db) {
  return {
    async insertToken(userId: number, tokenHash: string, userAgent: string | null): Promise<void> {
      await db
        .insertInto('auth_tokens')
        .values({ user_id: userId, token_hash: tokenHash, user_agent: userAgent })
        .execute();
    },
    /**
     * The live tokens among `tokenHashes` with their users, by hash; tokens idle since before
     * `idleSince` or revoked are absent. One query for a whole batch of doors-open requests.
     */
    async findSessions(
      tokenHashes: readonly string[],
      idleSince: Date,
    ): Promise<Map<string, { tokenId: number; lastUsedAt: Date; user: UserRow }>> {
      const found = new Map<string, { tokenId: number; lastUsedAt: Date; user: UserRow }>();
      if (tokenHashes.length === 0) return found;
      const rows = await db
        .selectFrom('auth_tokens as t')
        .innerJoin('users as u', 'u.id', 't.user_id')
        .selectAll('u')
        .select(['t.id as token_id', 't.token_hash', 't.last_used_at as token_last_used_at'])
        .where('t.token_hash', 'in', tokenHashes)
        .where('t.revoked_at', 'is', null)
        .where('t.last_used_at', '>', idleSince)
        .execute();
      for (const { token_id, token_hash, token_last_used_at, ...user } of rows) {
        found.set(token_hash, { tokenId: token_id, lastUsedAt: new Date(token_last_used_at), user });
      }
      return found;
    },
    async touchTokens(tokenIds: readonly number[]): Promise<void> {
      if (tokenIds.length === 0) return;
      await db
        .updateTable('auth_tokens')
        .set({ last_used_at: new Date() })
        .where('id', 'in', tokenIds)
        .execute();
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
      purpose: EmailTokenPurpose,
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
    /** True when this browser (its device cookie's hash) logged in to the account before. */
    async isKnownDevice(userId: number, deviceHash: string): Promise<boolean> {
      const row = await db
        .selectFrom('login_devices')
        .select('id')
        .where('user_id', '=', userId)
        .where('device_hash', '=', deviceHash)
        .executeTakeFirst();
      return row !== undefined;
    },
    async rememberDevice(userId: number, deviceHash: string): Promise<void> {
      await db
        .insertInto('login_devices')
        .values({ user_id: userId, device_hash: deviceHash })
        .onConflict((oc) => oc.columns(['user_id', 'device_hash']).doUpdateSet({ last_used_at: new Date() }))
        .execute();
    },
    /** Marks a valid, unused, unexpired link used and answers its user id; undefined otherwise. */
    async consumeEmailToken(
      purpose: EmailTokenPurpose,
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
