import type { TicketAttributes } from '@encore/contract';
import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { BookingCodeKind, BookingCodeRow, Database, TicketSource } from '../../db/schema.ts';

type Exec = Db | Transaction<Database>;

/** Rows per INSERT of an import: about 100k rows per second in batches of 1,000 (DESIGN.md section 9). */
const INSERT_BATCH = 1000;
/** Codes per `= any(...)` probe of an import. */
const PROBE_BATCH = 5000;

export type NewCode = {
  code: string;
  email: string;
  vendor: string;
  attributes: TicketAttributes;
  kind: BookingCodeKind;
};

export function createTicketsRepo(db: Db) {
  return {
    transaction<T>(fn: (tx: Transaction<Database>) => Promise<T>): Promise<T> {
      return db.transaction().execute(fn);
    },

    /** The doors-open hot path: one probe of the (user_id, show_id) unique index. */
    findTicket(userId: number, showId: number, tx: Exec = db) {
      return tx
        .selectFrom('tickets')
        .select(['id', 'attributes', 'source', 'booking_code_id'])
        .where('user_id', '=', userId)
        .where('show_id', '=', showId)
        .executeTakeFirst();
    },

    /** The tickets of many (user, show) pairs in one query, in the order asked (undefined: none). */
    async findTickets(pairs: readonly { userId: number; showId: number }[]) {
      if (pairs.length === 0) return [];
      const { rows } = await sql<{
        user_id: number;
        show_id: number;
        id: number;
        attributes: TicketAttributes;
      }>`
        select t.user_id, t.show_id, t.id, t.attributes
        from unnest(${pairs.map((p) => p.userId)}::int[], ${pairs.map((p) => p.showId)}::int[]) as q(user_id, show_id)
        join tickets t on t.user_id = q.user_id and t.show_id = q.show_id
      `.execute(db);
      const byPair = new Map(rows.map((r) => [`${r.user_id}:${r.show_id}`, r]));
      return pairs.map((p) => byPair.get(`${p.userId}:${p.showId}`));
    },

    findCode(showId: number, code: string, tx: Exec = db): Promise<BookingCodeRow | undefined> {
      return (
        tx
          .selectFrom('booking_codes')
          .selectAll()
          .where('show_id', '=', showId)
          .where('code', '=', code)
          // A code revoked in the control room is as good as none.
          .where('revoked_at', 'is', null)
          .executeTakeFirst()
      );
    },

    /**
     * Binds a code to a user only if nobody holds it yet: of two concurrent redeemers exactly one
     * updates the row; the other waits for its lock, re-checks the condition and updates nothing.
     */
    async redeemCode(codeId: number, userId: number, at: Date, tx: Exec = db): Promise<boolean> {
      const row = await tx
        .updateTable('booking_codes')
        .set({ redeemed_by: userId, redeemed_at: at })
        .where('id', '=', codeId)
        .where('redeemed_by', 'is', null)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    codeHolder(codeId: number, tx: Exec = db): Promise<number | null | undefined> {
      return tx
        .selectFrom('booking_codes')
        .select('redeemed_by')
        .where('id', '=', codeId)
        .executeTakeFirst()
        .then((r) => r?.redeemed_by);
    },

    /** The fan's ticket for the show; one a fan already holds is replaced (an upgrade). */
    async upsertTicket(
      t: {
        userId: number;
        showId: number;
        source: TicketSource;
        bookingCodeId: number | null;
        attributes: TicketAttributes;
      },
      tx: Exec = db,
    ): Promise<void> {
      const values = {
        source: t.source,
        booking_code_id: t.bookingCodeId,
        attributes: JSON.stringify(t.attributes),
      };
      await tx
        .insertInto('tickets')
        .values({ user_id: t.userId, show_id: t.showId, ...values })
        .onConflict((oc) =>
          oc.columns(['user_id', 'show_id']).doUpdateSet({ ...values, updated_at: new Date() }),
        )
        .execute();
    },

    /** Which of these codes the show already has. */
    async existingCodes(showId: number, codes: readonly string[], tx: Exec = db): Promise<Set<string>> {
      const found = new Set<string>();
      for (let i = 0; i < codes.length; i += PROBE_BATCH) {
        const rows = await tx
          .selectFrom('booking_codes')
          .select('code')
          .where('show_id', '=', showId)
          .where('code', 'in', codes.slice(i, i + PROBE_BATCH))
          .execute();
        for (const r of rows) found.add(r.code);
      }
      return found;
    },

    async insertCodes(showId: number, codes: readonly NewCode[], tx: Exec = db): Promise<void> {
      for (let i = 0; i < codes.length; i += INSERT_BATCH) {
        await tx
          .insertInto('booking_codes')
          .values(
            codes.slice(i, i + INSERT_BATCH).map((c) => ({
              show_id: showId,
              code: c.code,
              email: c.email,
              vendor: c.vendor,
              attributes: JSON.stringify(c.attributes),
              kind: c.kind,
            })),
          )
          .execute();
      }
    },
  };
}

export type TicketsRepo = ReturnType<typeof createTicketsRepo>;
