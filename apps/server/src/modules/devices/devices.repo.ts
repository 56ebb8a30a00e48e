import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { DeviceEndReason, DeviceSessionRow } from '../../db/schema.ts';

export type NewSession = {
  id: string;
  userId: number;
  showId: number;
  ticketId: number;
  authTokenId: number | null;
  at: Date;
};
/** What one entry of a batch did: the sessions it replaced and its ticket's live devices after it. */
export type EntryOutcome = { kind: 'entered'; replaced: string[]; count: number } | { kind: 'no-ticket' };

type EntryRow = {
  kind: 'held' | 'ended' | 'new' | 'count';
  id: string | null;
  ticket_id: number;
  info: string | null;
};

/**
 * Spreads a batch's rows over its entries. Several entries of one ticket in one batch (devices
 * entering in the same instant) share its count; the sessions the batch replaced are told once, by
 * the ticket's last entry, and an entry replaced within its own batch is told as well.
 */
function outcomes(
  entries: readonly NewSession[],
  held: Set<number>,
  rows: readonly EntryRow[],
): EntryOutcome[] {
  const counts = new Map<number, number>();
  const replaced = new Map<number, string[]>();
  const add = (ticketId: number, id: string) =>
    replaced.set(ticketId, [...(replaced.get(ticketId) ?? []), id]);
  for (const r of rows) {
    if (r.kind === 'count') counts.set(r.ticket_id, Number(r.info));
    else if (r.id && r.info === 'replaced') add(r.ticket_id, r.id);
  }
  const lastOfTicket = new Map(entries.map((e, i) => [e.ticketId, i]));
  return entries.map((e, i): EntryOutcome => {
    if (!held.has(e.ticketId)) return { kind: 'no-ticket' };
    const mine = lastOfTicket.get(e.ticketId) === i ? (replaced.get(e.ticketId) ?? []) : [];
    return { kind: 'entered', replaced: mine, count: counts.get(e.ticketId) ?? 0 };
  });
}

/**
 * A PostgreSQL array literal of values that need no quoting (integers, uuids, ISO timestamps: no
 * spaces, commas, quotes, braces or backslashes). The driver would quote and escape each element of
 * a JavaScript array with a regular expression: six arrays of up to 256 entries per batch.
 */
function arrayLiteral(values: ReadonlyArray<string | number | null>): string {
  return `{${values.map((v) => (v === null ? 'NULL' : String(v))).join(',')}}`;
}

export type TicketDevices = { ticketId: number; userId: number; paidEventName: string; count: number };

export function createDevicesRepo(db: Db) {
  return {
    /**
     * The entries of a batch in one round trip (DEV-01, DEV-02), however many fans it holds: the
     * function encore_enter (migration 0023) locks the tickets in id order, ends the stale sessions
     * ('expired') and, per ticket, all but the newest `limit` live ones ('replaced'), and opens the
     * new ones, in its own transaction. Answers per entry the sessions it replaced and the ticket's
     * live count, or 'no-ticket' when the ticket is gone.
     */
    async enterMany(
      entries: readonly NewSession[],
      opts: { limit: number; seenSince: Date; at: Date },
    ): Promise<EntryOutcome[]> {
      const { rows } = await sql<EntryRow>`
        select kind, id, ticket_id, info from encore_enter(
          ${arrayLiteral(entries.map((e) => e.id))}::uuid[], ${arrayLiteral(entries.map((e) => e.userId))}::int[],
          ${arrayLiteral(entries.map((e) => e.showId))}::int[], ${arrayLiteral(entries.map((e) => e.ticketId))}::int[],
          ${arrayLiteral(entries.map((e) => e.authTokenId))}::int[],
          ${arrayLiteral(entries.map((e) => e.at.toISOString()))}::timestamptz[],
          ${opts.at.toISOString()}::timestamptz, ${opts.seenSince.toISOString()}::timestamptz, ${opts.limit}::int
        )
      `.execute(db);
      const held = new Set(rows.filter((r) => r.kind === 'held').map((r) => r.ticket_id));
      return outcomes(entries, held, rows);
    },

    /** Ends those still open; answers the ids this call ended (a racing end wins only once). */
    async end(ids: readonly string[], reason: DeviceEndReason, at: Date): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .updateTable('device_sessions')
        .set({ ended_at: at, end_reason: reason })
        .where('id', 'in', ids)
        .where('ended_at', 'is', null)
        .returning('id')
        .execute();
      return rows.map((r) => r.id);
    },

    find(id: string): Promise<DeviceSessionRow | undefined> {
      return db.selectFrom('device_sessions').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async touch(ids: readonly string[], at: Date): Promise<void> {
      if (ids.length === 0) return;
      await db
        .updateTable('device_sessions')
        .set({ last_seen_at: at })
        .where('id', 'in', ids)
        .where('ended_at', 'is', null)
        .execute();
    },

    /** Ends the open sessions a login opened (one token) or all of a user's (tokenId null). */
    async endForLogout(userId: number, tokenId: number | null, at: Date): Promise<number[]> {
      let q = db
        .updateTable('device_sessions')
        .set({ ended_at: at, end_reason: 'logout' })
        .where('user_id', '=', userId)
        .where('ended_at', 'is', null);
      if (tokenId !== null) q = q.where('auth_token_id', '=', tokenId);
      const rows = await q.returning('ticket_id').execute();
      return [...new Set(rows.map((r) => r.ticket_id))];
    },

    /** Live sessions (open and seen since `seenSince`) per ticket, with the show's paid event. */
    async liveCounts(ticketIds: readonly number[], seenSince: Date): Promise<TicketDevices[]> {
      if (ticketIds.length === 0) return [];
      const rows = await db
        .selectFrom('tickets as t')
        .innerJoin('shows as s', 's.id', 't.show_id')
        .select((eb) => [
          't.id',
          't.user_id',
          's.paid_event_name',
          eb
            .selectFrom('device_sessions as d')
            .select(sql<number>`count(*)::int`.as('n'))
            .whereRef('d.ticket_id', '=', 't.id')
            .where('d.ended_at', 'is', null)
            .where('d.last_seen_at', '>', seenSince)
            .as('count'),
        ])
        .where('t.id', 'in', ticketIds)
        .execute();
      return rows.map((r) => ({
        ticketId: r.id,
        userId: r.user_id,
        paidEventName: r.paid_event_name,
        count: Number(r.count ?? 0),
      }));
    },
  };
}

export type DevicesRepo = ReturnType<typeof createDevicesRepo>;
