import type { Db } from '../../db/database.ts';
import type { ChatRestrictionKind } from '../../db/schema.ts';
import { STORED_TOSS_COLUMNS, type StoredToss } from '../hangs/hangs.repo.ts';

export type RestrictionRow = {
  user_id: number;
  username: string;
  kind: ChatRestrictionKind;
  until: Date | null;
  created_at: Date;
};

export type ShowTossRow = StoredToss & {
  held_reason: 'profanity' | 'chat_disabled' | 'blocked_term' | 'restricted' | null;
  deleted_at: Date | null;
  suffix: string;
};

export type AuditRow = {
  id: string;
  actor_username: string;
  actor_role: string;
  action: string;
  target: string | null;
  detail: string;
  created_at: Date;
};

export type NewAudit = {
  showId: number | null;
  actorId: number;
  actorUsername: string;
  actorRole: 'host' | 'moderator';
  action: string;
  target: string | null;
  detail: string;
  at: Date;
};

/** The SQL of moderators, chat restrictions, slow mode, blocked terms, the queue, reports and the audit log. */
export function createModerationRepo(db: Db) {
  const showTosses = (showId: number) =>
    db
      .selectFrom('tosses')
      .innerJoin('hangs', 'hangs.id', 'tosses.hang_id')
      .innerJoin('users', 'users.id', 'tosses.user_id')
      .select([...STORED_TOSS_COLUMNS, 'tosses.held_reason', 'tosses.deleted_at', 'hangs.suffix'])
      .where('hangs.show_id', '=', showId);

  return {
    /** A user by username, any case, with the role that decides whether they can be restricted. */
    async userByUsername(username: string) {
      return db
        .selectFrom('users')
        .select(['id', 'username', 'role'])
        .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
        .executeTakeFirst();
    },

    async isModerator(showId: number, userId: number): Promise<boolean> {
      const row = await db
        .selectFrom('show_moderators')
        .select('user_id')
        .where('show_id', '=', showId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Boolean(row);
    },

    async moderatedShowIds(userId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('show_moderators')
        .select('show_id')
        .where('user_id', '=', userId)
        .execute();
      return rows.map((r) => r.show_id);
    },

    async moderators(showId: number) {
      return db
        .selectFrom('show_moderators')
        .innerJoin('users', 'users.id', 'show_moderators.user_id')
        .select(['users.id as user_id', 'users.username', 'show_moderators.created_at'])
        .where('show_moderators.show_id', '=', showId)
        .orderBy('users.username')
        .execute();
    },

    async appoint(showId: number, userId: number, by: number, at: Date): Promise<void> {
      await db
        .insertInto('show_moderators')
        .values({ show_id: showId, user_id: userId, appointed_by: by, created_at: at })
        .onConflict((oc) => oc.columns(['show_id', 'user_id']).doNothing())
        .execute();
    },

    async dismiss(showId: number, userId: number): Promise<boolean> {
      const res = await db
        .deleteFrom('show_moderators')
        .where('show_id', '=', showId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(res.numDeletedRows) > 0;
    },

    /** Restrictions still in force at `at`, with the fan's username. */
    async activeRestrictions(showId: number, at: Date): Promise<RestrictionRow[]> {
      return db
        .selectFrom('chat_restrictions')
        .innerJoin('users', 'users.id', 'chat_restrictions.user_id')
        .select([
          'chat_restrictions.user_id',
          'users.username',
          'chat_restrictions.kind',
          'chat_restrictions.until',
          'chat_restrictions.created_at',
        ])
        .where('chat_restrictions.show_id', '=', showId)
        .where((eb) =>
          eb.or([eb('chat_restrictions.until', 'is', null), eb('chat_restrictions.until', '>', at)]),
        )
        .orderBy('chat_restrictions.created_at', 'desc')
        .execute();
    },

    async restrict(r: {
      showId: number;
      userId: number;
      kind: ChatRestrictionKind;
      until: Date | null;
      by: number;
      at: Date;
    }): Promise<void> {
      const values = { kind: r.kind, until: r.until, created_by: r.by, created_at: r.at };
      await db
        .insertInto('chat_restrictions')
        .values({ show_id: r.showId, user_id: r.userId, ...values })
        .onConflict((oc) => oc.columns(['show_id', 'user_id']).doUpdateSet(values))
        .execute();
    },

    async lift(showId: number, userId: number): Promise<boolean> {
      const res = await db
        .deleteFrom('chat_restrictions')
        .where('show_id', '=', showId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(res.numDeletedRows) > 0;
    },

    /** Lifts every host's per-fan chat off of a show (chat on for everyone); answers whose it was. */
    async liftChatOff(showId: number): Promise<number[]> {
      const rows = await db
        .deleteFrom('chat_restrictions')
        .where('show_id', '=', showId)
        .where('kind', '=', 'chat_off')
        .returning('user_id')
        .execute();
      return rows.map((r) => r.user_id);
    },

    async slowModeSeconds(showId: number): Promise<number> {
      const row = await db
        .selectFrom('show_chat_policies')
        .select('slow_mode_seconds')
        .where('show_id', '=', showId)
        .executeTakeFirst();
      return row?.slow_mode_seconds ?? 0;
    },

    async setSlowMode(showId: number, seconds: number, at: Date): Promise<void> {
      await db
        .insertInto('show_chat_policies')
        .values({ show_id: showId, slow_mode_seconds: seconds, updated_at: at })
        .onConflict((oc) => oc.column('show_id').doUpdateSet({ slow_mode_seconds: seconds, updated_at: at }))
        .execute();
    },

    async blockedTerms(showId: number): Promise<string[]> {
      const rows = await db
        .selectFrom('show_blocked_terms')
        .select('term')
        .where('show_id', '=', showId)
        .orderBy('term')
        .execute();
      return rows.map((r) => r.term);
    },

    async replaceBlockedTerms(showId: number, terms: readonly string[], at: Date): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('show_blocked_terms').where('show_id', '=', showId).execute();
        if (terms.length > 0) {
          await trx
            .insertInto('show_blocked_terms')
            .values(terms.map((term) => ({ show_id: showId, term, created_at: at })))
            .execute();
        }
      });
    },

    async tossOfShow(showId: number, tossId: string): Promise<ShowTossRow | undefined> {
      return showTosses(showId).where('tosses.id', '=', tossId).executeTakeFirst();
    },

    /** The show's latest delivered tosses across its hangs, newest first. */
    async recentOfShow(showId: number, limit: number): Promise<ShowTossRow[]> {
      return showTosses(showId)
        .where('tosses.held_reason', 'is', null)
        .where('tosses.deleted_at', 'is', null)
        .orderBy('tosses.send_time', 'desc')
        .limit(limit)
        .execute();
    },

    async markDeleted(tossId: string, at: Date): Promise<boolean> {
      const res = await db
        .updateTable('tosses')
        .set({ deleted_at: at })
        .where('id', '=', tossId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },

    /** Approve (publish: no longer held) or discard (stays held) a toss of the queue. */
    async review(tossId: string, approve: boolean, at: Date): Promise<void> {
      await db
        .updateTable('tosses')
        .set(approve ? { held_reason: null, reviewed_at: at } : { reviewed_at: at })
        .where('id', '=', tossId)
        .execute();
    },

    /** Held by a filter and unreviewed, or delivered and reported: the moderators' queue, oldest first. */
    async queue(showId: number, limit: number): Promise<Array<ShowTossRow & { reports: number }>> {
      const rows = await showTosses(showId)
        .leftJoin('toss_reports', (j) =>
          j.onRef('toss_reports.toss_id', '=', 'tosses.id').on('toss_reports.resolved_at', 'is', null),
        )
        .select((eb) => eb.fn.count<string>('toss_reports.reporter_id').as('reports'))
        .where('tosses.deleted_at', 'is', null)
        .where((eb) =>
          eb.or([
            eb.and([
              eb('tosses.held_reason', 'in', ['profanity', 'blocked_term']),
              eb('tosses.reviewed_at', 'is', null),
            ]),
            eb.and([eb('tosses.held_reason', 'is', null), eb('toss_reports.reporter_id', 'is not', null)]),
          ]),
        )
        .groupBy(['tosses.id', 'users.username', 'hangs.suffix'])
        .orderBy('tosses.send_time')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ ...r, reports: Number(r.reports) }));
    },

    async report(tossId: string, reporterId: number, at: Date): Promise<void> {
      await db
        .insertInto('toss_reports')
        .values({ toss_id: tossId, reporter_id: reporterId, created_at: at })
        .onConflict((oc) => oc.columns(['toss_id', 'reporter_id']).doUpdateSet({ resolved_at: null }))
        .execute();
    },

    async resolveReports(tossId: string, at: Date): Promise<void> {
      await db
        .updateTable('toss_reports')
        .set({ resolved_at: at })
        .where('toss_id', '=', tossId)
        .where('resolved_at', 'is', null)
        .execute();
    },

    async audit(e: NewAudit): Promise<void> {
      await db
        .insertInto('audit_log')
        .values({
          show_id: e.showId,
          actor_id: e.actorId,
          actor_username: e.actorUsername,
          actor_role: e.actorRole,
          action: e.action,
          target: e.target,
          detail: e.detail,
          created_at: e.at,
        })
        .execute();
    },

    /** The show's audit entries, newest first, before the id `before` when given. */
    async auditPage(showId: number, before: string | undefined, limit: number): Promise<AuditRow[]> {
      let q = db
        .selectFrom('audit_log')
        .select(['id', 'actor_username', 'actor_role', 'action', 'target', 'detail', 'created_at'])
        .where('show_id', '=', showId);
      if (before !== undefined) q = q.where('id', '<', before);
      const rows = await q.orderBy('id', 'desc').limit(limit).execute();
      return rows.map((r) => ({ ...r, id: String(r.id) }));
    },
  };
}

export type ModerationRepo = ReturnType<typeof createModerationRepo>;
