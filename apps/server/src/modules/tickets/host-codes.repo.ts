import type { Db } from '../../db/database.ts';

export type CodeFilter = {
  showId: number;
  q?: string | undefined;
  vendor?: string | undefined;
  state: 'all' | 'redeemed' | 'open' | 'revoked';
};

/** The control room's SQL over a show's booking codes and tickets (issue 13). */
export function createHostCodesRepo(db: Db) {
  function filtered(f: CodeFilter) {
    let q = db
      .selectFrom('booking_codes')
      .leftJoin('users', 'users.id', 'booking_codes.redeemed_by')
      .where('booking_codes.show_id', '=', f.showId);
    if (f.q) {
      // Codes are stored uppercased and emails lowercased: one prefix probe each.
      const text = f.q.trim();
      q = q.where((eb) =>
        eb.or([
          eb('booking_codes.code', 'like', `${escapeLike(text.toUpperCase())}%`),
          eb('booking_codes.email', 'like', `${escapeLike(text.toLowerCase())}%`),
        ]),
      );
    }
    if (f.vendor) q = q.where('booking_codes.vendor', '=', f.vendor);
    if (f.state === 'redeemed') q = q.where('booking_codes.redeemed_by', 'is not', null);
    if (f.state === 'open') {
      q = q.where('booking_codes.redeemed_by', 'is', null).where('booking_codes.revoked_at', 'is', null);
    }
    if (f.state === 'revoked') q = q.where('booking_codes.revoked_at', 'is not', null);
    return q;
  }

  const columns = [
    'booking_codes.id',
    'booking_codes.code',
    'booking_codes.email',
    'booking_codes.vendor',
    'booking_codes.attributes',
    'booking_codes.redeemed_by',
    'booking_codes.redeemed_at',
    'booking_codes.revoked_at',
    'booking_codes.created_at',
    'users.username',
  ] as const;

  return {
    async page(f: CodeFilter, limit: number, offset: number) {
      const [rows, count] = await Promise.all([
        filtered(f).select(columns).orderBy('booking_codes.id').limit(limit).offset(offset).execute(),
        filtered(f)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirst(),
      ]);
      return { rows, total: Number(count?.n ?? 0) };
    },

    /** Every matching code, in id order, `batch` at a time (the CSV export streams them). */
    async *all(f: CodeFilter, batch = 1000) {
      let after = 0;
      for (;;) {
        const rows = await filtered(f)
          .select(columns)
          .where('booking_codes.id', '>', after)
          .orderBy('booking_codes.id')
          .limit(batch)
          .execute();
        if (rows.length === 0) return;
        yield rows;
        after = rows[rows.length - 1]?.id ?? after;
      }
    },

    async vendors(showId: number): Promise<string[]> {
      const rows = await db
        .selectFrom('booking_codes')
        .select('vendor')
        .distinct()
        .where('show_id', '=', showId)
        .orderBy('vendor')
        .execute();
      return rows.map((r) => r.vendor);
    },

    userByUsername(username: string) {
      return db
        .selectFrom('users')
        .select(['id', 'username'])
        .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
        .executeTakeFirst();
    },

    findCode(showId: number, code: string) {
      return db
        .selectFrom('booking_codes')
        .selectAll()
        .where('show_id', '=', showId)
        .where('code', '=', code)
        .executeTakeFirst();
    },

    /**
     * Revokes a code (if not yet) and removes the ticket it gave or the fan's ticket; the ticket's
     * open device sessions end first (their rows then go with the ticket). One transaction.
     */
    revoke(
      target: { showId: number; codeId: number | null; userId: number | null },
      at: Date,
    ): Promise<{ revokedAt: Date; ticketRemoved: boolean; sessionsEnded: number }> {
      return db.transaction().execute(async (tx) => {
        let revokedAt = at;
        if (target.codeId !== null) {
          const row = await tx
            .updateTable('booking_codes')
            .set((eb) => ({ revoked_at: eb.fn.coalesce('revoked_at', eb.val(at)) }))
            .where('id', '=', target.codeId)
            .returning('revoked_at')
            .executeTakeFirstOrThrow();
          revokedAt = row.revoked_at ?? at;
        }
        if (target.userId === null) return { revokedAt, ticketRemoved: false, sessionsEnded: 0 };
        let ticketQuery = tx
          .selectFrom('tickets')
          .select('id')
          .where('user_id', '=', target.userId)
          .where('show_id', '=', target.showId);
        // A code revokes only the ticket it gave (an upgrade bought later stays).
        if (target.codeId !== null) ticketQuery = ticketQuery.where('booking_code_id', '=', target.codeId);
        const ticket = await ticketQuery.executeTakeFirst();
        if (!ticket) return { revokedAt, ticketRemoved: false, sessionsEnded: 0 };
        const ended = await tx
          .updateTable('device_sessions')
          .set({ ended_at: at, end_reason: 'logout' })
          .where('ticket_id', '=', ticket.id)
          .where('ended_at', 'is', null)
          .returning('id')
          .execute();
        await tx.deleteFrom('tickets').where('id', '=', ticket.id).execute();
        return { revokedAt, ticketRemoved: true, sessionsEnded: ended.length };
      });
    },
  };
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export type HostCodesRepo = ReturnType<typeof createHostCodesRepo>;
